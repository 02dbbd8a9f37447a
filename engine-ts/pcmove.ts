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

/** The first-move rule (computer starts): two GetRandom calls, a cell in rows and columns 7..11. */
export function firstMove(state: RandomState): number {
  const r1 = getRandom(state);
  const r2 = getRandom(state);
  const row = 7 + (r1 % 5);
  const col = 7 + (r2 % 5);
  return BOARD_SIZE * row + col;
}
