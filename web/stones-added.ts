/** What changed between two boards of one game: the stones added on each side. */
import { CELLS, COMPUTER, EMPTY, HUMAN } from "../engine-ts/index.js";

/** Stones on `after` that are not on `before`; undefined if a stone of `before` changed or vanished. */
export function stonesAdded(
  before: Uint8Array,
  after: Uint8Array,
): { human: number[]; computer: number[] } | undefined {
  const human: number[] = [];
  const computer: number[] = [];
  for (let i = 0; i < CELLS; i++) {
    if (before[i] === after[i]) continue;
    if (before[i] !== EMPTY) return undefined;
    if (after[i] === HUMAN) human.push(i);
    else if (after[i] === COMPUTER) computer.push(i);
    else return undefined;
  }
  return { human, computer };
}
