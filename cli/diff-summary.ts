/** What `piskasm diff` prints and writes at the end of a run: the summary line or JSON, the shard file. */
import { coverageMarkdown } from "../debug/coverage-doc.js";
import type { CoverageHits } from "../debug/coverage.js";
import { lineCoverage } from "../debug/coverage-lines.js";
import { formatCoverage, type CoverageReport } from "../debug/coverage-report.js";
import type { RunSummary } from "../harness/stats.js";
import { formatShard } from "../harness/shard.js";
import { writeShardSummary } from "../harness/shard-summary.js";
import type { DiffSettings } from "./diff-options.js";
import type { HandledSignal } from "./interrupt.js";
import { writeFileAtomically } from "../util/files.js";

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
  signal: HandledSignal | undefined;
  interrupted: boolean;
  log: ReportLog;
  /** The run's moves digest (harness/moves-digest.ts). */
  digest: string;
  /** --coverage: what the tracers saw, and the figures made of it. */
  coverage?: CoverageReport;
  coverageHits?: CoverageHits;
}

/** DIR/shard-i-of-n.json for `piskasm report merge` (shard runs that were not interrupted). */
export function writeShardFile(settings: DiffSettings, result: DiffResult): void {
  const { shard, plan, boot, out } = settings;
  if (!shard || result.interrupted) return;
  const { summary } = result;
  const path = writeShardSummary(out, {
    format: "piskasm-shard/1",
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
  console.error(`diff: shard ${formatShard(shard)} summary written to ${path}`);
}

/** --coverage-md, --coverage-lines: the coverage page (with the command that remakes it) and the lines run. */
export function writeCoverageFiles(settings: DiffSettings, result: DiffResult): void {
  const { plan, coverage } = settings;
  if (!coverage || !result.coverage || result.interrupted) return;
  const seed = plan.fixedSeed === undefined ? "" : ` --seed ${plan.fixedSeed}`;
  const run = `piskasm diff --games ${plan.games}${seed} --policy ${plan.policy} --coverage`;
  if (settings.coverageLines && result.coverageHits) {
    const lines = lineCoverage(coverage.map, coverage.flow, result.coverageHits, coverage.image, run);
    writeFileAtomically(settings.coverageLines, JSON.stringify(lines) + "\n", "--coverage-lines file");
  }
  if (!settings.coverageMd) return;
  const command = `${run} --coverage-md ${settings.coverageMd}`;
  const { games, computerMoves, mismatches, instructionsPerMove } = result.summary;
  const figures = `${games} games, ${computerMoves} computer moves checked, ${mismatches} mismatches; instructions per move: median ${instructionsPerMove.median}`;
  writeFileAtomically(
    settings.coverageMd,
    coverageMarkdown(result.coverage, command, figures),
    "--coverage-md file",
  );
  console.error(`diff: coverage page written to ${settings.coverageMd}`);
}

/** The run's figures on stdout: one JSON object (--json) or the readable lines. */
export function printDiffSummary(settings: DiffSettings, result: DiffResult): void {
  const { summary, log, interrupted, stoppedBy } = result;
  const { plan, shard } = settings;
  if (settings.json) {
    console.log(
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
    );
    return;
  }
  console.log(summaryLine(summary));
  if (result.coverage) console.log(formatCoverage(result.coverage));
  if (interrupted) console.log(`interrupted by ${stoppedBy} after ${summary.games} of ${plan.games} games`);
  if (log.missing > 0) console.log(missingLine(log, settings.out));
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
