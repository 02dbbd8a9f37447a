/** What one game of a differential run is, and how a run's games are planned. */
import type { WhoStarts } from "../engine-ts/index.js";
import type { EnginePolicyName } from "./engine-policy.js";
import type { GeneratedPolicyName, PolicyName } from "./policies.js";
import { deriveSeed } from "./prng.js";
import { shardGameCount, shardGameIndex, type Shard } from "./shard.js";

export interface GameSpec {
  /** Position of the game in its run (0-based). */
  index: number;
  whoStarts: WhoStarts;
  policy: PolicyName;
  /** Seed of the policy's own PRNG. */
  policySeed: number;
  /** Seed forced through the game's menu key S (as PISKASM /S:n does); undefined: the program counts its own seed at the menu. */
  seed?: number;
  /** The human moves of a replayed game (policy "replay"). */
  moves?: readonly number[];
  /** The game is abandoned (Esc) after this many checked computer moves. */
  maxComputerMoves: number;
}

export interface RunPlanOptions {
  games: number;
  policy: GeneratedPolicyName | EnginePolicyName;
  /** Seeds every policy PRNG of the run. */
  runSeed: number;
  /** When set, game i starts with Seed = (fixedSeed + i) mod 65536 via /S:. */
  fixedSeed?: number;
  maxComputerMoves: number;
  /** Play only this shard of the run's games (harness/shard.ts); game indices stay the whole run's. */
  shard?: Shard;
}

/** How many games a plan plays (all of the run's, or its shard's). */
export function plannedCount(options: RunPlanOptions): number {
  return options.shard ? shardGameCount(options.shard, options.games) : options.games;
}

/** Games alternate human / computer start, so any run of 2+ games covers both. */
export function planGames(options: RunPlanOptions): GameSpec[] {
  return Array.from({ length: plannedCount(options) }, (_, index) => plannedGame(options, index));
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
