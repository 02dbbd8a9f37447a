/** `piskasm diff`: many games of the real PISKASM.COM, every computer move checked against engine-ts. */
import type { Command } from "commander";
import { executeDiff, type DiffProgress } from "../harness/diff-command.js";
import { diffExitCode, diffSummaryLines } from "../harness/diff-summary.js";
import { startProgress } from "../util/progress.js";
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
        progress: diffProgress,
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

/** The run's games on the bar, with the moves checked, the mismatches and the moves a second. */
async function diffProgress(games: number): Promise<DiffProgress> {
  const started = performance.now();
  let done = 0;
  let mismatches = 0;
  const fields = { moves: 0, mismatches: "0 mismatches", rate: 0 };
  const bar = await startProgress({
    label: "diff",
    figures: "{moves} moves checked, {mismatches}, {rate} moves/s",
    total: games,
    done,
    fields,
  });
  const update = (): void => {
    fields.mismatches = `${mismatches} mismatch${mismatches === 1 ? "" : "es"}`;
    fields.rate = Math.round((1000 * fields.moves) / Math.max(1, performance.now() - started));
    bar.update(done, fields);
  };
  return {
    move: () => {
      fields.moves++;
      update();
    },
    game: (outcome) => {
      done++;
      if (outcome.mismatch) mismatches++;
      update();
    },
    note: bar.note,
    finish: bar.stop,
  };
}
