/** Whole plans of differential runs for the tests and benchmarks (the runner makes one game at a time). */
import { plannedCount, plannedGame } from "../harness/game-spec.js";
import type { GameOutcome, GameSpec, RunPlanOptions } from "../harness/model.js";
import { combineDigests, gameDigest } from "../harness/moves-digest.js";

/** Every game of a plan. Games alternate human / computer start, so any run of 2+ games covers both. */
export function planGames(options: RunPlanOptions): GameSpec[] {
  return Array.from({ length: plannedCount(options) }, (_, index) => plannedGame(options, index));
}

/** The moves digest of all these games (as a shard's summary records it). */
export function movesDigest(outcomes: readonly GameOutcome[]): string {
  return combineDigests(outcomes.map(gameDigest));
}
