/**
 * The arena's results file (DIR/results.json): the arena's settings and one entry per finished game,
 * rewritten after every game (to a temporary file, then renamed), so an interrupted arena can be
 * resumed with the same settings. Each game's record is DIR/games/NNNNN-FIRST-SECOND.psq.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { makeOutputDir, readRegularFile, writeFileAtomically } from "../util/files.js";
import { formatPsq } from "../records/psq.js";
import type { PlayedGame } from "./game.js";
import { ArenaError } from "./errors.js";
import type { ScheduledGame } from "./schedule.js";
import type { ArenaSettings, GameEntry, Standings } from "./model.js";

export const RESULTS_FILE = "results.json";
const FORMAT = "piskasm-arena-1";
/** A results file larger than this is not one this program wrote (a million games is about 300 MB). */
const MAX_RESULTS_BYTES = 512 * 1024 * 1024;

export interface ArenaResults {
  readonly format: typeof FORMAT;
  readonly settings: ArenaSettings;
  readonly games: GameEntry[];
  /** The table of the finished arena (absent while it runs). */
  readonly standings?: Standings;
}

export function newResults(settings: ArenaSettings): ArenaResults {
  return { format: FORMAT, settings, games: [] };
}

export function readResults(dir: string): ArenaResults | undefined {
  const path = join(dir, RESULTS_FILE);
  if (!existsSync(path)) return undefined;
  const text = readRegularFile(path, MAX_RESULTS_BYTES, "arena results");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ArenaError(
      `${path} is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const results = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Partial<ArenaResults>;
  if (
    results.format !== FORMAT ||
    typeof results.settings !== "object" ||
    results.settings === null ||
    !Array.isArray(results.games)
  ) {
    throw new ArenaError(`${path} is not a piskasm arena results file`);
  }
  return results as ArenaResults;
}

/** Why `saved` settings differ from `wanted` (a resume must use the same arena), or undefined. */
export function settingsMismatch(saved: ArenaSettings, wanted: ArenaSettings): string | undefined {
  const keys = ["players", "gauntlet", "gamesPerPair", "size", "turnMs", "openings", "anchor"] as const;
  for (const k of keys) {
    if (JSON.stringify(saved[k]) !== JSON.stringify(wanted[k]))
      return `${k} was ${JSON.stringify(saved[k])}, now ${JSON.stringify(wanted[k])}`;
  }
  return undefined;
}

export function writeResults(dir: string, results: ArenaResults): void {
  const sorted = { ...results, games: [...results.games].sort((a, b) => a.index - b.index) };
  writeFileAtomically(join(dir, RESULTS_FILE), JSON.stringify(sorted, null, 1) + "\n", "arena results");
}

/**
 * The entries of a results file that a resumed arena keeps: one per game of `all` (the same index,
 * players and opening), whose PSQ record is still there; the others (twice listed, of another
 * schedule, with a deleted record) are dropped and their games played again.
 */
export function resumableGames(
  dir: string,
  games: readonly GameEntry[],
  all: readonly ScheduledGame[],
): GameEntry[] {
  const kept = new Map<number, GameEntry>();
  for (const g of games) {
    const planned = Number.isSafeInteger(g.index) ? all[g.index] : undefined;
    if (
      !planned ||
      kept.has(g.index) ||
      planned.first !== g.first ||
      planned.second !== g.second ||
      planned.opening !== g.opening
    )
      continue;
    if (typeof g.psq !== "string" || !existsSync(join(dir, g.psq))) continue;
    kept.set(g.index, g);
  }
  return [...kept.values()];
}

/** Writes the game's PSQ record and returns its results entry. */
export function recordGame(
  dir: string,
  size: number,
  game: ScheduledGame,
  played: PlayedGame,
  wallMs: number,
): GameEntry {
  const safe = (name: string): string => name.replace(/[^A-Za-z0-9_.-]+/g, "_").slice(0, 40);
  const psq = join(
    "games",
    `${String(game.index).padStart(5, "0")}-${safe(game.first)}-${safe(game.second)}.psq`,
  );
  makeOutputDir(join(dir, "games"), "game records folder");
  writeFileAtomically(
    join(dir, psq),
    formatPsq({ size, players: [game.first, game.second], moves: played.moves }),
    "game record",
  );
  return {
    index: game.index,
    first: game.first,
    second: game.second,
    opening: game.opening,
    winner: played.winner === 0 ? "first" : played.winner === 1 ? "second" : "draw",
    end: played.end,
    reason: played.reason,
    plies: played.moves.length,
    psq,
    wallMs: Math.round(wallMs),
  };
}
