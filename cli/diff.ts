/** `piskasm diff`: many games of the real PISKASM.COM, every computer move checked against engine-ts. */
import type { Command } from "commander";
import { executeDiff } from "../harness/diff-command.js";
import { diffExitCode, diffSummaryLines } from "../harness/diff-summary.js";
import { Progress } from "../harness/progress.js";
import { addDiffOptions, parseDiffOptions, type DiffCommandOptions } from "./diff-options.js";
import { listenForInterrupts, SIGNAL_EXIT_CODES } from "./interrupt.js";

export function registerDiff(program: Command): void {
  const command = program
    .command("diff")
    .description(
      "play games of PISKASM.COM in v86 and check every computer move against engine-ts (full state and screen)",
    );
  addDiffOptions(command).action(async (options: DiffCommandOptions) => {
    const { request, json } = parseDiffOptions(options);
    const interruption = listenForInterrupts();
    const { settings, result } = await executeDiff(
      { ...request, interruption },
      {
        progress: (games) => new Progress(process.stderr, games),
        log: (line) => console.error(line),
      },
    );
    console.log(diffSummaryLines(settings, result, json).join("\n"));
    const signal = interruption.received();
    if (signal) process.exit(SIGNAL_EXIT_CODES[signal]);
    process.exitCode = diffExitCode(settings, result);
    if (result.summaryError) throw result.summaryError;
  });
}
