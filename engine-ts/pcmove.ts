/** PCMove (docs/evaluator.md section 8) and the computer's first move (section 3). */
import { BOARD_SIZE, EMPTY } from "./board.js";
import { getRandom, type RandomState } from "./random.js";

/**
 * The scan of PCMove from a given start: start..360 (the last cell of the board) then start-1..0,
 * strict `>`, only scores above 0; when no score is positive, the smallest empty cell (-1 if the
 * board is full).
 */
export function pcMoveScan(info: Uint16Array, plocha: Uint8Array, start: number): number {
  let best = 0;
  let bestCell = -1;
  for (let i = start; i < info.length; i++) {
    if (info[i] > best) {
      best = info[i];
      bestCell = i;
    }
  }
  for (let i = start - 1; i >= 0; i--) {
    if (info[i] > best) {
      best = info[i];
      bestCell = i;
    }
  }
  if (bestCell < 0) bestCell = plocha.indexOf(EMPTY);
  return bestCell;
}

export interface PCMoveState extends RandomState {
  info: Uint16Array;
  plocha: Uint8Array;
}

/** PCMove(): one GetRandom, then the scan. Advances state.random. */
export function pcMove(state: PCMoveState): number {
  const start = getRandom(state) % state.info.length;
  return pcMoveScan(state.info, state.plocha, start);
}

/** The side of the opening square: rows and columns 7..11, the 5x5 square around the centre (9,9). */
export const OPENING_SPAN = 5;

/**
 * The first-move rule (computer starts, section 3): one GetRandom; k = r mod 25 numbers the 25 cells
 * of the opening square row by row. On a `size` x `size` board (engine-ts only) the square is the 5x5
 * around the centre floor(size / 2): its first row and column are floor(size / 2) - 2 (7 on 19x19).
 */
export function firstMove(state: RandomState, size = BOARD_SIZE): number {
  const base = Math.floor(size / 2) - Math.floor(OPENING_SPAN / 2);
  const k = getRandom(state) % (OPENING_SPAN * OPENING_SPAN);
  const row = base + Math.floor(k / OPENING_SPAN);
  const col = base + (k % OPENING_SPAN);
  return size * row + col;
}
