/**
 * `piskasm arena`: engines against each other (round robin or a gauntlet), every game saved as PSQ,
 * results in DIR/results.json, a progress bar with the running score, and at the end the table of
 * wins, draws and losses per pair with Elo ratings and their 95 % intervals.
 */
import { randomInt } from "node:crypto";
import type { Command } from "commander";
import { playArena, prepareArena, type ArenaProgress, type ArenaRequest } from "../arena/command.js";
import { ArenaError } from "../arena/errors.js";
import { BUILT_IN_OPENINGS, parseOpenings, placeOpening, type Opening } from "../arena/openings.js";
import { checkPlayer, sizeRefusal } from "../arena/players.js";
import { engineNames } from "../engines/registry.js";
import { pairsOf } from "../arena/schedule.js";
import { FileError, readRegularFile } from "../util/files.js";
import { parseJobs, parsePositiveInt, refusing, UsageError } from "./errors.js";
import { startProgress } from "../util/progress.js";
import { addBootOptions, bootSpec, parseSeed, type BootCommandOptions } from "./harness-options.js";
import { listenForInterrupts, SIGNAL_EXIT_CODES } from "./interrupt.js";
import { projectPath } from "./paths.js";
import type { ArenaSettings } from "../arena/model.js";

interface ArenaCommandOptions
  extends BootCommandOptions, Pick<ArenaRequest, "out" | "check" | "svg" | "markdown"> {
  players: string;
  games: string;
  size: string;
  timePerMove: string;
  openings?: string;
  jobs: string;
  resume?: boolean;
  gauntlet?: string;
  anchor?: string;
  seed?: string;
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
  const jobs = parseJobs(options.jobs);
  // Arena and file errors before the first game are usage errors.
  const plan = refusing([ArenaError, FileError], () =>
    prepareArena({
      settings: settingsFrom(options),
      out: options.out,
      resume: options.resume === true,
      svg: options.svg,
      markdown: options.markdown,
      jobs,
      boot: () => bootSpec(options),
      check: options.check,
      workerScript: projectPath("build", "arena-worker.mjs"),
    }),
  );
  const interruption = listenForInterrupts();
  const { lines, neverStarted } = await playArena(
    plan,
    interruption,
    { progress: progressBar, log: (line) => console.error(line) },
    options.json === true,
  );
  console.log(lines.join("\n"));
  const signal = interruption.received();
  if (signal) process.exit(SIGNAL_EXIT_CODES[signal]);
  if (neverStarted) process.exitCode = 1;
}

/** The progress bar on stderr, with the running score (the cursor shown again however the run ends). */
async function progressBar(total: number, done: number, score: string): Promise<ArenaProgress> {
  const bar = await startProgress({ label: "arena", figures: "{score}", total, done, fields: { score } });
  let played = done;
  return { game: (now) => bar.update(++played, { score: now }), stop: bar.stop };
}
