/**
 * The games of an arena: every pair of players (round robin), or the gauntlet player against each of
 * the others, plays `gamesPerPair` games; game k of a pair uses opening floor(k / 2) (cycling through
 * the openings) with the first player swapped between the two games of an opening. Rounds are
 * interleaved across pairs, so a partial arena is balanced. Seeds come from the arena's seed. Games
 * are computed from their index when they are due, never listed, so the plan's size costs no memory.
 */
import { deriveSeed } from "../util/prng.js";
import { ArenaError } from "./errors.js";

export interface ScheduledGame {
  /** Position in the schedule (0-based): the game's identity in the results file and its PSQ name. */
  readonly index: number;
  readonly first: string;
  readonly second: string;
  /** Index into the arena's openings. */
  readonly opening: number;
  /** The engines' seeds: first player, second player. */
  readonly seeds: readonly [number, number];
}

export interface ScheduleOptions {
  readonly players: readonly string[];
  /** Play only the games of this player against each of the others. */
  readonly gauntlet?: string;
  readonly gamesPerPair: number;
  readonly openings: number;
  readonly seed: number;
}

export function pairsOf(players: readonly string[], gauntlet?: string): [string, string][] {
  if (new Set(players).size !== players.length)
    throw new ArenaError(`a player is listed twice: ${players.join(",")}`);
  if (players.length < 2) throw new ArenaError("an arena needs at least two players");
  if (gauntlet !== undefined) {
    if (!players.includes(gauntlet))
      throw new ArenaError(`the gauntlet player ${JSON.stringify(gauntlet)} is not in --players`);
    return players.filter((p) => p !== gauntlet).map((p) => [gauntlet, p]);
  }
  return players.flatMap((a, i) => players.slice(i + 1).map((b): [string, string] => [a, b]));
}

/** An arena's games, planned on demand: game `index` is computed from its index alone. */
export interface Schedule {
  readonly total: number;
  gameAt(index: number): ScheduledGame;
}

export function schedule(options: ScheduleOptions): Schedule {
  const pairs = pairsOf(options.players, options.gauntlet);
  return {
    total: options.gamesPerPair * pairs.length,
    gameAt(index: number): ScheduledGame {
      const k = Math.floor(index / pairs.length);
      const [a, b] = pairs[index % pairs.length];
      const [first, second] = k % 2 === 0 ? [a, b] : [b, a];
      return {
        index,
        first,
        second,
        opening: Math.floor(k / 2) % options.openings,
        seeds: [
          deriveSeed(options.seed, 2 * index) & 0xffff,
          deriveSeed(options.seed, 2 * index + 1) & 0xffff,
        ],
      };
    },
  };
}

/** The games of `plan` not in `done`, in order, one at a time (an arena of 10^9 games is never a list). */
export function* pendingGames(plan: Schedule, done: ReadonlySet<number>): Generator<ScheduledGame> {
  for (let index = 0; index < plan.total; index++) if (!done.has(index)) yield plan.gameAt(index);
}
