/**
 * The share fragment of a PISKASM.COM game: `#s=1234&first=human&m=J10,K11,...` holds the seed, who
 * started and every stone in order (both players'). Reading never throws: a bad or truncated
 * fragment gives a message that says what is wrong.
 */
import { CELLS, formatCell, parseCell, type WhoStarts } from "../../engine-ts/index.js";
import type { PiskasmGame } from "../../records/piskasm-game.js";

export type ShareRead =
  { kind: "none" } | { kind: "game"; game: PiskasmGame } | { kind: "bad"; message: string };

/** A seed as the game's menu key S takes it (up to 5 digits, 0..65535), undefined for other text. */
export function parseSeed(text: string): number | undefined {
  return /^\d{1,5}$/.test(text) && Number(text) <= 0xffff ? Number(text) : undefined;
}

/** The fragment (with its `#`) for a game. */
export function formatShareFragment(game: PiskasmGame): string {
  return `#s=${game.seed}&first=${game.first}&m=${game.moves.map(formatCell).join(",")}`;
}

/** Reads `location.hash`; an empty hash is "none". */
export function parseShareFragment(hash: string): ShareRead {
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  if (text.trim() === "") return { kind: "none" };
  const params = new URLSearchParams(text);
  const bad = (what: string): ShareRead => ({
    kind: "bad",
    message: `The link's game cannot be read: ${what}.`,
  });
  const seedText = params.get("s");
  if (seedText === null) return bad('it has no seed ("s=1234")');
  const seed = parseSeed(seedText);
  if (seed === undefined) return bad(`the seed "${seedText}" is not a number 0..65535`);
  const first = params.get("first");
  if (first === null) return bad('it does not say who started ("first=human" or "first=computer")');
  if (first !== "human" && first !== "computer") return bad(`"first=${first}" is neither human nor computer`);
  const movesText = params.get("m");
  if (movesText === null) return bad('it has no moves ("m=J10,K11,...", may be empty)');
  const moves: number[] = [];
  const names = movesText === "" ? [] : movesText.split(",");
  for (const [i, name] of names.entries()) {
    let cell: number;
    try {
      cell = parseCell(name);
    } catch {
      return bad(`move ${i + 1} "${name}" is not a cell like K10 (the link may be cut off)`);
    }
    if (moves.includes(cell)) return bad(`move ${i + 1} ${formatCell(cell)} is on a cell already played`);
    moves.push(cell);
  }
  if (moves.length > CELLS) return bad(`it has ${moves.length} moves, more than the board's ${CELLS} cells`);
  return { kind: "game", game: { seed, first: first satisfies WhoStarts, moves } };
}
