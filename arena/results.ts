/**
 * The arena's files: DIR/results.json holds the settings, the number of games played and, once the
 * arena ends or is interrupted, the table (small, rewritten atomically); DIR/games.jsonl has one line
 * per finished game, appended as it finishes, and DIR/games/NNNNN-FIRST-SECOND.psq each game's record.
 * Nothing holds every game in memory: a resumed arena streams games.jsonl once (keeping the entries
 * that fit its schedule) and appends after them.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { makeOutputDir, readRegularFile, writeFileAtomically } from "../util/files.js";
import { LineAppender, rewriteLines } from "../util/line-files.js";
import { formatPsq } from "../records/psq.js";
import { finishOf } from "./finishes.js";
import type { PlayedGame } from "./game.js";
import { ArenaError } from "./errors.js";
import type { Schedule, ScheduledGame } from "./schedule.js";
import type { ArenaSettings, GameEntry, Standings } from "./model.js";
import { messageOf } from "../util/error-message.js";

export const RESULTS_FILE = "results.json";
export const GAMES_FILE = "games.jsonl";
const FORMAT = "piskasm-arena-2";
/** The results file keeps no games: a few KB of settings and table. */
const MAX_RESULTS_BYTES = 16 * 1024 * 1024;
/** A game's line is a few hundred bytes (its reason quotes at most a brain's 64 KB line). */
const MAX_ENTRY_CHARS = 1024 * 1024;

export interface ArenaResults {
  readonly format: typeof FORMAT;
  readonly settings: ArenaSettings;
  /** Games recorded in games.jsonl. */
  readonly played: number;
  /** The table when the arena ended or was interrupted (absent while it runs). */
  readonly standings?: Standings;
}

export function newResults(settings: ArenaSettings): ArenaResults {
  return { format: FORMAT, settings, played: 0 };
}

export function readResults(dir: string): ArenaResults | undefined {
  const path = join(dir, RESULTS_FILE);
  if (!existsSync(path)) return undefined;
  const text = readRegularFile(path, MAX_RESULTS_BYTES, "arena results");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ArenaError(`${path} is not valid JSON (${messageOf(error)})`);
  }
  const results = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Partial<ArenaResults>;
  const format: unknown = results.format;
  if (format === "piskasm-arena-1")
    throw new ArenaError(
      `${path} was written by an older piskasm (every game in one file): start a new arena with another --out`,
    );
  if (format !== FORMAT || typeof results.settings !== "object" || results.settings === null) {
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
  writeFileAtomically(join(dir, RESULTS_FILE), JSON.stringify(results, null, 1) + "\n", "arena results");
}

const WINNERS: ReadonlySet<unknown> = new Set(["first", "second", "draw"]);

/**
 * Keeps the entries of DIR/games.jsonl that a resumed arena can count: one per game of `plan` (the
 * same index, players and opening), whose PSQ record is still there; the others (twice listed, of
 * another schedule, with a deleted record, a line cut short by a crash) are dropped from the file and
 * their games played again. Each kept entry goes to `onKept`; returns the indices kept.
 */
export function resumeGames(dir: string, plan: Schedule, onKept: (entry: GameEntry) => void): Set<number> {
  const done = new Set<number>();
  const path = join(dir, GAMES_FILE);
  if (!existsSync(path)) return done;
  rewriteLines(path, "arena games", MAX_ENTRY_CHARS, (line) => {
    const g = parseEntry(line);
    if (!g || !Number.isSafeInteger(g.index) || g.index < 0 || g.index >= plan.total || done.has(g.index))
      return undefined;
    const planned = plan.gameAt(g.index);
    if (planned.first !== g.first || planned.second !== g.second || planned.opening !== g.opening)
      return undefined;
    if (!WINNERS.has(g.winner) || typeof g.psq !== "string" || !existsSync(join(dir, g.psq)))
      return undefined;
    done.add(g.index);
    onKept(g);
    return line;
  });
  return done;
}

function parseEntry(line: string): GameEntry | undefined {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === "object" && parsed !== null ? (parsed as GameEntry) : undefined;
  } catch {
    // A line cut short by a crash or edited by hand: its game is played again.
    return undefined;
  }
}

/** Records finished games: each one's PSQ file, then its line appended to DIR/games.jsonl. */
export class GameRecorder {
  private readonly log: LineAppender;

  constructor(
    private readonly dir: string,
    private readonly size: number,
  ) {
    makeOutputDir(join(dir, "games"), "game records folder");
    this.log = new LineAppender(join(dir, GAMES_FILE), "arena games");
  }

  /** Writes the game's PSQ record, appends its entry and returns it. */
  record(game: ScheduledGame, played: PlayedGame, wallMs: number): GameEntry {
    const { dir, size } = this;
    const safe = (name: string): string => name.replace(/[^A-Za-z0-9_.-]+/g, "_").slice(0, 40);
    const psq = join(
      "games",
      `${String(game.index).padStart(5, "0")}-${safe(game.first)}-${safe(game.second)}.psq`,
    );
    writeFileAtomically(
      join(dir, psq),
      formatPsq({ size, players: [game.first, game.second], moves: played.moves }),
      "game record",
    );
    const cells = played.moves.map((m) => m.y * size + m.x);
    const entry: GameEntry = {
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
      ...(played.end === "five" ? { finish: finishOf(size, cells) } : {}),
    };
    this.log.append(JSON.stringify(entry));
    return entry;
  }

  close(): void {
    this.log.close();
  }
}
