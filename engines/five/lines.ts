/**
 * FIVE's winning lines (seed 004, S. Shlien 1992): every run of five cells on the board, horizontal,
 * vertical and both diagonals, and for every cell the lines through it. On 10x10 there are
 * 60 + 60 + 36 + 36 = 192 lines; on n x n there are 2n(n-4) + 2(n-4)^2.
 */
import { DIRECTIONS } from "../common/board.js";

export interface WinningLines {
  /** mlines: the five cells of each line. */
  readonly cells: readonly (readonly number[])[];
  /** postoline: the lines through each cell (up to 20 near the centre, 3 in a corner). */
  readonly throughCell: readonly (readonly number[])[];
}

export function winningLines(size: number): WinningLines {
  const cells: number[][] = [];
  const throughCell: number[][] = Array.from({ length: size * size }, () => []);
  for (const [dx, dy] of DIRECTIONS) {
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const endX = x + 4 * dx;
        const endY = y + 4 * dy;
        if (endX < 0 || endX >= size || endY >= size) continue;
        const line = [0, 1, 2, 3, 4].map((k) => (y + k * dy) * size + (x + k * dx));
        for (const cell of line) throughCell[cell].push(cells.length);
        cells.push(line);
      }
    }
  }
  return { cells, throughCell };
}
