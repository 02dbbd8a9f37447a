/**
 * The arena's shared types: its settings, a played game's entry and the final table, as results.json
 * keeps them (results.ts) and standings.ts computes them.
 */
import type { Rating } from "./elo.js";
import type { Finish } from "./finishes.js";
import type { GameEnd } from "./game.js";
import type { Opening } from "./openings.js";
import type { ScheduledGame } from "./schedule.js";

export interface ArenaSettings {
  readonly players: readonly string[];
  readonly gauntlet?: string;
  readonly gamesPerPair: number;
  readonly size: number;
  readonly turnMs: number;
  readonly openings: readonly Opening[];
  readonly seed: number;
  /** The player whose rating is 0. */
  readonly anchor: string;
}

/** A played game as games.jsonl keeps it: the scheduled game (but its seeds) and how it ended. */
export interface GameEntry extends Omit<ScheduledGame, "seeds"> {
  readonly winner: "first" | "second" | "draw";
  readonly end: GameEnd;
  readonly reason: string;
  readonly plies: number;
  /** Path of the PSQ record, relative to the results file. */
  readonly psq: string;
  readonly wallMs: number;
  /** How the five was made (games that ended in five). */
  readonly finish?: Finish;
}

export interface PairStanding {
  readonly a: string;
  readonly b: string;
  readonly games: number;
  /** Games a won, drawn, lost (against b). */
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface Standings {
  readonly pairs: readonly PairStanding[];
  /** Best first. */
  readonly ratings: readonly Rating[];
  readonly anchor: string;
}
