/**
 * The arena's results file (DIR/results.json): the arena's settings and one entry per finished game,
 * rewritten after every game (to a temporary file, then renamed), so an interrupted arena can be
 * resumed with the same settings. Each game's record is DIR/games/NNNNN-FIRST-SECOND.psq.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatPsq } from "../records/psq.js";
import type { PlayedGame } from "./game.js";
import { ArenaError } from "./errors.js";
import type { ScheduledGame } from "./schedule.js";
import type { ArenaSettings, GameEntry, Standings } from "./model.js";

export const RESULTS_FILE = "results.json";
const FORMAT = "piskasm-arena-1";

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
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new ArenaError(`${path} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const results = parsed as Partial<ArenaResults>;
  if (results.format !== FORMAT || !results.settings || !Array.isArray(results.games)) throw new ArenaError(`${path} is not a piskasm arena results file`);
  return results as ArenaResults;
}

/** Why `saved` settings differ from `wanted` (a resume must use the same arena), or undefined. */
export function settingsMismatch(saved: ArenaSettings, wanted: ArenaSettings): string | undefined {
  const keys = ["players", "gauntlet", "gamesPerPair", "size", "turnMs", "openings", "anchor"] as const;
  for (const k of keys) {
    if (JSON.stringify(saved[k]) !== JSON.stringify(wanted[k])) return `${k} was ${JSON.stringify(saved[k])}, now ${JSON.stringify(wanted[k])}`;
  }
  return undefined;
}

export function writeResults(dir: string, results: ArenaResults): void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, RESULTS_FILE);
  const sorted = { ...results, games: [...results.games].sort((a, b) => a.index - b.index) };
  writeFileSync(`${path}.tmp`, JSON.stringify(sorted, null, 1) + "\n");
  renameSync(`${path}.tmp`, path);
}

/** Writes the game's PSQ record and returns its results entry. */
export function recordGame(dir: string, size: number, game: ScheduledGame, played: PlayedGame, wallMs: number): GameEntry {
  const safe = (name: string): string => name.replace(/[^A-Za-z0-9_.-]+/g, "_").slice(0, 40);
  const psq = join("games", `${String(game.index).padStart(5, "0")}-${safe(game.first)}-${safe(game.second)}.psq`);
  mkdirSync(join(dir, "games"), { recursive: true });
  writeFileSync(join(dir, psq), formatPsq({ size, players: [game.first, game.second], moves: played.moves }));
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
