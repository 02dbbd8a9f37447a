/** What one game of a differential run is, and how a run's games are planned. */
import { deriveSeed } from "../util/prng.js";
import { shardGameCount, shardGameIndex } from "./shard.js";
import type { GameSpec, RunPlanOptions } from "./model.js";

/** How many games a plan plays (all of the run's, or its shard's). */
export function plannedCount(options: RunPlanOptions): number {
  return options.shard ? shardGameCount(options.shard, options.games) : options.games;
}

/**
 * Game number `n` of a plan (counted within its shard when it has one), made on its own: a run of any
 * length never holds all its games.
 */
export function plannedGame(options: RunPlanOptions, n: number): GameSpec {
  const index = options.shard ? shardGameIndex(options.shard, n) : n;
  return {
    index,
    whoStarts: index % 2 === 0 ? "human" : "computer",
    policy: options.policy,
    policySeed: deriveSeed(options.runSeed, index),
    seed: options.fixedSeed === undefined ? undefined : (options.fixedSeed + index) & 0xffff,
    maxComputerMoves: options.maxComputerMoves,
  };
}
