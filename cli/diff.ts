/** `piskasm diff`: many games of the real PISKASM.COM, every computer move checked against engine-ts. */
import { basename } from "node:path";
import type { Command } from "commander";
import { reportGame, writeRecordFiles } from "../checks/record-files.js";
import { formatMismatch, writeReport } from "../checks/report.js";
import { fieldNotes } from "../debug/symbol-notes.js";
import { buildReport } from "../harness/mismatch-report.js";
import type { GameOutcome } from "../harness/model.js";
import { combineDigests, gameDigest } from "../harness/moves-digest.js";
import { Progress } from "../harness/progress.js";
import { runDiff } from "../harness/run.js";
import { shardGameCount } from "../harness/shard.js";
import { FileError } from "../util/files.js";
import { coverageOf } from "./diff-coverage.js";
import {
  addDiffOptions,
  parseDiffOptions,
  type DiffCommandOptions,
  type DiffSettings,
} from "./diff-options.js";
import {
  printDiffSummary,
  writeCoverageFiles,
  writeShardFile,
  type DiffResult,
  type ReportLog,
} from "./diff-summary.js";
import { listenForInterrupts, SIGNAL_EXIT_CODES } from "./interrupt.js";
import { projectPath } from "./paths.js";

/** Reports (written or missing) named in the summary; the rest are counted. */
const LISTED_REPORTS = 100;

export function registerDiff(program: Command): void {
  const command = program
    .command("diff")
    .description(
      "play games of PISKASM.COM in v86 and check every computer move against engine-ts (full state and screen)",
    );
  addDiffOptions(command).action(async (options: DiffCommandOptions) => {
    const settings = parseDiffOptions(options);
    const result = await playDiff(settings);
    // A summary that cannot be written is reported after the figures (they are printed either way).
    let summaryError: FileError | undefined;
    try {
      writeShardFile(settings, result);
    } catch (error) {
      if (!(error instanceof FileError)) throw error;
      summaryError = error;
    }
    writeCoverageFiles(settings, result);
    printDiffSummary(settings, result);
    setExitCode(settings, result);
    if (summaryError) throw summaryError;
  });
}

/** Plays the run with progress on stderr; Ctrl-C (or a report that cannot be written) ends it early. */
async function playDiff(settings: DiffSettings): Promise<DiffResult> {
  const { plan, shard } = settings;
  const progress = new Progress(process.stderr, shard ? shardGameCount(shard, plan.games) : plan.games);
  const log: ReportLog = { written: 0, paths: [], names: [], missingGames: [], missing: 0 };
  // The run's moves digest is a sum over games: one running value, not every game kept.
  let digest = combineDigests([]);
  const interrupts = listenForInterrupts();
  const stopOnWriteError = new AbortController();
  const report = mismatchReporter(settings, progress, log, stopOnWriteError);
  const { summary, interrupted, coverage } = await runDiff(
    {
      boot: settings.boot,
      coverage: settings.coverage?.plan,
      plan,
      jobs: settings.jobs,
      workerScript: projectPath("build", "diff-worker.mjs"),
      shrinkMs: settings.shrinkMs,
      signal: AbortSignal.any([interrupts.signal, stopOnWriteError.signal]),
    },
    {
      onMove: () => progress.move(),
      onGame: (outcome) => {
        progress.game(outcome);
        digest = combineDigests([digest, gameDigest(outcome)]);
        report(outcome);
      },
    },
  );
  interrupts.dispose();
  progress.finish();
  const signal = interrupts.received();
  const stoppedBy =
    signal ?? (stopOnWriteError.signal.aborted ? "a report that could not be written" : undefined);
  const coverageReport = settings.coverage && coverageOf(settings.coverage, coverage);
  return {
    summary,
    interrupted,
    stoppedBy,
    log,
    digest,
    signal,
    coverage: coverageReport,
    coverageHits: coverage,
  };
}

/**
 * Writes each diverged game's report (JSON, .psq, .sgf) and prints its summary; a report that cannot
 * be written is printed and counted, and stops the run with --stop-on-write-error.
 */
function mismatchReporter(
  settings: DiffSettings,
  progress: Progress,
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
        formatMismatch(report, path, fieldNotes(report.diffs, projectPath("build", "piskasm.sym.json"))),
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

/** A signal's exit code; 2 when a report was missing under --stop-on-write-error; 1 on mismatches. */
function setExitCode(settings: DiffSettings, result: DiffResult): void {
  if (result.signal) process.exit(SIGNAL_EXIT_CODES[result.signal]);
  if (result.log.missing > 0 && settings.stopOnWriteError) process.exitCode = 2;
  else if (result.summary.mismatches > 0) process.exitCode = 1;
}
