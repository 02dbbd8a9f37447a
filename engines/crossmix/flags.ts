/**
 * crossmix's flag arrays: for every empty cell, how good a stone there is for X (flagx) and for O
 * (flago). The seed (FREE SECTOR page 27) shows the values 100, 200, 1000, 2000, 5000 and 9999 and the
 * "three" structure NNXXXNN, whose two outer-middle cells score 5000, but not the evaluator itself;
 * this one is piskasm's design in that spirit (see docs/strength.md):
 *   five 100000 (above the exceptions' 9999), an open four or two fours 5000, a four and an open three
 *   4000, two open threes 3000; otherwise the sum over the directions of: four 2000, open three 1000,
 *   closed three 200, open two 100; a cell with none of these gets its best direction's two 10 or
 *   one 1.
 */
import { DIRECTIONS, EMPTY, type Board, type Stone } from "../common/board.js";
import { FIVE, FOUR, ONE, OPEN2, OPEN3, OPEN4, THREE, TWO, cellLevels } from "../common/shapes.js";

export const FLAG_FIVE = 100000;
export const FLAG_OPEN_FOUR = 5000;
export const FLAG_FOUR_THREE = 4000;
export const FLAG_DOUBLE_THREE = 3000;
/** Per-direction values of the sum. */
const DIRECTION_VALUE: Readonly<Record<number, number>> = {
  [FOUR]: 2000,
  [OPEN3]: 1000,
  [THREE]: 200,
  [OPEN2]: 100,
};
const WEAK_VALUE: Readonly<Record<number, number>> = { [TWO]: 10, [ONE]: 1 };

/** The flag value of a stone of `who` at the empty `cell`. */
export function flagValue(board: Board, cell: number, who: Stone): number {
  const levels = cellLevels(board, cell, who);
  const count = (level: number): number => levels.filter((l) => l === level).length;
  if (count(FIVE) > 0) return FLAG_FIVE;
  if (count(OPEN4) > 0 || count(FOUR) >= 2) return FLAG_OPEN_FOUR;
  if (count(FOUR) === 1 && count(OPEN3) >= 1) return FLAG_FOUR_THREE;
  if (count(OPEN3) >= 2) return FLAG_DOUBLE_THREE;
  const sum = levels.reduce((s, l) => s + (DIRECTION_VALUE[l] ?? 0), 0);
  if (sum > 0) return sum;
  return Math.max(0, ...levels.map((l) => WEAK_VALUE[l] ?? 0));
}

/** The flag array of `who`: row-major, 0 on occupied cells. */
export function flagArray(board: Board, who: Stone): Int32Array {
  const flags = new Int32Array(board.cells.length);
  for (let cell = 0; cell < flags.length; cell++)
    if (board.cells[cell] === EMPTY) flags[cell] = flagValue(board, cell, who);
  return flags;
}

/** The number of "three" structures N N X X X N N of `who` on the board (seven cells, N empty). */
export function countThrees(board: Board, who: Stone): number {
  const pattern = [EMPTY, EMPTY, who, who, who, EMPTY, EMPTY];
  let n = 0;
  for (const [dx, dy] of DIRECTIONS) {
    for (let y = 0; y < board.size; y++) {
      for (let x = 0; x < board.size; x++) {
        if (!board.inside(x + 6 * dx, y + 6 * dy)) continue;
        if (pattern.every((p, k) => board.cells[(y + k * dy) * board.size + x + k * dx] === p)) n++;
      }
    }
  }
  return n;
}
