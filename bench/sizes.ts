/**
 * Sizes of the DOS programs the project builds (bytes), against the project's goal:
 * PISKASM.COM <= 4 KiB (the 2004 original was about 2.5 KB); and the production lines of the
 * TypeScript side per folder (testkit/source-lines.ts says what counts), which needs a git checkout.
 * Run through `node bench/run.mjs sizes` after `make`. Prints one `name value` line per figure.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { messageOf } from "../util/error-message.js";
import { productionLines } from "../testkit/source-lines.js";

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
  console.error(`bench/sizes: ${messageOf(error)} (run \`make\` first)`);
  process.exitCode = 1;
}

try {
  const perFolder = productionLines(resolve("."));
  let total = 0;
  for (const [folder, lines] of perFolder) {
    console.log(`production_lines_${folder.replaceAll("-", "_")} ${lines}`);
    total += lines;
  }
  console.log(`production_lines ${total}`);
} catch (error) {
  console.error(`bench/sizes: production lines need a git checkout with git installed (${messageOf(error)})`);
  process.exitCode = 1;
}
