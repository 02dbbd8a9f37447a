/** From-scratch scores of every cell, to show where the persistent Info is stale. */
import { BOARD_SIZE, EMPTY } from "./board.js";
import { scorer } from "./score.js";

/** CountScore of every empty cell of a `size` x `size` board, 0 for occupied cells. */
export function freshScores(plocha: Uint8Array, bodovani: Uint16Array, size = BOARD_SIZE): Uint16Array {
  const out = new Uint16Array(plocha.length);
  const countScore = scorer(plocha, bodovani, size);
  for (let i = 0; i < plocha.length; i++) if (plocha[i] === EMPTY) out[i] = countScore(i);
  return out;
}
