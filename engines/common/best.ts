import type { Prng } from "../../util/prng.js";

/**
 * The cell of `cells` with the highest key (keys compared element by element, the first that differs
 * decides), ties broken at random as they come: the k-th cell of the best key so far replaces the
 * choice with probability 1/k (`rng.below(k) === 0`), so every tie is as likely. Undefined for no cell.
 */
export function bestBy(
  cells: Iterable<number>,
  rng: Prng,
  keys: (cell: number) => readonly number[],
): number | undefined {
  let best: readonly number[] | undefined;
  let choice: number | undefined;
  let ties = 0;
  for (const cell of cells) {
    const key = keys(cell);
    const order = best === undefined ? 1 : compareKeys(key, best);
    if (order > 0) {
      best = key;
      choice = cell;
      ties = 1;
    } else if (order === 0 && rng.below(++ties) === 0) {
      choice = cell;
    }
  }
  return choice;
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
