/**
 * The mutation campaigns' figures: `piskasm mutate --jobs 2` over a reduced campaign of each target,
 * in a child process as a user runs it.
 *   asm: MUTATE_BENCH_LIMIT mutants spread evenly over the whole program (default 60), every kill
 *        shrunk; figures `mutants`, `killed`, ..., `whole_program_score` (kills by a mismatch alone,
 *        of the non-equivalent), `timeout_kills` and `crash_kills` (counted apart). The campaign's JSON
 *        stays in build/bench/mutation/ for bench/shrink.ts.
 *   ts:  MUTATE_BENCH_TS_LIMIT mutants of engine-ts (default 60), no shrinking; figures `ts_mutants`,
 *        `ts_killed`, ... (build/bench/mutation-ts/).
 *   incremental_rerun_unchanged_s: the asm campaign again with --incremental and nothing changed.
 *   incremental_rerun_one_routine_s: the asm campaign again with --incremental after a change to one
 *        routine (testkit/project-copy.ts: a NOP in `update`, on a copy of the project), every
 *        mutant's bytes moved: its kills re-verified by their killing game, the rest played. Measured
 *        on the reduced campaign (MUTATE_BENCH_LIMIT mutants), not the full one: it reassembles the
 *        mutants it spreads over (about MUTATE_BENCH_LIMIT), not every mutant of the changed sources.
 *        `incremental_rerun_one_routine_cpu_s` is the CPU time of that re-run (every thread of this
 *        process: the campaign and its workers), which a loaded machine changes less than the wall time.
 * The full campaigns (every mutant) are `make mutation-report` and `make mutation-report-ts`; their
 * figures are in docs/mutation.md and docs/mutation-ts.md.
 *   node bench/run.mjs mutate
 * Prints `name value` lines; needs `make` (build/cli.mjs, build/mutate-worker.mjs, build/mutate-ts.mjs).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { listenForInterrupts } from "../cli/interrupt.js";
import { asmTarget } from "../mutate/asm-target.js";
import { reportPlan } from "../mutate/kill-matrix.js";
import { readMutationReport, type MutationFigures } from "../mutate/report.js";
import { progressReporter } from "../mutate/reporter.js";
import { runCampaign } from "../mutate/run-campaign.js";
import { changeOneRoutine, projectCopy } from "../testkit/project-copy.js";

function limitFrom(variable: string): number {
  const text = process.env[variable] ?? "60";
  const limit = Number(text);
  if (!Number.isSafeInteger(limit) || limit <= 0)
    throw new Error(`${variable} must be a positive number of mutants, not ${JSON.stringify(text)}`);
  return limit;
}

/** Runs a reduced campaign and returns its figures. */
function campaign(limit: number, out: string, options: readonly string[]): MutationFigures {
  const run = spawnSync(
    process.execPath,
    [
      "bin/piskasm.mjs",
      "mutate",
      "--jobs",
      "2",
      "--limit",
      String(limit),
      ...options,
      "--out",
      out,
      "--json",
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  if (run.status !== 0) throw new Error(`piskasm mutate failed (exit ${run.status ?? run.signal})`);
  return JSON.parse(run.stdout) as MutationFigures;
}

/** One campaign's figures, each name after `prefix` (keeps the names make bench has printed). */
function printFigures(prefix: string, limit: number, f: MutationFigures): void {
  console.log(`${prefix}campaign_mutants ${limit}`);
  console.log(`${prefix}mutants ${f.mutants}`);
  console.log(`${prefix}killed ${f.killed}`);
  console.log(`${prefix}timeouts ${f.timeouts}`);
  console.log(`${prefix}equivalent ${f.equivalent}`);
  // Survivors proven equivalent by a model (mutate/equivalence.ts) and those argued in prose only.
  console.log(`${prefix}machine_checked_verdicts ${f.machineChecked}`);
  console.log(`${prefix}prose_verdicts ${f.proseVerdicts}`);
  console.log(`${prefix}score_pct ${f.score}`);
  console.log(`${prefix}whole_program_score ${f.mismatchScore}`);
  console.log(`${prefix}timeout_kills ${f.timeouts}`);
  console.log(`${prefix}crash_kills ${f.crashed}`);
  console.log(`${prefix}wall_s ${f.wallS}`);
  console.log(`${prefix}median_games_to_kill ${f.medianGamesToKill}`);
}

const asmLimit = limitFrom("MUTATE_BENCH_LIMIT");
const tsLimit = limitFrom("MUTATE_BENCH_TS_LIMIT");
const asmOptions = ["--shrink-sample", "0"];
const asm = campaign(asmLimit, resolve("build/bench/mutation"), ["--fresh", ...asmOptions]);
printFigures("", asmLimit, asm);
// The same campaign again with nothing changed: every verdict reused, the mutants only reassembled.
const rerun = campaign(asmLimit, resolve("build/bench/mutation"), ["--incremental", ...asmOptions]);
console.log(`incremental_rerun_unchanged_s ${rerun.wallS}`);

/** The campaign of `last` (a folder) re-run with --incremental on a copy of the project whose one routine changed. */
async function oneRoutineRerun(limit: number, last: string): Promise<MutationFigures> {
  const dir = mkdtempSync(join(tmpdir(), "piskasm-bench-incremental-"));
  try {
    const { root, asm } = projectCopy(dir);
    changeOneRoutine(asm);
    const out = join(dir, "mutation");
    cpSync(last, out, { recursive: true });
    const report = readMutationReport(join(out, "mutation.json"), "bench");
    const { report: rerun } = await runCampaign({
      root,
      target: "asm",
      mutants: asmTarget,
      limit,
      plan: reportPlan(report),
      jobs: 2,
      timeoutMs: report.plan.timeoutMs,
      shrinkMs: report.plan.shrinkMs,
      shrinkSample: 0,
      out,
      verdicts: resolve("mutate/verdicts.json"),
      incremental: true,
      fresh: false,
      reporter: progressReporter(),
      listen: (cleanup) => listenForInterrupts({ onSignal: cleanup }),
    });
    if (!rerun) throw new Error("the incremental re-run after a change to one routine was stopped");
    return rerun.figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const cpuBefore = process.cpuUsage();
const changed = await oneRoutineRerun(asmLimit, resolve("build/bench/mutation"));
const cpu = process.cpuUsage(cpuBefore);
console.log(`incremental_rerun_one_routine_s ${changed.wallS}`);
console.log(`incremental_rerun_one_routine_cpu_s ${((cpu.user + cpu.system) / 1e6).toFixed(1)}`);

const tsOptions = ["--target", "ts", "--shrink-ms", "0"];
const ts = campaign(tsLimit, resolve("build/bench/mutation-ts"), ["--fresh", ...tsOptions]);
printFigures("ts_", tsLimit, ts);
