/** The winning line of a finished game: five or more stones of one side in a row, read off Plocha. */
import { AXES, BOARD_SIZE, EMPTY } from "../../engine-ts/index.js";

const FIVE = 5;

/** The cells of the first line of five or more equal stones, in order; empty when there is none. */
export function winningLine(plocha: Uint8Array): number[] {
  for (let cell = 0; cell < plocha.length; cell++) {
    const side = plocha[cell];
    if (side === EMPTY) continue;
    const row = Math.floor(cell / BOARD_SIZE);
    const col = cell % BOARD_SIZE;
    for (const { dr, dc } of AXES) {
      const pr = row - dr;
      const pc = col - dc;
      if (pr >= 0 && pc >= 0 && pc < BOARD_SIZE && plocha[pr * BOARD_SIZE + pc] === side) continue;
      const line: number[] = [];
      for (
        let r = row, c = col;
        r < BOARD_SIZE && c >= 0 && c < BOARD_SIZE && plocha[r * BOARD_SIZE + c] === side;
        r += dr, c += dc
      )
        line.push(r * BOARD_SIZE + c);
      if (line.length >= FIVE) return line;
    }
  }
  return [];
}
