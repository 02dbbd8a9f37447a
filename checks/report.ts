/**
 * Mismatch reports: the JSON written on the first divergence of a game (enough to replay it: the
 * program's seed, who starts and the human moves), and the readable summary printed for people.
 */
import { join } from "node:path";
import {
  CELLS,
  COMPUTER,
  EMPTY,
  formatCell,
  HUMAN,
  isWin,
  parseCell,
  type WhoStarts,
} from "../engine-ts/index.js";
import { boardMap } from "./board-map.js";
import { type Diff, type Mismatch } from "./diff-types.js";
import { hex } from "../util/hex.js";
import { FileError, readRegularFile, writeFileAtomically } from "../util/files.js";
import { phaseName } from "../guest/game-view.js";
import { isPolicyName, type PolicyName } from "./policy-names.js";
import type { DosName } from "../emu/dos-kind.js";
import { parseIdentity, type ProgramIdentity } from "./program-identity.js";

export const REPORT_FORMAT = "piskasm-mismatch/1";

/** A game's first divergence (the Mismatch but the marks of its differing cells) and how to replay it. */
export interface MismatchReport extends Omit<Mismatch, "screenCells"> {
  format: typeof REPORT_FORMAT;
  /** The game's Seed: `PISKASM /S:seed` reproduces it. */
  seed: number;
  policy: PolicyName;
  policySeed: number;
  whoStarts: WhoStarts;
  /** The human moves, in order, as coordinates ("K10"). */
  moves: string[];
  /** The asm's computer moves, in order (information only; the program makes them again). */
  computerMoves: string[];
  dos: DosName;
  gameIndex: number;
  /** The program that diverged (checks/program-identity.ts); absent in the reports of an older piskasm. */
  identity?: ProgramIdentity;
  /**
   * The smallest reproduction `diff` found by shrinking (harness/shrink.ts): a game of the same Seed and
   * starter with these human moves alone (policy replay), or why there is none. Absent: not shrunk.
   */
  shrunk?: ShrunkPart | NotShrunkPart;
}

/** The shrunk game of a report, with what it cost to find. */
export interface ShrunkPart extends Pick<
  MismatchReport,
  "moves" | "computerMoves" | "ply" | "diffs" | "screen"
> {
  tries: number;
  ms: number;
  /** Delta debugging ran to a 1-minimal list of moves within the budget. */
  complete: boolean;
}

export interface NotShrunkPart {
  reason: string;
  tries: number;
  ms: number;
}

/**
 * The shrunk game of `report` as a report of its own (policy replay: its moves are all its inputs),
 * or undefined when the report has none.
 */
export function shrunkReport(report: MismatchReport): MismatchReport | undefined {
  const part = report.shrunk;
  if (!part || !("moves" in part)) return undefined;
  const { moves, computerMoves, ply, diffs, screen } = part;
  return { ...report, policy: "replay", moves, computerMoves, ply, diffs, screen, shrunk: undefined };
}

/** A report file that cannot be used. */
export class ReportError extends Error {
  override readonly name = "ReportError";
}

/**
 * Writes the report into `dir` (which `ensureWritableDir` has made) under a temporary name, renames it
 * and returns the file's path. Throws a FileError naming that path when it cannot be written.
 */
export function writeReport(dir: string, report: MismatchReport): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const path = join(
    dir,
    `mismatch-seed${report.seed}-${report.whoStarts}-game${report.gameIndex}-${stamp}.json`,
  );
  writeFileAtomically(path, JSON.stringify(report, null, 2) + "\n", "report");
  return path;
}

/** The largest report accepted: all 722 cell differences with a screen take about 100 KB. */
export const MAX_REPORT_BYTES = 1 << 20;

/**
 * Reads and checks a report: a regular file, JSON, the fields, and moves the game can have had.
 * `isKnownPolicy` says which policy names a report may record besides "replay": the engines that can be
 * an opponent are named in a layer above this one, so the caller that knows them passes its test
 * (by default the generated policies alone).
 */
export function readReport(
  path: string,
  isKnownPolicy: (name: string) => boolean = isPolicyName,
): MismatchReport {
  let text: string;
  try {
    text = readRegularFile(path, MAX_REPORT_BYTES, "report");
  } catch (error) {
    throw error instanceof FileError ? new ReportError(error.message) : error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ReportError(`report ${path} is not JSON: ${(error as Error).message}`);
  }
  return validateReport(data, path, isKnownPolicy);
}

function validateReport(
  data: unknown,
  path: string,
  isKnownPolicy: (name: string) => boolean,
): MismatchReport {
  const fail = (what: string): never => {
    throw new ReportError(`report ${path}: ${what}`);
  };
  if (typeof data !== "object" || data === null) return fail("not a JSON object");
  const r = data as Partial<MismatchReport>;
  if (r.format !== REPORT_FORMAT) fail(`format is ${JSON.stringify(r.format)}, expected "${REPORT_FORMAT}"`);
  if (!isWord(r.seed, 0xffff)) fail("seed is not 0..65535");
  if (!isWord(r.policySeed, 0xffff_ffff)) fail("policySeed is not 0..4294967295");
  if (typeof r.policy !== "string" || (r.policy !== "replay" && !isKnownPolicy(r.policy))) {
    fail(`policy ${JSON.stringify(r.policy)} is not a known policy`);
  }
  if (!isWord(r.gameIndex, 0xffff_ffff)) fail("gameIndex is not a non-negative integer");
  if (r.whoStarts !== "human" && r.whoStarts !== "computer") fail('whoStarts is not "human" or "computer"');
  const human = cellList(r.moves, "moves", fail);
  const computer = cellList(r.computerMoves, "computerMoves", fail);
  checkMoveOrder(r.whoStarts as WhoStarts, human, computer, fail);
  if (!Array.isArray(r.diffs)) fail("diffs is not a list");
  if (r.detail !== undefined && typeof r.detail !== "string") fail("detail is not text");
  parseIdentity(r.identity, fail);
  const shrunk = r.shrunk;
  if (shrunk !== undefined && (typeof shrunk !== "object" || shrunk === null))
    fail("shrunk is not an object");
  if (shrunk && "moves" in shrunk) {
    const shrunkHuman = cellList(shrunk.moves, "shrunk.moves", fail);
    const shrunkComputer = cellList(shrunk.computerMoves, "shrunk.computerMoves", fail);
    checkMoveOrder(r.whoStarts as WhoStarts, shrunkHuman, shrunkComputer, fail);
    if (!Array.isArray(shrunk.diffs)) fail("shrunk.diffs is not a list");
  }
  return r as MismatchReport;
}

function isWord(value: unknown, max: number): boolean {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;
}

function cellList(value: unknown, field: string, fail: (what: string) => never): number[] {
  if (!Array.isArray(value) || !value.every((m) => typeof m === "string"))
    fail(`${field} is not a list of coordinates`);
  if (value.length > CELLS) fail(`${field} has ${value.length} entries; the board has ${CELLS} cells`);
  return value.map((move) => {
    try {
      return parseCell(move);
    } catch (error) {
      return fail(`${field}: ${(error as Error).message}`);
    }
  });
}

/**
 * The moves must be a game PISKASM can have played: the two sides alternate from `whoStarts`, every
 * stone on an empty cell, and nobody has five in a row before the last stone.
 */
function checkMoveOrder(
  whoStarts: WhoStarts,
  human: number[],
  computer: number[],
  fail: (what: string) => never,
): void {
  const [first, second] = whoStarts === "human" ? [human, computer] : [computer, human];
  if (second.length !== first.length && second.length !== first.length - 1) {
    fail(
      `${human.length} human and ${computer.length} computer moves cannot alternate when the ${whoStarts} starts ` +
        `(the ${whoStarts} has as many moves as the other side or one more)`,
    );
  }
  const plocha = new Uint8Array(CELLS);
  const total = human.length + computer.length;
  for (let ply = 0; ply < total; ply++) {
    const humanToMove = (ply % 2 === 0) === (whoStarts === "human");
    const cell = (humanToMove ? human : computer)[ply >> 1];
    const who = humanToMove ? "human" : "computer";
    if (plocha[cell] !== EMPTY)
      fail(`${who} move ${formatCell(cell)} (stone ${ply + 1}) is on an occupied cell`);
    plocha[cell] = humanToMove ? HUMAN : COMPUTER;
    if (ply < total - 1 && isWin(plocha, cell)) {
      fail(
        `the ${who} has five in a row with ${formatCell(cell)} (stone ${ply + 1}), so the game ends there, before the other moves`,
      );
    }
  }
}

function describePhase(value: number | string): string {
  return typeof value === "number" ? `${phaseName(value)} (${value})` : String(value);
}

function formatValue(diff: Diff, side: "asm" | "ts"): string {
  const value = diff[side];
  if (diff.field === "Phase") return describePhase(value);
  if (diff.field === "LastPC" && typeof value === "number") {
    return value < CELLS ? `${formatCell(value)} (${value})` : `none (${value})`;
  }
  if (diff.field === "ScreenColour" && typeof value === "number") return hex(value, 2);
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

const LISTED_DIFFS = 24;

/** The screen rows where the program and the model differ, one above the other, the differing columns marked. */
function screenRowsSideBySide(report: MismatchReport): string[] {
  const expected = report.expectedScreen;
  if (!expected) return [];
  const lines = ["  screen rows that differ (asm: the program, ts: the model; ^ marks the columns):"];
  expected.forEach((want, row) => {
    const got = report.screen[row] ?? "";
    if (got === want) return;
    const marks = Array.from(want, (char, col) => (got[col] === char ? " " : "^")).join("");
    lines.push(
      `  ${String(row).padStart(2)} asm |${got}|`,
      `     ts  |${want}|`,
      `          ${marks.trimEnd()}`,
    );
  });
  return lines;
}

/**
 * The readable summary: the game, every differing field (up to a limit), `notes` (where the program
 * keeps and writes those fields: debug/symbol-notes.ts) and a map of the cells.
 */
export function formatMismatch(report: MismatchReport, path?: string, notes: readonly string[] = []): string {
  const lines = [
    `MISMATCH in game ${report.gameIndex}: seed ${report.seed}, ${report.whoStarts} starts, policy ${report.policy}, ` +
      `${report.ply} stones on the board`,
    `  human moves: ${report.moves.join(" ") || "(none)"}`,
    `  computer moves (asm): ${report.computerMoves.join(" ") || "(none)"}`,
    ...(report.afterInput ? [`  seen after: ${report.afterInput}`] : []),
  ];
  // The scalars (Random, LastPC, phase...) first: they say the most about where the engines parted.
  const ordered = [
    ...report.diffs.filter((d) => d.cell === null),
    ...report.diffs.filter((d) => d.cell !== null),
  ];
  for (const diff of ordered.slice(0, LISTED_DIFFS)) {
    const where = diff.cell === null ? "" : ` ${formatCell(diff.cell)}`;
    lines.push(`  ${diff.field}${where}: asm ${formatValue(diff, "asm")}, ts ${formatValue(diff, "ts")}`);
  }
  if (report.diffs.length > LISTED_DIFFS)
    lines.push(`  ... and ${report.diffs.length - LISTED_DIFFS} more differences`);
  lines.push(...notes.map((note) => `  ${note}`));
  if (report.detail)
    lines.push("  the reference's error:", ...report.detail.split("\n").map((l) => `    ${l}`));
  lines.push(...screenRowsSideBySide(report));
  const plocha = new Uint8Array(CELLS);
  for (const move of report.moves) plocha[parseCell(move)] = 2;
  for (const move of report.computerMoves) plocha[parseCell(move)] = 1;
  const marked = new Set(report.diffs.flatMap((d) => (d.cell === null ? [] : [d.cell])));
  if (marked.size > 0) {
    lines.push("  differing cells (* empty, # stone):");
    lines.push(
      ...boardMap(plocha, marked)
        .split("\n")
        .map((l) => `  ${l}`),
    );
  }
  const shrunk = report.shrunk;
  if (shrunk && "moves" in shrunk) {
    lines.push(
      `  shrunk to ${shrunk.moves.length} of ${report.moves.length} human moves (${shrunk.ply} stones, ${shrunk.tries} replays, ` +
        `${shrunk.complete ? "1-minimal" : "budget used up"}): ${shrunk.moves.join(" ") || "(none)"}`,
    );
  } else if (shrunk) lines.push(`  not shrunk: ${shrunk.reason}`);
  if (path) lines.push(`  report: ${path}`);
  return lines.join("\n");
}
