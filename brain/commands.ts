/**
 * The manager's lines, parsed: one command per line (Piskvork's protocol description, protocl2en.htm).
 * Parsing never throws: a line it cannot use becomes a `bad` result with the answer to send (ERROR for
 * a known command with unusable arguments, UNKNOWN for anything else).
 */
import type { Point } from "../engines/engine.js";

export type Command =
  | { readonly kind: "START"; readonly size: number }
  | { readonly kind: "RECTSTART"; readonly width: number; readonly height: number }
  | { readonly kind: "RESTART" }
  | { readonly kind: "BEGIN" }
  | { readonly kind: "TURN"; readonly at: Point }
  | { readonly kind: "BOARD" }
  | { readonly kind: "INFO"; readonly key: string; readonly value: string }
  | { readonly kind: "END" }
  | { readonly kind: "ABOUT" }
  | { readonly kind: "TAKEBACK"; readonly at: Point }
  | { readonly kind: "PLAY"; readonly at: Point };

export type Parsed =
  | { readonly ok: true; readonly command: Command }
  | { readonly ok: false; readonly answer: string }
  /** An empty line: the protocol ignores them. */
  | { readonly ok: "empty" };

/** One line of BOARD ... DONE: a stone, or the end. */
export type BoardLine =
  | { readonly ok: true; readonly kind: "stone"; readonly at: Point; readonly field: number }
  | { readonly ok: true; readonly kind: "done" }
  | { readonly ok: false; readonly problem: string };

/** Board sizes and coordinates this parser accepts at all; engines refuse what they cannot play. */
const MAX_NUMBER = 1_000_000;
const COORDINATES = /^(\d{1,7})\s*,\s*(\d{1,7})$/;
const BOARD_LINE = /^(\d{1,7})\s*,\s*(\d{1,7})\s*,\s*(\d{1,7})$/;

/** A line, with the command word in upper case and the rest trimmed; CR LF and LF endings are removed by the reader. */
function split(line: string): { word: string; rest: string } {
  const trimmed = line.trim();
  const space = trimmed.search(/\s/);
  if (space < 0) return { word: trimmed.toUpperCase(), rest: "" };
  return { word: trimmed.slice(0, space).toUpperCase(), rest: trimmed.slice(space).trim() };
}

/** `x,y` (spaces around the comma allowed), both 0..MAX_NUMBER; undefined otherwise. */
export function parsePoint(text: string): Point | undefined {
  const m = COORDINATES.exec(text.trim());
  if (!m) return undefined;
  const x = Number(m[1]);
  const y = Number(m[2]);
  return x <= MAX_NUMBER && y <= MAX_NUMBER ? { x, y } : undefined;
}

function quote(text: string): string {
  const shown = text.length > 40 ? `${text.slice(0, 40)}...` : text;
  return JSON.stringify(shown);
}

function bad(answer: string): Parsed {
  return { ok: false, answer };
}

function ok(command: Command): Parsed {
  return { ok: true, command };
}

const NO_ARGUMENT: Readonly<Partial<Record<string, Command>>> = {
  RESTART: { kind: "RESTART" },
  BEGIN: { kind: "BEGIN" },
  BOARD: { kind: "BOARD" },
  END: { kind: "END" },
  ABOUT: { kind: "ABOUT" },
};

const POINT_COMMANDS = ["TURN", "TAKEBACK", "PLAY"] as const;
type PointCommand = (typeof POINT_COMMANDS)[number];

function isPointCommand(word: string): word is PointCommand {
  return (POINT_COMMANDS as readonly string[]).includes(word);
}

/** Parses one command line (outside BOARD ... DONE). */
export function parseCommand(line: string): Parsed {
  const { word, rest } = split(line);
  if (word === "") return { ok: "empty" };
  const simple = NO_ARGUMENT[word];
  if (simple) return rest === "" ? ok(simple) : bad(`ERROR ${word} takes no arguments, got ${quote(rest)}`);
  if (isPointCommand(word)) {
    const at = parsePoint(rest);
    return at
      ? ok({ kind: word, at })
      : bad(`ERROR ${word} needs coordinates x,y (numbers from 0), got ${quote(rest)}`);
  }
  if (word === "START") {
    if (!/^\d{1,7}$/.test(rest)) return bad(`ERROR START needs a board size (a number), got ${quote(rest)}`);
    return ok({ kind: "START", size: Number(rest) });
  }
  if (word === "RECTSTART") {
    const size = parsePoint(rest);
    if (!size) return bad(`ERROR RECTSTART needs width,height, got ${quote(rest)}`);
    return ok({ kind: "RECTSTART", width: size.x, height: size.y });
  }
  if (word === "INFO") {
    const { word: key, rest: value } = split(rest);
    // An empty key is the protocol layer's to note: the manager reads no answer to INFO.
    return ok({ kind: "INFO", key: key.toLowerCase(), value });
  }
  return bad(`UNKNOWN command ${quote(word)} is not implemented`);
}

/** Parses one line between BOARD and DONE. */
export function parseBoardLine(line: string): BoardLine {
  const trimmed = line.trim();
  if (trimmed.toUpperCase() === "DONE") return { ok: true, kind: "done" };
  const m = BOARD_LINE.exec(trimmed);
  if (!m) return { ok: false, problem: `BOARD line ${quote(trimmed)} is not x,y,field` };
  const x = Number(m[1]);
  const y = Number(m[2]);
  const field = Number(m[3]);
  if (x > MAX_NUMBER || y > MAX_NUMBER)
    return { ok: false, problem: `BOARD line ${quote(trimmed)}: coordinates out of range` };
  return { ok: true, kind: "stone", at: { x, y }, field };
}
