/** `piskasm diff`: many games of the real PISKASM.COM, every computer move checked against engine-ts. */
import { randomInt } from "node:crypto";
import { basename } from "node:path";
import type { Command } from "commander";
import { planGames } from "../harness/game-spec.js";
import { ENGINE_POLICY_NAMES, isEnginePolicyName } from "../harness/engine-policy.js";
import { isPolicyName, POLICY_NAMES } from "../harness/policies.js";
import { Progress } from "../harness/progress.js";
import { reportGame, writeRecordFiles } from "../harness/record-files.js";
import { fieldNotes } from "../harness/symbol-notes.js";
import { buildReport, formatMismatch, writeReport } from "../harness/report.js";
import { runDiff } from "../harness/run.js";
import { movesDigest } from "../harness/moves-digest.js";
import { formatShard, parseShard, selectShard, type Shard } from "../harness/shard.js";
import { writeShardSummary } from "../harness/shard-summary.js";
import { parsePositiveInt, UsageError } from "./errors.js";
import { addBootOptions, bootSpec, parseSeed, type BootCommandOptions } from "./harness-options.js";
import { projectPath } from "./paths.js";

interface DiffCommandOptions extends BootCommandOptions {
  games: string;
  seed?: string;
  policy: string;
  jobs: string;
  maxMoves: string;
  out: string;
  json?: boolean;
  shard?: string;
}

export function registerDiff(program: Command): void {
  const command = program
    .command("diff")
    .description("play games of PISKASM.COM in v86 and check every computer move against engine-ts (full state and screen)")
    .option("--games <n>", "number of games (they alternate who starts)", "20")
    .option("--seed <s>", "game i starts with Seed = s + i (PISKASM /S:) and the policies are seeded from s")
    .option("--policy <name>", `the human opponent: ${[...POLICY_NAMES, ...ENGINE_POLICY_NAMES, "pbrain:CMD"].join(" or ")}`, "random")
    .option("--jobs <j>", "emulators running in parallel (worker threads)", "1")
    .option("--max-moves <n>", "abandon a game after this many computer moves", "100")
    .option("--out <dir>", "where mismatch reports are written (JSON, with the game as .psq and .sgf beside it)", "reports")
    .option("--json", "print one JSON object with the figures at the end")
    .option(
      "--shard <i/n>",
      "play only shard i of n of the run (i from 0; needs --seed): the run's pairs of games (one per starter) " +
        "go to the shards in turn; writes DIR/shard-i-of-n.json beside the reports for `piskasm report merge`",
    );
  addBootOptions(command).action(async (options: DiffCommandOptions) => {
    const games = parsePositiveInt(options.games, "--games");
    const jobs = parsePositiveInt(options.jobs, "--jobs");
    const maxComputerMoves = parsePositiveInt(options.maxMoves, "--max-moves");
    const policy = options.policy;
    if (!isPolicyName(policy) && !isEnginePolicyName(policy)) {
      throw new UsageError(`--policy must be ${[...POLICY_NAMES, ...ENGINE_POLICY_NAMES, "pbrain:CMD"].join(" or ")}, not ${JSON.stringify(policy)}`);
    }
    const fixedSeed = options.seed === undefined ? undefined : parseSeed(options.seed);
    const shard = parseShardOption(options.shard, fixedSeed);
    const boot = bootSpec(options);
    const runSeed = fixedSeed ?? randomInt(0x1_0000_0000);
    const planned = planGames({ games, policy, runSeed, fixedSeed, maxComputerMoves });
    const specs = shard ? selectShard(planned, shard) : planned;
    const progress = new Progress(process.stderr, specs.length);
    const reports: string[] = [];
    const { summary, outcomes } = await runDiff(
      { boot, specs, jobs, workerScript: projectPath("build", "diff-worker.mjs") },
      {
        onMove: () => progress.move(),
        onGame: (outcome) => {
          progress.game(outcome);
          if (!outcome.mismatch) return;
          const report = buildReport(outcome, boot.dos);
          const path = writeReport(options.out, report);
          reports.push(path);
          writeRecordFiles(path, reportGame(report));
          progress.note(formatMismatch(report, path, fieldNotes(report.diffs, projectPath("build", "piskasm.sym.json"))));
        },
      },
    );
    progress.finish();
    const digest = movesDigest(outcomes);
    if (shard) {
      const path = writeShardSummary(options.out, {
        format: "piskasm-shard/1",
        shard,
        plan: { games, seed: runSeed, policy, maxComputerMoves, dos: boot.dos },
        games: summary.games,
        computerMoves: summary.computerMoves,
        mismatches: summary.mismatches,
        wallMs: summary.wallMs,
        movesDigest: digest,
        reports: reports.map((report) => basename(report)),
      });
      console.error(`diff: shard ${formatShard(shard)} summary written to ${path}`);
    }
    if (options.json) {
      const shardField = shard ? formatShard(shard) : null;
      console.log(
        JSON.stringify({ ...summary, policy: options.policy, runSeed, dos: boot.dos, reports, movesDigest: digest, shard: shardField }),
      );
    } else {
      console.log(
        `${summary.games} games, ${summary.computerMoves} computer moves checked, ${summary.mismatches} mismatches; ` +
          `${summary.movesPerSecond} moves/s over ${(summary.wallMs / 1000).toFixed(1)} s with ${summary.jobs} job(s); ` +
          `instructions per move: median ${summary.instructionsPerMove.median}, max ${summary.instructionsPerMove.max}`,
      );
    }
    if (summary.mismatches > 0) process.exitCode = 1;
  });
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
