/**
 * `piskasm diff`'s run as a function of the harness: the outputs checked, the games played with a
 * progress reporter, every diverged game's report written (JSON, .psq, .sgf) and its summary noted,
 * then the shard summary and the coverage files. The command line parses and validates the options
 * into a DiffRequest (without side effects: the floppy is made here, by `boot()`) and prints the
 * summary lines (harness/diff-summary.ts) this returns the figures for.
 */
import { basename, join } from "node:path";
import { reportGame, writeRecordFiles } from "../checks/record-files.js";
import { formatMismatch, writeReport } from "../checks/report.js";
import { programIdentity } from "../checks/program-identity.js";
import { fieldNotes } from "../debug/symbol-notes.js";
import type { BootSpec } from "../guest/boot.js";
import type { Interruption } from "../util/abort.js";
import { ensureWritableDir, ensureWritableFile, FileError } from "../util/files.js";
import { coverageOf, loadCoverageSetup } from "./diff-coverage.js";
import {
  writeCoverageFiles,
  writeShardFile,
  type DiffResult,
  type DiffSettings,
  type ReportLog,
} from "./diff-summary.js";
import { buildReport } from "./mismatch-report.js";
import type { GameOutcome } from "./model.js";
import { combineDigests, gameDigest } from "./moves-digest.js";
import { runDiff } from "./run.js";
import { shardGameCount } from "./shard.js";

/** A run of `piskasm diff` as its checked options describe it: the settings before the floppy is made. */
export type DiffRequest = Omit<DiffSettings, "boot" | "identity" | "coverage"> & {
  /** The floppy to boot (a FreeDOS floppy is built when called): called once, before the first game. */
  boot: () => BootSpec;
  /** --coverage, with where the coverage page (--coverage-md) and the lines run (--coverage-lines) go. */
  coverage?: { md?: string; lines?: string };
  /** Ctrl+C and its kin: the first ends the run with the figures so far. */
  interruption: Interruption;
};

/** What the run reports as it goes: its progress (a bar or plain lines) and lines for the user. */
export interface DiffReporter {
  /** The progress of a run of `games` games. */
  progress(games: number): Promise<DiffProgress>;
  /** A line for standard error (a file written). */
  log(this: void, line: string): void;
}

/** Moves, games, a mismatch's summary among them (note), the end: cli/diff.ts draws them (util/progress.ts). */
export interface DiffProgress {
  move(): void;
  game(outcome: GameOutcome): void;
  note(text: string): void;
  finish(): void;
}

/** Reports (written or missing) named in the summary; the rest are counted. */
const LISTED_REPORTS = 100;

/** The outputs checked and the floppy made, before any game. */
function prepare(request: DiffRequest): DiffSettings {
  const boot = request.boot();
  ensureWritableDir(request.out, "report directory");
  const { coverage } = request;
  if (coverage?.md !== undefined) ensureWritableFile(coverage.md, "--coverage-md file");
  if (coverage?.lines !== undefined) ensureWritableFile(coverage.lines, "--coverage-lines file");
  return {
    ...request,
    boot,
    identity: programIdentity(boot.image),
    coverage: coverage && { ...loadCoverageSetup(request.build), ...coverage },
  };
}

/** Plays the run; the first signal (or a report that cannot be written) ends it early. */
export async function executeDiff(
  request: DiffRequest,
  reporter: DiffReporter,
): Promise<{ settings: DiffSettings; result: DiffResult }> {
  const settings = prepare(request);
  const { plan, shard } = settings;
  const progress = await reporter.progress(shard ? shardGameCount(shard, plan.games) : plan.games);
  const log: ReportLog = { written: 0, paths: [], names: [], missingGames: [], missing: 0 };
  // The run's moves digest is a sum over games: one running value, not every game kept.
  let digest = combineDigests([]);
  const { interruption } = request;
  const stopOnWriteError = new AbortController();
  const report = mismatchReporter(settings, progress, log, stopOnWriteError);
  // Finished however the run ends: the bar's redraw timer would keep the process alive after an error.
  const { summary, interrupted, coverage } = await runDiff(
    {
      ...settings,
      coverage: settings.coverage?.plan,
      workerScript: join(settings.build, "diff-worker.mjs"),
      signal: AbortSignal.any([interruption.signal, stopOnWriteError.signal]),
    },
    {
      onMove: () => progress.move(),
      onGame: (outcome) => {
        progress.game(outcome);
        digest = combineDigests([digest, gameDigest(outcome)]);
        report(outcome);
      },
    },
  ).finally(() => progress.finish());
  interruption.dispose();
  const signal = interruption.received();
  const stoppedBy =
    signal ?? (stopOnWriteError.signal.aborted ? "a report that could not be written" : undefined);
  const result: DiffResult = {
    summary,
    interrupted,
    stoppedBy,
    log,
    digest,
    signal,
    coverage: settings.coverage && coverageOf(settings.coverage, coverage),
    coverageHits: coverage,
  };
  // A summary that cannot be written is thrown after the other files (the figures are the caller's).
  try {
    writeShardFile(settings, result, reporter.log);
  } catch (error) {
    if (!(error instanceof FileError)) throw error;
    result.summaryError = error;
  }
  writeCoverageFiles(settings, result, reporter.log);
  return { settings, result };
}

/**
 * Writes each diverged game's report (JSON, .psq, .sgf) and notes its summary; a report that cannot
 * be written is noted and counted, and stops the run with --stop-on-write-error.
 */
function mismatchReporter(
  settings: DiffSettings,
  progress: DiffProgress,
  log: ReportLog,
  stop: AbortController,
): (outcome: GameOutcome) => void {
  return (outcome) => {
    if (!outcome.mismatch) return;
    const report = buildReport(outcome, settings.boot.dos, settings.identity);
    try {
      const path = writeReport(settings.out, report);
      log.written++;
      if (log.paths.length < LISTED_REPORTS) log.paths.push(path);
      if (settings.shard) log.names.push(basename(path));
      writeRecordFiles(path, reportGame(report));
      progress.note(
        formatMismatch(report, path, fieldNotes(report.diffs, join(settings.build, "piskasm.sym.json"))),
      );
    } catch (error) {
      if (!(error instanceof FileError)) throw error;
      log.missing++;
      if (log.missingGames.length < LISTED_REPORTS) log.missingGames.push(outcome.spec.index);
      progress.note(formatMismatch(report));
      const next = settings.stopOnWriteError ? "stopping (--stop-on-write-error)" : "the run goes on";
      progress.note(`piskasm: ${error.message}; ${next}`);
      if (settings.stopOnWriteError) stop.abort();
    }
  };
}
