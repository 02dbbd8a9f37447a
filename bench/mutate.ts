/**
 * The mutation campaign's figures: `piskasm mutate --jobs 2` over a reduced campaign (MUTATE_BENCH_LIMIT
 * mutants spread evenly over the evaluator, default 60, every kill shrunk), in a child process as a
 * user runs it. The full campaign (every mutant) is `make mutation-report`; its figures are in
 * docs/mutation.md. The campaign's JSON stays in build/bench/mutation/ for bench/shrink.ts.
 *   node bench/run.mjs mutate
 * Prints `name value` lines; needs `make` (build/cli.mjs, build/mutate-worker.mjs).
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import type { MutationFigures } from "../mutate/report.js";

const BENCH_MUTATION_DIR = resolve("build/bench/mutation");

const text = process.env.MUTATE_BENCH_LIMIT ?? "60";
const limit = Number(text);
if (!Number.isSafeInteger(limit) || limit <= 0)
  throw new Error(`MUTATE_BENCH_LIMIT must be a positive number of mutants, not ${JSON.stringify(text)}`);

const run = spawnSync(
  process.execPath,
  [
    "bin/piskasm.mjs",
    "mutate",
    "--jobs",
    "2",
    "--limit",
    String(limit),
    "--shrink-sample",
    "0",
    "--out",
    BENCH_MUTATION_DIR,
    "--json",
  ],
  { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
);
if (run.status !== 0) throw new Error(`piskasm mutate failed (exit ${run.status ?? run.signal})`);
const f = JSON.parse(run.stdout) as MutationFigures;
console.log(`campaign_mutants ${limit}`);
console.log(`mutants ${f.mutants}`);
console.log(`killed ${f.killed}`);
console.log(`timeouts ${f.timeouts}`);
console.log(`equivalent ${f.equivalent}`);
console.log(`score_pct ${f.score}`);
console.log(`wall_s ${f.wallS}`);
console.log(`median_games_to_kill ${f.medianGamesToKill}`);
