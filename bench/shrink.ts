/**
 * Shrinking: the median number of human moves of the killing games of the mutation bench's campaign
 * (bench/mutate.ts, which runs first in `make bench` and shrinks every kill) before and after
 * shrinking (harness/shrink.ts, the default --shrink-ms).
 *   node bench/run.mjs mutate shrink
 * Prints `name value` lines.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { MutationReport } from "../mutate/report.js";

const path = join(resolve("build/bench/mutation"), "mutation.json");
if (!existsSync(path)) throw new Error(`${path} is missing: run \`node bench/run.mjs mutate\` first`);
const report = JSON.parse(readFileSync(path, "utf8")) as MutationReport;
const f = report.figures;
console.log(`killed_mutants_shrunk ${f.shrunk}`);
console.log(`median_moves_before ${f.shrinkMedianMovesBefore}`);
console.log(`median_moves_after ${f.shrinkMedianMovesAfter}`);
