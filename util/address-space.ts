/**
 * Emulators under an address-space limit (`ulimit -v`, RLIMIT_AS). Memory that is reserved, not
 * used, counts against it, and V8 reserves a lot: with its WebAssembly trap handler on (Node's
 * default), every wasm memory (one per v86) reserves about 10 GB of guard regions, so even one
 * emulator fails under a limit of a few GB ("Cannot allocate Wasm memory"); and every worker thread's
 * isolate reserves a code range of 128 MB and more (past the limit V8 dies with "Fatal process OOM in
 * Failed to reserve virtual memory for CodeRange", exit code 133, before any error can be caught).
 * So under a limit bin/piskasm.mjs restarts Node with --disable-wasm-trap-handler (wasm memories are
 * then reserved at their real size, with bounds checks), worker threads get a small code range, and
 * a run whose jobs cannot fit is refused before it starts, naming the limit.
 */
import { readFileSync } from "node:fs";
import type { ResourceLimits } from "node:worker_threads";

/** The limit in bytes, or undefined when there is none (or the system does not say). */
export function addressSpaceLimit(): number | undefined {
  let text: string;
  try {
    text = readFileSync("/proc/self/limits", "utf8");
  } catch {
    // Not Linux: no /proc, and no limit this module can see.
    return undefined;
  }
  const soft = /^Max address space\s+(\d+)/m.exec(text)?.[1];
  return soft === undefined ? undefined : Number(soft);
}

/** A worker's code range (JS code only; v86's wasm code lives elsewhere): ample for the harness. */
const WORKER_CODE_RANGE_MB = 64;

/** Worker threads' resource limits under an address-space limit (undefined: V8's defaults). */
export function workerResourceLimits(): ResourceLimits | undefined {
  return addressSpaceLimit() === undefined ? undefined : { codeRangeSizeMb: WORKER_CODE_RANGE_MB };
}

/**
 * Address space that `diff --jobs J` needs with --disable-wasm-trap-handler, fitted to runs under
 * `ulimit -v` (Node 20, x64): J = 2 died at 1,400,000 KB and ran at 1,500,000 KB; J = 3 died at
 * 1,500,000 KB and ran at 1,900,000; J = 4 ran at 2,200,000. The main thread with its modules, then
 * each worker thread with its isolate and a v86 (V8 reserves less when the limit is tight).
 */
const MAIN_THREAD_BYTES = 1050 * 2 ** 20;
const PER_JOB_BYTES = 200 * 2 ** 20;

const mb = (bytes: number): string => `${Math.round(bytes / 2 ** 20)} MB`;

/** Why `jobs` emulator threads do not fit the address-space limit, or undefined when they do. */
export function jobsRefusal(jobs: number): string | undefined {
  const limit = addressSpaceLimit();
  if (limit === undefined || jobs <= 1) return undefined;
  const needed = MAIN_THREAD_BYTES + jobs * PER_JOB_BYTES;
  if (needed <= limit) return undefined;
  const fits = Math.max(1, Math.floor((limit - MAIN_THREAD_BYTES) / PER_JOB_BYTES));
  return (
    `--jobs ${jobs} needs about ${mb(needed)} of address space, but ulimit -v allows ${mb(limit)}: ` +
    `use --jobs ${fits}, or raise the limit (ulimit -v ${Math.ceil(needed / 1024)})`
  );
}
