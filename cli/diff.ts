/** `piskasm diff`: many games of the real PISKASM.COM, every computer move checked against engine-ts. */
import { randomInt } from "node:crypto";
import type { Command } from "commander";
import { planGames } from "../harness/game-spec.js";
import { isPolicyName, POLICY_NAMES } from "../harness/policies.js";
import { Progress } from "../harness/progress.js";
import { reportGame, writeRecordFiles } from "../harness/record-files.js";
import { fieldNotes } from "../harness/symbol-notes.js";
import { buildReport, formatMismatch, writeReport } from "../harness/report.js";
import { runDiff } from "../harness/run.js";
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
}

export function registerDiff(program: Command): void {
  const command = program
    .command("diff")
    .description("play games of PISKASM.COM in v86 and check every computer move against engine-ts (full state and screen)")
    .option("--games <n>", "number of games (they alternate who starts)", "20")
    .option("--seed <s>", "game i starts with Seed = s + i (PISKASM /S:) and the policies are seeded from s")
    .option("--policy <name>", `the human opponent: ${POLICY_NAMES.join(" or ")}`, "random")
    .option("--jobs <j>", "emulators running in parallel (worker threads)", "1")
    .option("--max-moves <n>", "abandon a game after this many computer moves", "100")
    .option("--out <dir>", "where mismatch reports are written (JSON, with the game as .psq and .sgf beside it)", "reports")
    .option("--json", "print one JSON object with the figures at the end");
  addBootOptions(command).action(async (options: DiffCommandOptions) => {
    const games = parsePositiveInt(options.games, "--games");
    const jobs = parsePositiveInt(options.jobs, "--jobs");
    const maxComputerMoves = parsePositiveInt(options.maxMoves, "--max-moves");
    if (!isPolicyName(options.policy)) {
      throw new UsageError(`--policy must be ${POLICY_NAMES.join(" or ")}, not ${JSON.stringify(options.policy)}`);
    }
    const fixedSeed = options.seed === undefined ? undefined : parseSeed(options.seed);
    const boot = bootSpec(options);
    const runSeed = fixedSeed ?? randomInt(0x1_0000_0000);
    const specs = planGames({ games, policy: options.policy, runSeed, fixedSeed, maxComputerMoves });
    const progress = new Progress(process.stderr, games);
    const reports: string[] = [];
    const { summary } = await runDiff(
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
    if (options.json) {
      console.log(JSON.stringify({ ...summary, policy: options.policy, runSeed, dos: boot.dos, reports }));
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
