/** Update(cell) (docs/evaluator.md section 5): limited re-scoring, win test, VolnaPole. */
import { BOARD_SIZE, EMPTY } from "./board.js";
import { AXES, DIRECTIONS } from "./axes.js";
import { scorer } from "./score.js";

export interface UpdateState {
  plocha: Uint8Array;
  info: Uint16Array;
  volnaPole: number;
}

/** Update's reach on each ray (section 5). */
export const UPDATE_REACH = 4;

/** The on-board cells at distance 1..`reach` from `cell` on its 8 rays, ray by ray. */
export function rayCells(cell: number, reach: number, size = BOARD_SIZE): number[] {
  const row = Math.floor(cell / size);
  const col = cell - row * size;
  const out: number[] = [];
  for (const [dr, dc] of DIRECTIONS) {
    for (let d = 1; d <= reach; d++) {
      const r = row + d * dr;
      const c = col + d * dc;
      if (r < 0 || r >= size || c < 0 || c >= size) break;
      out.push(r * size + c);
    }
  }
  return out;
}

/** The win test of step 3: does the stone on `cell` make 5 or more in a row on some axis? */
export function isWin(plocha: Uint8Array, cell: number, size = BOARD_SIZE): boolean {
  const side = plocha[cell];
  if (side === EMPTY) return false;
  const row = Math.floor(cell / size);
  const col = cell - row * size;
  for (const { dr, dc } of AXES) {
    let n = 1;
    for (const sign of [1, -1]) {
      let r = row + sign * dr;
      let c = col + sign * dc;
      while (r >= 0 && r < size && c >= 0 && c < size && plocha[r * size + c] === side) {
        n++;
        r += sign * dr;
        c += sign * dc;
      }
    }
    if (n >= 5) return true;
  }
  return false;
}

/**
 * Update(cell) on a `size` x `size` board, called right after plocha[cell] got its stone. Returns true when that stone wins.
 * No Info word changes other than cell itself and the empty cells on its 8 rays within UPDATE_REACH.
 */
export function update(state: UpdateState, bodovani: Uint16Array, cell: number, size = BOARD_SIZE): boolean {
  const { plocha, info } = state;
  const countScore = scorer(plocha, bodovani, size);
  info[cell] = 0;
  const row = Math.floor(cell / size);
  const col = cell - row * size;
  for (let k = 0; k < 8; k++) {
    const dr = DIRECTIONS[k][0];
    const dc = DIRECTIONS[k][1];
    for (let d = 1; d <= UPDATE_REACH; d++) {
      const r = row + d * dr;
      const c = col + d * dc;
      if (r < 0 || r >= size || c < 0 || c >= size) break;
      const i = r * size + c;
      if (plocha[i] === EMPTY) info[i] = countScore(i);
    }
  }
  const won = isWin(plocha, cell, size);
  state.volnaPole = (state.volnaPole - 1) & 0xffff;
  return won;
}
