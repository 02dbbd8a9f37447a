/** Choosing a campaign's mutants: by name, evenly spread, by shard. */
import type { Shard } from "../harness/model.js";

/** A request the campaign refuses (a wrong name, a folder of another campaign), as a one-line message (exit 2). */
export class SelectionError extends Error {
  override readonly name = "SelectionError";
}

export function checkNames(
  option: string,
  what: string,
  names: readonly string[],
  available: readonly string[],
): void {
  const unknown = names.filter((n) => !available.includes(n));
  if (unknown.length > 0)
    throw new SelectionError(`${option}: no ${what} ${unknown.join(", ")}; there are ${available.join(" ")}`);
}

/** The mutants named by `ids` (each must exist), or all. Named mutants skip the check for duplicates of others. */
export function pickIds<T extends { id: string }>(list: T[], ids: readonly string[] | undefined): T[] {
  if (ids === undefined) return list;
  const missing = ids.filter((id) => !list.some((m) => m.id === id));
  if (missing.length > 0)
    throw new SelectionError(`--ids: no mutant ${missing.join(", ")} in the chosen routines`);
  return list.filter((m) => ids.includes(m.id));
}

/** The positions of `limit` items evenly spread over a list of `length` (all when limit >= length). */
export function spreadPositions(length: number, limit: number | undefined): number[] {
  if (limit === undefined || limit >= length) return Array.from({ length }, (_, i) => i);
  return Array.from({ length: limit }, (_, i) => Math.floor((i * length) / limit));
}

/** `limit` of `list` evenly spread (all when limit >= its length). */
export function spread<T>(list: readonly T[], limit: number | undefined): T[] {
  return spreadPositions(list.length, limit).map((i) => list[i]);
}

/** The positions in a list of `length` that `shard` plays (all without one). */
export function shardPositions(length: number, shard: Shard | undefined): number[] {
  const all = Array.from({ length }, (_, i) => i);
  return shard ? all.filter((i) => i % shard.count === shard.index) : all;
}
