/**
 * Sizes of the DOS programs the project builds (bytes), against the project's goal:
 * PISKASM.COM <= 4 KiB (the 2004 original was about 2.5 KB).
 * Run through `node bench/run.mjs sizes` after `make`. Prints one `name value` line per figure.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";

const FILES: Array<[string, string]> = [
  ["piskasm_com_bytes", "build/PISKASM.COM"],
  ["mouse_com_bytes", "build/MOUSE.COM"],
  ["piskdos_sys_bytes", "build/PISKDOS.SYS"],
  ["boot_sector_bytes", "build/boot.bin"],
];
const PISKASM_GOAL_BYTES = 4096;

try {
  for (const [name, path] of FILES) console.log(`${name} ${statSync(resolve(path)).size}`);
  console.log(
    `piskasm_com_share_of_goal ${(statSync(resolve("build/PISKASM.COM")).size / PISKASM_GOAL_BYTES).toFixed(2)}`,
  );
} catch (error) {
  console.error(
    `bench/sizes: ${error instanceof Error ? error.message : String(error)} (run \`make\` first)`,
  );
  process.exitCode = 1;
}
