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

/** PCMove(): one GetRandom, then the scan (start = Random mod the number of cells). Advances state.random. */
export function pcMove(state: PCMoveState): number {
  const start = getRandom(state) % state.info.length;
  return pcMoveScan(state.info, state.plocha, start);
}

/**
 * The first-move rule (computer starts): two GetRandom calls, a cell in the rows and columns
 * centre-2..centre+2 with centre = floor(size / 2) (7..11 on 19x19).
 */
export function firstMove(state: RandomState, size = BOARD_SIZE): number {
  const r1 = getRandom(state);
  const r2 = getRandom(state);
  const first = Math.floor(size / 2) - 2;
  const row = first + (r1 % 5);
  const col = first + (r2 % 5);
  return size * row + col;
}
