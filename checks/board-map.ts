/** Text pictures of the 19x19 board for people: a map of marked cells and side-by-side Info grids. */
import { BOARD_SIZE, CELLS } from "../guest/game-view.js";

const COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRS";
const STONES = [".", "X", "O"];

/**
 * The board with `X`/`O` stones and `*` on every marked cell (a marked stone shows as `#`),
 * column letters on top and row numbers on the left.
 */
export function boardMap(plocha: ArrayLike<number>, marked: ReadonlySet<number>): string {
  const lines = [`    ${[...COLUMN_LETTERS].join(" ")}`];
  for (let row = 0; row < BOARD_SIZE; row++) {
    const cells: string[] = [];
    for (let col = 0; col < BOARD_SIZE; col++) {
      const cell = row * BOARD_SIZE + col;
      const stone = plocha[cell];
      cells.push(marked.has(cell) ? (stone === 0 ? "*" : "#") : (STONES[stone] ?? "?"));
    }
    lines.push(`${String(row + 1).padStart(3)} ${cells.join(" ")}`);
  }
  return lines.join("\n");
}

const VALUE_WIDTH = 5;

function gridLines(
  info: ArrayLike<number>,
  plocha: ArrayLike<number>,
  marked: ReadonlySet<number>,
): string[] {
  const header = `   ${[...COLUMN_LETTERS].map((l) => l.padStart(VALUE_WIDTH) + " ").join("")}`;
  const lines = [header];
  for (let row = 0; row < BOARD_SIZE; row++) {
    let line = String(row + 1).padStart(3);
    for (let col = 0; col < BOARD_SIZE; col++) {
      const cell = row * BOARD_SIZE + col;
      const stone = plocha[cell];
      const text = stone === 0 ? (info[cell] === 0 ? "." : String(info[cell])) : (STONES[stone] ?? "?");
      line += text.padStart(VALUE_WIDTH) + (marked.has(cell) ? "*" : " ");
    }
    lines.push(line);
  }
  return lines;
}

/** The asm's and the TS engine's Info side by side; `*` after every differing value. */
export function infoGridsSideBySide(
  plocha: ArrayLike<number>,
  asmInfo: ArrayLike<number>,
  tsInfo: ArrayLike<number>,
): string {
  const marked = new Set<number>();
  for (let cell = 0; cell < CELLS; cell++) if (asmInfo[cell] !== tsInfo[cell]) marked.add(cell);
  const left = gridLines(asmInfo, plocha, marked);
  const right = gridLines(tsInfo, plocha, marked);
  const width = left[0].length;
  const title = `${"asm Info".padEnd(width)}   TS Info`;
  return [title, ...left.map((line, i) => `${line.padEnd(width)} | ${right[i]}`)].join("\n");
}
