/**
 * Worker-thread entry of a ts mutant (mutate/ts-target.ts bundles it with the mutant): the worker of
 * mutate/worker.ts, loaded by a dynamic import, so that a mutant whose engine-ts throws while its
 * modules load (a self-check of the tables at load) is told to the run thread with its error and
 * stack (`unloaded`), which makes it the mismatch of the program's start, instead of a worker that
 * ends before it can say anything.
 */
import { workerSide } from "../util/worker-pool.js";
import type { MutantMessage } from "./mutant-run.js";

const { post } = workerSide<undefined, MutantMessage>("mutate/ts-worker");

import("./worker.js").catch((error: unknown) => {
  const message = (error instanceof Error ? error.message : String(error)).split("\n")[0];
  post({ kind: "unloaded", message, stack: error instanceof Error ? (error.stack ?? message) : message });
});
