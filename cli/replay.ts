/** `piskasm replay FILE`: re-run the game of a mismatch report on both engines and show the divergence. */
import type { Command } from "commander";
import { describeRecordReplay, isRecordFile, readRecordAsReport } from "../checks/record-files.js";
import { fieldNotes } from "../debug/symbol-notes.js";
import { projectPath } from "./paths.js";
import {
  formatMismatch,
  readReport,
  ReportError,
  shrunkReport,
  type MismatchReport,
} from "../checks/report.js";
import { replayBooted, sameDivergence } from "../harness/replay.js";
import { isPlannedPolicy } from "../harness/policy-registry.js";
import { refusing, UsageError } from "./errors.js";
import { addBootOptions, bootSpec, parseSeed, type BootCommandOptions } from "./harness-options.js";
import { RecordError } from "../records/game-record.js";
import { buildReport } from "../harness/mismatch-report.js";
import type { GameOutcome } from "../harness/model.js";
import { identityRefusal, programIdentity } from "../checks/program-identity.js";

interface ReplayCommandOptions extends BootCommandOptions {
  json?: boolean;
  seed?: string;
  first?: string;
  shrunk?: boolean;
}

export function registerReplay(program: Command): void {
  const command = program
    .command("replay")
    .description(
      "re-run the game of a mismatch report (same seed typed after the game's menu key S, same moves) and show the divergence again",
    )
    .argument("<file>", "a report written by `piskasm diff`, or a game record (.psq or .sgf)")
    .option(
      "--seed <s>",
      "for a record: the game's Seed (when its player names do not say `PISKASM.COM /S:n`)",
    )
    .option(
      "--first <who>",
      "for a record: who started, human or computer (when its player names do not say)",
    )
    .option(
      "--shrunk",
      "replay the report's shrunk game (the smallest reproduction `diff` found) instead of the original one",
    )
    .option("--json", "print the new report (or null) and whether it reproduces the old one");
  addBootOptions(command).action(async (file: string, options: ReplayCommandOptions) => {
    const boot = bootSpec(options);
    let report = refusing([ReportError, RecordError], () =>
      isRecordFile(file)
        ? readRecordAsReport(file, { ...recordOptions(options), dos: boot.dos }).report
        : readReport(file, isPlannedPolicy),
    );
    if (options.shrunk) report = pickShrunk(report, file);
    const identity = programIdentity(boot.image);
    if (!isRecordFile(file)) {
      const refusal = identityRefusal(report.identity, identity, `report ${file}`, console.error);
      if (refusal) throw new UsageError(refusal);
    }
    const outcome = await replayBooted(boot, report);
    const again = outcome.mismatch ? buildReport(outcome, boot.dos, identity) : null;
    const reproduced = sameDivergence(report, outcome);
    if (options.json) {
      console.log(JSON.stringify({ reproduced, report: again }));
    } else if (again) {
      console.log(
        formatMismatch(again, undefined, fieldNotes(again.diffs, projectPath("build", "piskasm.sym.json"))),
      );
      console.log(
        reproduced
          ? "reproduced: the same divergence as in the report"
          : "diverged, but not as in the report",
      );
    } else {
      console.log(noDivergence(outcome, file));
    }
    if (isRecordFile(file) && !options.json) console.log(describeRecordReplay(report, outcome.computerMoves));
    if (again) process.exitCode = 1;
  });
}

/** The replayed game's moves: every move played counts, the computer's as well as the human's. */
function noDivergence(outcome: GameOutcome, file: string): string {
  const { humanMoves, computerMoves, checkedComputerMoves } = outcome;
  const played = humanMoves.length + computerMoves.length;
  return (
    `no divergence: the engines agree on all ${played} move${played === 1 ? "" : "s"} of ${file} ` +
    `(${humanMoves.length} human, ${computerMoves.length} computer; ${checkedComputerMoves} computer move(s) checked)`
  );
}

function recordOptions(options: ReplayCommandOptions): { seed?: number; first?: "human" | "computer" } {
  const first = options.first;
  if (first !== undefined && first !== "human" && first !== "computer")
    throw new UsageError(`--first must be human or computer, not ${JSON.stringify(first)}`);
  return {
    ...(options.seed === undefined ? {} : { seed: parseSeed(options.seed) }),
    ...(first === undefined ? {} : { first }),
  };
}

/** The report's shrunk game, or a usage error saying why it has none. */
function pickShrunk(report: MismatchReport, file: string): MismatchReport {
  const shrunk = shrunkReport(report);
  if (shrunk) return shrunk;
  const why =
    report.shrunk && "reason" in report.shrunk
      ? `: ${report.shrunk.reason}`
      : " (it was written without shrinking)";
  throw new UsageError(`--shrunk: ${file} has no shrunk game${why}`);
}
