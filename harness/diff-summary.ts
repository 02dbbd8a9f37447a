/**
 * What `piskasm diff` writes and prints at the end of a run (harness/diff-command.ts): the shard
 * summary, the coverage files, and the summary lines or JSON that the command prints.
 */
import { coverageMarkdown } from "../debug/coverage-doc.js";
import type { CoverageHits } from "../debug/coverage.js";
import { lineCoverage } from "../debug/coverage-lines.js";
import { formatCoverage, type CoverageReport } from "../debug/coverage-report.js";
import type { ProgramIdentity } from "../checks/program-identity.js";
import type { BootSpec } from "../guest/boot.js";
import type { RunSummary } from "./stats.js";
import { formatShard } from "./shard.js";
import { SHARD_FORMAT, writeShardSummary } from "./shard-summary.js";
import type { CoverageSetup } from "./diff-coverage.js";
import type { RunPlanOptions, Shard } from "./model.js";
import { writeFileAtomically, type FileError } from "../util/files.js";

/** A run of `piskasm diff` as it is played: its floppy, program, plan and outputs. */
export interface DiffSettings {
  boot: BootSpec;
  /** The program on the floppy booted: every report and the shard summary name it. */
  identity: ProgramIdentity;
  plan: RunPlanOptions;
  jobs: number;
  out: string;
  stopOnWriteError: boolean;
  shard?: Shard;
  /** --coverage: the tracer's plan and the program's blocks, and where --coverage-md and --coverage-lines go. */
  coverage?: CoverageSetup & { md?: string; lines?: string };
  shrinkMs: number;
  /** build/: the worker bundle and the symbol map. */
  build: string;
}

/** What became of the mismatch reports of a run. */
export interface ReportLog {
  written: number;
  /** The first LISTED_REPORTS paths. */
  paths: string[];
  /** File names of every report written (a shard's summary lists them for `piskasm report merge`). */
  names: string[];
  /** Games whose report could not be written (the first LISTED_REPORTS), and how many in all. */
  missingGames: number[];
  missing: number;
}

/** How a run ended, as the summary reports it. */
export interface DiffResult {
  summary: RunSummary;
  /** What stopped the run early (a signal or a report that could not be written); undefined: it finished. */
  stoppedBy: string | undefined;
  /** The signal that interrupted the run, if any (the exit code follows it). */
  signal: string | undefined;
  interrupted: boolean;
  log: ReportLog;
  /** The run's moves digest (harness/moves-digest.ts). */
  digest: string;
  /** --coverage: what the tracers saw, and the figures made of it. */
  coverage?: CoverageReport;
  coverageHits?: CoverageHits;
  /** The shard summary could not be written (the figures are printed all the same). */
  summaryError?: FileError;
}

/** DIR/shard-i-of-n.json for `piskasm report merge` (shard runs that were not interrupted). */
export function writeShardFile(
  settings: DiffSettings,
  result: DiffResult,
  log: (line: string) => void,
): void {
  const { shard, plan, boot, out } = settings;
  if (!shard || result.interrupted) return;
  const { summary } = result;
  const path = writeShardSummary(out, {
    format: SHARD_FORMAT,
    shard,
    plan: {
      games: plan.games,
      seed: plan.runSeed,
      policy: plan.policy,
      maxComputerMoves: plan.maxComputerMoves,
      dos: boot.dos,
    },
    identity: settings.identity,
    games: summary.games,
    computerMoves: summary.computerMoves,
    mismatches: summary.mismatches,
    wallMs: summary.wallMs,
    movesDigest: result.digest,
    reports: result.log.names,
  });
  log(`diff: shard ${formatShard(shard)} summary written to ${path}`);
}

/** --coverage-md, --coverage-lines: the coverage page (with the command that remakes it) and the lines run. */
export function writeCoverageFiles(
  settings: DiffSettings,
  result: DiffResult,
  log: (line: string) => void,
): void {
  const { plan, coverage } = settings;
  if (!coverage || !result.coverage || result.interrupted) return;
  const seed = plan.fixedSeed === undefined ? "" : ` --seed ${plan.fixedSeed}`;
  const run = `piskasm diff --games ${plan.games}${seed} --policy ${plan.policy} --coverage`;
  if (coverage.lines && result.coverageHits) {
    const lines = lineCoverage(coverage.map, coverage.flow, result.coverageHits, coverage.image, run);
    writeFileAtomically(coverage.lines, JSON.stringify(lines) + "\n", "--coverage-lines file");
  }
  if (!coverage.md) return;
  const command = `${run} --coverage-md ${coverage.md}`;
  const { games, computerMoves, mismatches, instructionsPerMove } = result.summary;
  const figures = `${games} games, ${computerMoves} computer moves checked, ${mismatches} mismatches; instructions per move: median ${instructionsPerMove.median}`;
  writeFileAtomically(coverage.md, coverageMarkdown(result.coverage, command, figures), "--coverage-md file");
  log(`diff: coverage page written to ${coverage.md}`);
}

/** The run's figures for stdout: one JSON object (--json) or the readable lines. */
export function diffSummaryLines(settings: DiffSettings, result: DiffResult, json: boolean): string[] {
  const { summary, log, interrupted, stoppedBy } = result;
  const { plan, shard } = settings;
  if (json) {
    return [
      JSON.stringify({
        ...summary,
        policy: plan.policy,
        runSeed: plan.runSeed,
        dos: settings.boot.dos,
        plannedGames: plan.games,
        interrupted: interrupted ? stoppedBy : null,
        reports: log.paths,
        reportsWritten: log.written,
        missingReports: log.missing,
        missingReportGames: log.missingGames,
        movesDigest: result.digest,
        shard: shard ? formatShard(shard) : null,
        ...(result.coverage ? { coverage: result.coverage } : {}),
      }),
    ];
  }
  return [
    summaryLine(summary),
    ...(result.coverage ? [formatCoverage(result.coverage)] : []),
    ...(interrupted ? [`interrupted by ${stoppedBy} after ${summary.games} of ${plan.games} games`] : []),
    ...(log.missing > 0 ? [missingLine(log, settings.out)] : []),
  ];
}

/** 2 when a report was missing under --stop-on-write-error; 1 on mismatches; else 0 (a signal's code is the caller's). */
export function diffExitCode(settings: DiffSettings, result: DiffResult): 0 | 1 | 2 {
  if (result.log.missing > 0 && settings.stopOnWriteError) return 2;
  return result.summary.mismatches > 0 ? 1 : 0;
}

function summaryLine(summary: RunSummary): string {
  return (
    `${summary.games} games, ${summary.computerMoves} computer moves checked, ${summary.mismatches} mismatches; ` +
    `${summary.movesPerSecond} moves/s over ${(summary.wallMs / 1000).toFixed(1)} s with ${summary.jobs} job(s); ` +
    `instructions per move: median ${summary.instructionsPerMove.median}, max ${summary.instructionsPerMove.max}`
  );
}

function missingLine(log: ReportLog, out: string): string {
  const more =
    log.missing > log.missingGames.length ? ` and ${log.missing - log.missingGames.length} more` : "";
  return (
    `${log.missing} mismatch report(s) missing (could not be written to ${out}): games ` +
    `${[...log.missingGames].sort((a, b) => a - b).join(", ")}${more}; their summaries are printed above`
  );
}
