/** GetRandom (docs/evaluator.md section 2). */

export const RANDOM_STEP = 4567;

export interface RandomState {
  random: number;
}

/** Returns the current Random and advances it by 4567 mod 65536. */
export function getRandom(state: RandomState): number {
  const r = state.random;
  state.random = (r + RANDOM_STEP) & 0xffff;
  return r;
}
