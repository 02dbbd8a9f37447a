#!/usr/bin/env node
// The `piskasm` command: runs the bundled CLI (build/cli.mjs, made by `make`).
//
// Under an address-space limit (`ulimit -v`) Node's WebAssembly trap handler makes every v86 reserve
// about 10 GB of guard regions, so no emulator could start: the command runs again in a child Node
// with --disable-wasm-trap-handler (a start-up option only), which passes on signals and exit status.
// (util/address-space.ts says more.)
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import module from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const WASM_FLAG = "--disable-wasm-trap-handler";
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * The address-space limit in bytes, or undefined when there is none: util/address-space.ts's reading,
 * again here because this file runs before the bundle (and must work before it exists).
 */
function addressSpaceLimit() {
  try {
    const soft = /^Max address space\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1];
    return soft === undefined ? undefined : Number(soft);
  } catch {
    // No /proc (not Linux): no limit to work around.
    return undefined;
  }
}

// Below this limit V8 itself cannot reserve its heap and the emulator's memory, and dies with a fatal
// error (exit 133/134) before any message: one emulator started at 1,100,000 KB and not at 1,000,000
// (Node 20, x64, with --disable-wasm-trap-handler), so refuse under 1,100,000 KB with one line.
const MIN_ADDRESS_SPACE_BYTES = 1_100_000 * 1024;

function relaunch() {
  // This file, not process.argv[1]: pbrain-piskasm has already put "brain" among the arguments.
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [...process.execArgv, WASM_FLAG, self, ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  // A terminal's Ctrl+C reaches both processes; the child takes a repeat within a moment as the same.
  for (const signal of SIGNALS) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    if (signal) {
      for (const s of SIGNALS) process.removeAllListeners(s);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
}

const cli = fileURLToPath(new URL("../build/cli.mjs", import.meta.url));
if (!existsSync(cli)) {
  console.error("piskasm: build/cli.mjs is missing; run `make` in the project directory first.");
  process.exit(2);
}
const limit = addressSpaceLimit();
if (limit !== undefined && limit < MIN_ADDRESS_SPACE_BYTES) {
  const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;
  console.error(
    `piskasm: not enough memory for the emulator: ulimit -v allows ${mb(limit)}, ` +
      `piskasm needs at least ${mb(MIN_ADDRESS_SPACE_BYTES)} (ulimit -v ${MIN_ADDRESS_SPACE_BYTES / 1024})`,
  );
  process.exit(2);
}
if (
  limit !== undefined &&
  !process.execArgv.includes(WASM_FLAG) &&
  process.allowedNodeEnvironmentFlags.has(WASM_FLAG)
)
  relaunch();
else {
  // Node 22.1 and later keep V8's compiled code of the bundle on disk between runs (a faster start,
  // the brain's START above all); older Node has no such cache and starts as before.
  module.enableCompileCache?.();
  await import(pathToFileURL(cli).href);
}
