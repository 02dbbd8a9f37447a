/** PCMove (docs/evaluator.md section 8) and the computer's first move (section 3). */
import { BOARD_SIZE, CELLS, EMPTY } from "./board.js";
import { getRandom, type RandomState } from "./random.js";

/**
 * The scan of PCMove from a given start: start..360 then start-1..0, strict `>`, only scores above 0;
 * when no score is positive, the smallest empty cell (-1 if the board is full).
 */
export function pcMoveScan(info: Uint16Array, plocha: Uint8Array, start: number): number {
  let best = 0;
  let bestCell = -1;
  for (let i = start; i < CELLS; i++) {
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
  const start = getRandom(state) % CELLS;
  return pcMoveScan(state.info, state.plocha, start);
}

/** The side of the opening square: rows and columns 7..11, the 5x5 square around the centre (9,9). */
export const OPENING_SPAN = 5;
export const OPENING_BASE = (BOARD_SIZE - OPENING_SPAN) / 2;

/**
 * The first-move rule (computer starts, section 3): one GetRandom; k = r mod 25 numbers the 25 cells
 * of the opening square row by row.
 */
export function firstMove(state: RandomState): number {
  const k = getRandom(state) % (OPENING_SPAN * OPENING_SPAN);
  const row = OPENING_BASE + Math.floor(k / OPENING_SPAN);
  const col = OPENING_BASE + (k % OPENING_SPAN);
  return BOARD_SIZE * row + col;
}
