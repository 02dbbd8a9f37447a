/** `piskasm diff`: many games of the real PISKASM.COM, every computer move checked against engine-ts. */
import { randomInt } from "node:crypto";
import { basename } from "node:path";
import type { Command } from "commander";
import { ENGINE_POLICY_NAMES, isEnginePolicyName } from "../harness/engine-policy.js";
import { ensureWritableDir, FileError } from "../harness/files.js";
import { combineDigests, gameDigest } from "../harness/moves-digest.js";
import { isPolicyName, POLICY_NAMES } from "../harness/policies.js";
import { Progress } from "../harness/progress.js";
import { reportGame, writeRecordFiles } from "../harness/record-files.js";
import { buildReport, formatMismatch, writeReport } from "../harness/report.js";
import { runDiff } from "../harness/run.js";
import { formatShard, parseShard, shardGameCount, type Shard } from "../harness/shard.js";
import { writeShardSummary } from "../harness/shard-summary.js";
import type { RunSummary } from "../harness/stats.js";
import { fieldNotes } from "../harness/symbol-notes.js";
import { DEFAULT_SHRINK_MS } from "../harness/shrink.js";
import { parseNonNegativeInt, parsePositiveInt, UsageError } from "./errors.js";
import { addBootOptions, bootSpec, parseSeed, type BootCommandOptions } from "./harness-options.js";
import { listenForInterrupts, SIGNAL_EXIT_CODES } from "./interrupt.js";
import { projectPath } from "./paths.js";

interface DiffCommandOptions extends BootCommandOptions {
  games: string;
  seed?: string;
  policy: string;
  jobs: string;
  maxMoves: string;
  out: string;
  stopOnWriteError?: boolean;
  json?: boolean;
  shard?: string;
  shrinkMs: string;
}

/** The largest --games: game indices and the policies' seed derivation stay 32-bit. */
export const MAX_GAMES = 2 ** 31;
/** Reports (written or missing) named in the summary; the rest are counted. */
const LISTED_REPORTS = 100;

/** What became of the mismatch reports of a run. */
interface ReportLog {
  written: number;
  /** The first LISTED_REPORTS paths. */
  paths: string[];
  /** File names of every report written (a shard's summary lists them for `piskasm report merge`). */
  names: string[];
  /** Games whose report could not be written (the first LISTED_REPORTS), and how many in all. */
  missingGames: number[];
  missing: number;
}

export function registerDiff(program: Command): void {
  const command = program
    .command("diff")
    .description("play games of PISKASM.COM in v86 and check every computer move against engine-ts (full state and screen)")
    .option("--games <n>", `number of games, 1..${MAX_GAMES} (they alternate who starts)`, "20")
    .option("--seed <s>", "0..65535: game i starts with Seed = (s + i) mod 65536 (typed after the game's menu key S) and the policies are seeded from s")
    .option("--policy <name>", `the human opponent: ${[...POLICY_NAMES, ...ENGINE_POLICY_NAMES, "pbrain:CMD"].join(" or ")}`, "random")
    .option("--jobs <j>", "emulators running in parallel (worker threads)", "1")
    .option("--max-moves <n>", "abandon a game after this many computer moves", "100")
    .option("--out <dir>", "where mismatch reports are written (JSON, with the game as .psq and .sgf beside it; created and checked before the first game)", "reports")
    .option("--stop-on-write-error", "stop the run when a report cannot be written (default: say so and go on)")
    .option(
      "--shrink-ms <n>",
      "time budget per mismatch for shrinking it to the smallest game that still diverges (fewest human moves, " +
        "then the earliest divergence; the report keeps both games); 0: no shrinking",
      String(DEFAULT_SHRINK_MS),
    )
    .option("--json", "print one JSON object with the figures at the end")
    .option(
      "--shard <i/n>",
      "play only shard i of n of the run (i from 0; needs --seed): the run's pairs of games (one per starter) " +
        "go to the shards in turn; writes DIR/shard-i-of-n.json beside the reports for `piskasm report merge`",
    );
  addBootOptions(command).action(async (options: DiffCommandOptions) => {
    const games = parsePositiveInt(options.games, "--games", MAX_GAMES);
    const jobs = parsePositiveInt(options.jobs, "--jobs");
    const maxComputerMoves = parsePositiveInt(options.maxMoves, "--max-moves");
    const shrinkMs = parseNonNegativeInt(options.shrinkMs, "--shrink-ms");
    const policy = options.policy;
    if (!isPolicyName(policy) && !isEnginePolicyName(policy)) {
      throw new UsageError(`--policy must be ${[...POLICY_NAMES, ...ENGINE_POLICY_NAMES, "pbrain:CMD"].join(" or ")}, not ${JSON.stringify(policy)}`);
    }
    const fixedSeed = options.seed === undefined ? undefined : parseSeed(options.seed);
    const shard = parseShardOption(options.shard, fixedSeed);
    const boot = bootSpec(options);
    ensureWritableDir(options.out, "report directory");
    const runSeed = fixedSeed ?? randomInt(0x1_0000_0000);
    const plan = { games, policy, runSeed, fixedSeed, maxComputerMoves, shard };
    const planned = shard ? shardGameCount(shard, games) : games;
    const progress = new Progress(process.stderr, planned);
    const log: ReportLog = { written: 0, paths: [], names: [], missingGames: [], missing: 0 };
    // The run's moves digest is a sum over games: one running value, not every game kept.
    let digest = combineDigests([]);
    const interrupts = listenForInterrupts();
    const stopOnWriteError = new AbortController();
    const { summary, interrupted } = await runDiff(
      {
        boot,
        plan,
        jobs,
        workerScript: projectPath("build", "diff-worker.mjs"),
        shrinkMs,
        signal: AbortSignal.any([interrupts.signal, stopOnWriteError.signal]),
      },
      {
        onMove: () => progress.move(),
        onGame: (outcome) => {
          progress.game(outcome);
          digest = combineDigests([digest, gameDigest(outcome)]);
          if (!outcome.mismatch) return;
          const report = buildReport(outcome, boot.dos);
          try {
            const path = writeReport(options.out, report);
            log.written++;
            if (log.paths.length < LISTED_REPORTS) log.paths.push(path);
            if (shard) log.names.push(basename(path));
            writeRecordFiles(path, reportGame(report));
            progress.note(formatMismatch(report, path, fieldNotes(report.diffs, projectPath("build", "piskasm.sym.json"))));
          } catch (error) {
            if (!(error instanceof FileError)) throw error;
            log.missing++;
            if (log.missingGames.length < LISTED_REPORTS) log.missingGames.push(outcome.spec.index);
            progress.note(formatMismatch(report));
            const next = options.stopOnWriteError ? "stopping (--stop-on-write-error)" : "the run goes on";
            progress.note(`piskasm: ${error.message}; ${next}`);
            if (options.stopOnWriteError) stopOnWriteError.abort();
          }
        },
      },
    );
    interrupts.dispose();
    progress.finish();
    const signal = interrupts.received();
    const stoppedBy = signal ?? (stopOnWriteError.signal.aborted ? "a report that could not be written" : undefined);
    if (shard && !interrupted) {
      const path = writeShardSummary(options.out, {
        format: "piskasm-shard/1",
        shard,
        plan: { games, seed: runSeed, policy, maxComputerMoves, dos: boot.dos },
        games: summary.games,
        computerMoves: summary.computerMoves,
        mismatches: summary.mismatches,
        wallMs: summary.wallMs,
        movesDigest: digest,
        reports: log.names,
      });
      console.error(`diff: shard ${formatShard(shard)} summary written to ${path}`);
    }
    if (options.json) {
      console.log(
        JSON.stringify({
          ...summary,
          policy: options.policy,
          runSeed,
          dos: boot.dos,
          plannedGames: games,
          interrupted: interrupted ? stoppedBy : null,
          reports: log.paths,
          reportsWritten: log.written,
          missingReports: log.missing,
          missingReportGames: log.missingGames,
          movesDigest: digest,
          shard: shard ? formatShard(shard) : null,
        }),
      );
    } else {
      console.log(summaryLine(summary));
      if (interrupted) console.log(`interrupted by ${stoppedBy} after ${summary.games} of ${games} games`);
      if (log.missing > 0) console.log(missingLine(log, options.out));
    }
    if (signal) process.exit(SIGNAL_EXIT_CODES[signal]);
    if (log.missing > 0 && options.stopOnWriteError) process.exitCode = 2;
    else if (summary.mismatches > 0) process.exitCode = 1;
  });
}

function summaryLine(summary: RunSummary): string {
  return (
    `${summary.games} games, ${summary.computerMoves} computer moves checked, ${summary.mismatches} mismatches; ` +
    `${summary.movesPerSecond} moves/s over ${(summary.wallMs / 1000).toFixed(1)} s with ${summary.jobs} job(s); ` +
    `instructions per move: median ${summary.instructionsPerMove.median}, max ${summary.instructionsPerMove.max}`
  );
}

function missingLine(log: ReportLog, out: string): string {
  const more = log.missing > log.missingGames.length ? ` and ${log.missing - log.missingGames.length} more` : "";
  return (
    `${log.missing} mismatch report(s) missing (could not be written to ${out}): games ` +
    `${[...log.missingGames].sort((a, b) => a - b).join(", ")}${more}; their summaries are printed above`
  );
}

function parseShardOption(text: string | undefined, fixedSeed: number | undefined): Shard | undefined {
  if (text === undefined) return undefined;
  if (fixedSeed === undefined) throw new UsageError("--shard needs --seed: every shard must plan the same games");
  try {
    return parseShard(text);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
