/**
 * `piskasm arena`: engines against each other (round robin or a gauntlet), every game saved as PSQ,
 * results in DIR/results.json, a progress bar with the running score, and at the end the table of
 * wins, draws and losses per pair with Elo ratings and their 95 % intervals.
 */
import { jobsRefusal } from "../util/address-space.js";
import { randomInt } from "node:crypto";
import { join } from "node:path";
import type { Command } from "commander";
import { ratingsSvg } from "../arena/chart.js";
import { ArenaError } from "../arena/errors.js";
import { arenaMarkdown, checkMarkdownTarget, writeMarkdownSection } from "../arena/markdown.js";
import { BUILT_IN_OPENINGS, parseOpenings, placeOpening, type Opening } from "../arena/openings.js";
import { checkPlayer, isAsm, isPiskasm, sizeRefusal } from "../arena/players.js";
import {
  GameRecorder,
  newResults,
  readResults,
  resumeGames,
  settingsMismatch,
  writeResults,
} from "../arena/results.js";
import { runArena } from "../arena/run.js";
import { engineNames } from "../engines/registry.js";
import { pairsOf, pendingGames, schedule, type Schedule } from "../arena/schedule.js";
import {
  checkOutputPlace,
  ensureWritableDir,
  FileError,
  readRegularFile,
  writeFileAtomically,
} from "../util/files.js";
import { ArenaTally, formatStandings } from "../arena/standings.js";
import { parsePositiveInt, UsageError } from "./errors.js";
import { addBootOptions, bootSpec, parseSeed, type BootCommandOptions } from "./harness-options.js";
import {
  listenForInterrupts,
  SIGNAL_EXIT_CODES,
  type HandledSignal,
  type Interruption,
} from "./interrupt.js";
import { StartFailures } from "../arena/start-failures.js";
import { projectPath } from "./paths.js";
import type { ArenaSettings } from "../arena/model.js";

interface ArenaCommandOptions extends BootCommandOptions {
  players: string;
  games: string;
  size: string;
  timePerMove: string;
  openings?: string;
  jobs: string;
  out: string;
  resume?: boolean;
  gauntlet?: string;
  anchor?: string;
  seed?: string;
  check: boolean;
  svg?: string;
  markdown?: string;
  json?: boolean;
}

/** setTimeout's largest delay: a longer turn could not be timed. */
const MAX_TURN_MS = 2 ** 31 - 1;
/**
 * Games are planned one at a time and their results kept on disk, so memory sets no limit; this one
 * keeps every game's index (and twice it, for its seeds) an exact integer.
 */
const MAX_ARENA_GAMES = 2 ** 50;
/** An openings file is a few lines per opening. */
const MAX_OPENINGS_BYTES = 1024 * 1024;

function nonNegativeInt(value: string, option: string, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) > max) {
    throw new UsageError(`${option} must be a whole number of ms up to ${max}, not ${JSON.stringify(value)}`);
  }
  return Number(value);
}

function readOpenings(path: string | undefined): Opening[] {
  if (path === undefined) return [...BUILT_IN_OPENINGS];
  return parseOpenings(readRegularFile(path, MAX_OPENINGS_BYTES, "--openings file"), path);
}

function settingsFrom(options: ArenaCommandOptions): ArenaSettings {
  const players = options.players
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  for (const p of players) checkPlayer(p);
  const pairs = pairsOf(players, options.gauntlet).length;
  const gamesPerPair = parsePositiveInt(options.games, "--games", Math.floor(MAX_ARENA_GAMES / pairs));
  const size = parsePositiveInt(options.size, "--size");
  const openings = readOpenings(options.openings);
  for (const o of openings) placeOpening(o, size);
  for (const p of players) {
    const refusal = sizeRefusal(p, size);
    if (refusal) throw new UsageError(refusal);
  }
  const anchor = options.anchor ?? (players.includes("random") ? "random" : players[0]);
  if (!players.includes(anchor)) throw new UsageError(`--anchor ${anchor} is not one of --players`);
  return {
    players,
    ...(options.gauntlet === undefined ? {} : { gauntlet: options.gauntlet }),
    gamesPerPair,
    size,
    turnMs: nonNegativeInt(options.timePerMove, "--time-per-move", MAX_TURN_MS),
    openings,
    seed: options.seed === undefined ? randomInt(0x1_0000) : parseSeed(options.seed),
    anchor,
  };
}

/** What a run starts from: its settings, its schedule, the games already played and their table. */
interface ArenaPlan {
  settings: ArenaSettings;
  schedule: Schedule;
  done: ReadonlySet<number>;
  tally: ArenaTally;
}

/**
 * Everything the user named is checked before the first game: the settings, the --out folder (and
 * the arena in it for --resume), the --svg and --markdown targets. Arena errors are usage errors.
 */
function prepare(options: ArenaCommandOptions): ArenaPlan {
  try {
    let settings = settingsFrom(options);
    const dir = options.out;
    ensureWritableDir(dir, "arena folder");
    if (options.svg) checkOutputPlace(options.svg, "--svg file", "file");
    if (options.markdown) checkMarkdownTarget(options.markdown);
    const saved = readResults(dir);
    if (saved && !options.resume)
      throw new UsageError(
        `${dir} already holds an arena: add --resume to continue it, or choose another --out`,
      );
    if (saved && options.resume) {
      const mismatch = settingsMismatch(saved.settings, { ...settings, seed: saved.settings.seed });
      if (mismatch) throw new UsageError(`--resume: the arena in ${dir} has other settings (${mismatch})`);
      settings = saved.settings;
    }
    const plan = schedule({
      players: settings.players,
      gauntlet: settings.gauntlet,
      gamesPerPair: settings.gamesPerPair,
      openings: settings.openings.length,
      seed: settings.seed,
    });
    const tally = new ArenaTally(settings, settings.players.filter(isPiskasm));
    const done = saved ? resumeGames(dir, plan, (entry) => tally.add(entry)) : new Set<number>();
    return { settings, schedule: plan, done, tally };
  } catch (error) {
    if (error instanceof ArenaError || error instanceof FileError) throw new UsageError(error.message);
    throw error;
  }
}

/** Plays the pending games with a progress bar (the cursor shown again however the run ends). */
async function play(
  plan: ArenaPlan,
  options: ArenaCommandOptions,
  jobs: number,
  interrupts: Interruption,
  starts: StartFailures,
): Promise<void> {
  const { settings, tally } = plan;
  const dir = options.out;
  const boot = settings.players.some(isAsm) ? bootSpec(options) : undefined;
  // Loaded here, not at the top: every command (the brain's cold start too) would pay for it.
  const { SingleBar } = await import("cli-progress");
  const bar = new SingleBar({
    format: "arena [{bar}] {value}/{total} games | {score} | {eta_formatted} left",
    noTTYOutput: true,
    notTTYSchedule: 10_000,
    stream: process.stderr,
    hideCursor: true,
  });
  const recorder = new GameRecorder(dir, settings.size);
  bar.start(plan.schedule.total, plan.done.size, { score: tally.scoreLine() });
  try {
    await runArena(
      {
        settings,
        engines: { boot, check: options.check, reportsDir: join(dir, "reports") },
        pending: pendingGames(plan.schedule, plan.done),
        pendingCount: plan.schedule.total - plan.done.size,
        jobs,
        workerScript: projectPath("build", "arena-worker.mjs"),
        signal: interrupts.signal,
      },
      ({ game, played, wallMs }) => {
        const entry = recorder.record(game, played, wallMs);
        tally.add(entry);
        starts.add(entry);
        bar.increment(1, { score: tally.scoreLine() });
      },
    );
  } finally {
    recorder.close();
    bar.stop();
  }
}

export function registerArena(program: Command): void {
  addArenaOptions(program.command("arena")).action(runArenaCommand);
}

function addArenaOptions(command: Command): Command {
  command
    .description(
      "play engines against each other (PSQ records, results.json) and rate them (Elo with 95 % intervals)",
    )
    .requiredOption(
      "--players <list>",
      `comma-separated engines: ${engineNames().join(", ")}; NAME:ARGUMENT for one that takes an argument, e.g. pbrain:CMD (\`piskasm brain --help\` describes each)`,
    )
    .option("--games <n>", "games per pair (each opening twice, the colours swapped)", "10")
    .option("--size <n>", "square board size (asm plays 19 only, ts 15..22, the others 10..22)", "19")
    .option("--time-per-move <ms>", "time limit per move; slower by more than 1 s loses (0: no limit)", "200")
    .option(
      "--openings <file>",
      "openings, one per line as dx,dy offsets from the centre (default: the 26 three-stone openings)",
    )
    .option("--jobs <j>", "games played in parallel (worker threads)", "1")
    .option("--out <dir>", "where results.json and games/*.psq are written", "arena")
    .option("--resume", "continue the arena in --out (same settings), playing only the games it lacks")
    .option("--gauntlet <player>", "only the games of this player against each of the others")
    .option("--anchor <player>", "the player rated 0 (default: random when playing, else the first)")
    .option("--seed <s>", "seed of the engines' randomness (0..65535; default: random, saved for --resume)")
    .option("--no-check", "do not check the asm's moves against engine-ts")
    .option("--svg <file>", "also write the ratings chart as SVG")
    .option(
      "--markdown <file>",
      "also write the tables between <!-- arena:begin --> and <!-- arena:end --> of this file",
    )
    .option("--json", "print the standings as JSON instead of the table");
  return addBootOptions(command);
}

async function runArenaCommand(options: ArenaCommandOptions): Promise<void> {
  const jobs = parsePositiveInt(options.jobs, "--jobs");
  const tooMany = jobsRefusal(jobs);
  if (tooMany) throw new UsageError(tooMany);
  const plan = prepare(options);
  const { settings, tally } = plan;
  const dir = options.out;
  writeResults(dir, { ...newResults(settings), played: tally.played });
  const started = performance.now();
  const interrupts = listenForInterrupts();
  const starts = new StartFailures();
  try {
    await play(plan, options, jobs, interrupts, starts);
  } finally {
    interrupts.dispose();
  }
  const wallMs = performance.now() - started;
  const signal = interrupts.received();
  if (signal) interrupted(plan, dir, signal);
  const standings = tally.standings();
  writeResults(dir, { ...newResults(settings), played: tally.played, standings });
  for (const line of starts.lines()) console.error(line);
  if (options.svg)
    writeFileAtomically(
      options.svg,
      ratingsSvg(
        standings,
        `piskasm arena: ${settings.size}x${settings.size}, ${settings.turnMs} ms per move`,
      ),
      "--svg file",
    );
  if (options.markdown)
    writeMarkdownSection(
      options.markdown,
      arenaMarkdown({
        settings,
        standings,
        games: tally.played,
        wallMs,
        jobs,
        finishes: tally.lossFinishes(),
      }),
    );
  if (options.json)
    console.log(JSON.stringify({ dir, games: tally.played, wallMs: Math.round(wallMs), ...standings }));
  else
    console.log(
      `${formatStandings(standings)}\n\n${tally.played} games in ${dir}/ (${(wallMs / 1000).toFixed(1)} s this run, ${jobs} job(s))`,
    );
  if (starts.someoneNeverStarted()) process.exitCode = 1;
}

/**
 * Ends an interrupted run: the results so far kept for --resume, the standings when the games
 * played already rate every player, and the signal's exit code.
 */
function interrupted(plan: ArenaPlan, dir: string, signal: HandledSignal): never {
  const { settings, tally } = plan;
  const standings = tally.connectsEveryPlayer() ? tally.standings() : undefined;
  writeResults(dir, { ...newResults(settings), played: tally.played, ...(standings ? { standings } : {}) });
  const table = standings ? `${formatStandings(standings)}\n\n` : "";
  const early = standings ? "" : ", before every player was rated";
  console.log(
    `${table}interrupted by ${signal} after ${tally.played} of ${plan.schedule.total} games in ${dir}/${early} (--resume continues it)`,
  );
  process.exit(SIGNAL_EXIT_CODES[signal]);
}
