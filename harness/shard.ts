/**
 * Shards: a differential run split over machines. Shard i of n (i = 0..n-1, like a Kubernetes Indexed
 * Job's completion index) plays a fixed part of the run's games. Games go to shards in pairs (games 2p
 * and 2p+1, one started by each side, go to shard p mod n), so every shard with at least one pair
 * plays both starters, and the shards of one run together play each game of the run exactly once.
 */
import type { Shard } from "./model.js";

/** A shard as the CLI writes it, `i/n`. */
export function formatShard(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

/** Parses `i/n` (0 <= i < n); the error message names the problem. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match)
    throw new RangeError(`--shard must be i/n (shard i of n, i from 0), not ${JSON.stringify(text)}`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (!Number.isSafeInteger(count) || !Number.isSafeInteger(index))
    throw new RangeError(`--shard ${text}: i and n must be integers up to ${Number.MAX_SAFE_INTEGER}`);
  if (count < 1) throw new RangeError(`--shard ${text}: n must be at least 1`);
  if (index >= count) throw new RangeError(`--shard ${text}: i must be 0..${count - 1}`);
  return { index, count };
}

/** Game `n` (from 0) of a shard, as an index in the whole run. */
export function shardGameIndex(shard: Shard, n: number): number {
  const pair = shard.index + shard.count * Math.floor(n / 2);
  return 2 * pair + (n % 2);
}

/** How many of a run's `games` games a shard plays. */
export function shardGameCount(shard: Shard, games: number): number {
  const pairs = Math.ceil(games / 2);
  const ownPairs = pairs > shard.index ? Math.ceil((pairs - shard.index) / shard.count) : 0;
  if (ownPairs === 0) return 0;
  const lastPair = shard.index + shard.count * (ownPairs - 1);
  return 2 * ownPairs - (2 * lastPair + 1 >= games ? 1 : 0);
}
