/** `piskasm replay FILE`: re-run the game of a mismatch report on both engines and show the divergence. */
import type { Command } from "commander";
import { openSession } from "../harness/boot.js";
import { buildReport, formatMismatch, readReport, ReportError } from "../harness/report.js";
import { replayReport, sameDivergence } from "../harness/replay.js";
import { UsageError } from "./errors.js";
import { addBootOptions, bootSpec, type BootCommandOptions } from "./harness-options.js";

interface ReplayCommandOptions extends BootCommandOptions {
  json?: boolean;
}

export function registerReplay(program: Command): void {
  const command = program
    .command("replay")
    .description("re-run the game of a mismatch report (same seed via PISKASM /S:, same moves) and show the divergence again")
    .argument("<file>", "a report written by `piskasm diff`")
    .option("--json", "print the new report (or null) and whether it reproduces the old one");
  addBootOptions(command).action(async (file: string, options: ReplayCommandOptions) => {
    let report;
    try {
      report = readReport(file);
    } catch (error) {
      throw error instanceof ReportError ? new UsageError(error.message) : error;
    }
    const boot = bootSpec(options);
    const session = await openSession(boot);
    try {
      const outcome = await replayReport(session, report, undefined, boot.timeoutMs);
      const again = outcome.mismatch ? buildReport(outcome, boot.dos) : null;
      const reproduced = sameDivergence(report, outcome);
      if (options.json) {
        console.log(JSON.stringify({ reproduced, report: again }));
      } else if (again) {
        console.log(formatMismatch(again));
        console.log(reproduced ? "reproduced: the same divergence as in the report" : "diverged, but not as in the report");
      } else {
        console.log(`no divergence: the engines agree on all ${report.moves.length} moves of ${file}`);
      }
      if (again) process.exitCode = 1;
    } finally {
      await session.machine.destroy();
    }
  });
}
