/**
 * `piskasm arena`'s run as a function of the arena: the --out folder checked (the arena in it
 * resumed with --resume), the pending games played with a progress reporter and recorded as they
 * come, then results.json, the SVG chart and the Markdown tables written. The command line parses
 * the options into ArenaSettings and an ArenaRequest and prints the lines this returns.
 */
import { join } from "node:path";
import type { BootSpec } from "../guest/boot.js";
import type { Interruption } from "../util/abort.js";
import { checkOutputPlace, ensureWritableDir, writeFileAtomically } from "../util/files.js";
import { ratingsSvg } from "./chart.js";
import { arenaMarkdown, checkMarkdownTarget, writeMarkdownSection } from "./markdown.js";
import { isAsm, isPiskasm } from "./players.js";
import {
  GameRecorder,
  newResults,
  readResults,
  resumeGames,
  settingsMismatch,
  writeResults,
} from "./results.js";
import { runArena } from "./run.js";
import { pendingGames, schedule, type Schedule } from "./schedule.js";
import { ArenaTally, formatStandings } from "./standings.js";
import { StartFailures } from "./start-failures.js";
import { ArenaError } from "./errors.js";
import type { ArenaSettings, Standings } from "./model.js";

export interface ArenaRequest {
  /** As the options give them (a resumed arena keeps its own seed). */
  settings: ArenaSettings;
  /** The arena folder (results.json, games/, reports/). */
  out: string;
  resume: boolean;
  svg?: string;
  markdown?: string;
  jobs: number;
  /** The floppy for the asm players: called once, when one plays. */
  boot: () => BootSpec;
  /** Check the asm's moves against engine-ts. */
  check: boolean;
  /** The bundled worker (build/arena-worker.mjs) for jobs > 1. */
  workerScript: string;
}

/** What a run starts from: its settings, its schedule, the games already played and their table. */
export interface ArenaPlan {
  request: ArenaRequest;
  settings: ArenaSettings;
  schedule: Schedule;
  done: ReadonlySet<number>;
  tally: ArenaTally;
}

export interface ArenaReporter {
  /** The progress of `total` games of which `done` are played already; `score` is the running score line. */
  progress(total: number, done: number, score: string): Promise<ArenaProgress>;
  /** A line for standard error. */
  log(this: void, line: string): void;
}

export interface ArenaProgress {
  /** One more game played; `score` as it stands now. */
  game(score: string): void;
  stop(): void;
}

export interface ArenaOutcome {
  /** The lines for standard output (the table and the figures, or JSON; after a signal, the table so far). */
  lines: string[];
  /** A player never started a game (exit 1). */
  neverStarted: boolean;
}

/**
 * Everything the user named is checked before the first game: the --out folder (and the arena in it
 * for --resume), the --svg and --markdown targets. A refusal is an ArenaError (or a FileError).
 */
export function prepareArena(request: ArenaRequest): ArenaPlan {
  let settings = request.settings;
  const dir = request.out;
  ensureWritableDir(dir, "arena folder");
  if (request.svg) checkOutputPlace(request.svg, "--svg file", "file");
  if (request.markdown) checkMarkdownTarget(request.markdown);
  const saved = readResults(dir);
  if (saved && !request.resume)
    throw new ArenaError(
      `${dir} already holds an arena: add --resume to continue it, or choose another --out`,
    );
  if (saved && request.resume) {
    const mismatch = settingsMismatch(saved.settings, { ...settings, seed: saved.settings.seed });
    if (mismatch) throw new ArenaError(`--resume: the arena in ${dir} has other settings (${mismatch})`);
    settings = saved.settings;
  }
  const plan = schedule({ ...settings, openings: settings.openings.length });
  const tally = new ArenaTally(settings, settings.players.filter(isPiskasm));
  const done = saved ? resumeGames(dir, plan, (entry) => tally.add(entry)) : new Set<number>();
  return { request, settings, schedule: plan, done, tally };
}

/** Plays the pending games of a prepared arena and writes its files; the first signal ends it early. */
export async function playArena(
  plan: ArenaPlan,
  interruption: Interruption,
  reporter: ArenaReporter,
  json: boolean,
): Promise<ArenaOutcome> {
  const { settings, tally, request } = plan;
  const dir = request.out;
  writeResults(dir, { ...newResults(settings), played: tally.played });
  const started = performance.now();
  const starts = new StartFailures();
  const boot = settings.players.some(isAsm) ? request.boot() : undefined;
  const recorder = new GameRecorder(dir, settings.size);
  const progress = await reporter.progress(plan.schedule.total, plan.done.size, tally.scoreLine());
  try {
    await runArena(
      {
        settings,
        engines: { boot, check: request.check, reportsDir: join(dir, "reports") },
        pending: pendingGames(plan.schedule, plan.done),
        pendingCount: plan.schedule.total - plan.done.size,
        jobs: request.jobs,
        workerScript: request.workerScript,
        signal: interruption.signal,
      },
      ({ game, played, wallMs }) => {
        const entry = recorder.record(game, played, wallMs);
        tally.add(entry);
        starts.add(entry);
        progress.game(tally.scoreLine());
      },
    );
  } finally {
    recorder.close();
    progress.stop();
    interruption.dispose();
  }
  const wallMs = performance.now() - started;
  const signal = interruption.received();
  if (signal) return { lines: [interrupted(plan, signal)], neverStarted: false };
  const standings = tally.standings();
  writeResults(dir, { ...newResults(settings), played: tally.played, standings });
  for (const line of starts.lines()) reporter.log(line);
  writeCharts(plan, standings, wallMs);
  const lines = json
    ? [JSON.stringify({ dir, games: tally.played, wallMs: Math.round(wallMs), ...standings })]
    : [
        `${formatStandings(standings)}\n\n${tally.played} games in ${dir}/ (${(wallMs / 1000).toFixed(1)} s this run, ${request.jobs} job(s))`,
      ];
  return { lines, neverStarted: starts.someoneNeverStarted() };
}

/** --svg and --markdown. */
function writeCharts(plan: ArenaPlan, standings: Standings, wallMs: number): void {
  const { settings, tally, request } = plan;
  if (request.svg)
    writeFileAtomically(
      request.svg,
      ratingsSvg(
        standings,
        `piskasm arena: ${settings.size}x${settings.size}, ${settings.turnMs} ms per move`,
      ),
      "--svg file",
    );
  if (request.markdown)
    writeMarkdownSection(
      request.markdown,
      arenaMarkdown({
        settings,
        standings,
        games: tally.played,
        wallMs,
        jobs: request.jobs,
        finishes: tally.lossFinishes(),
      }),
    );
}

/**
 * Ends an interrupted run: the results so far kept for --resume, and the standings when the games
 * played already rate every player; returns what to print.
 */
function interrupted(plan: ArenaPlan, signal: string): string {
  const { settings, tally, request } = plan;
  const dir = request.out;
  const standings = tally.connectsEveryPlayer() ? tally.standings() : undefined;
  writeResults(dir, { ...newResults(settings), played: tally.played, ...(standings ? { standings } : {}) });
  const table = standings ? `${formatStandings(standings)}\n\n` : "";
  const early = standings ? "" : ", before every player was rated";
  return `${table}interrupted by ${signal} after ${tally.played} of ${plan.schedule.total} games in ${dir}/${early} (--resume continues it)`;
}
