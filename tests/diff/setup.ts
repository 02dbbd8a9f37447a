/**
 * Shared by the differential tier: the game's floppy (build/piskasm.img from `make`; the environment
 * variable PISKASM_TEST_IMAGE names another one) and a run that fails with the mismatch summaries.
 */
import { resolve } from "node:path";
import type { BootSpec } from "../../guest/boot.js";
import { formatMismatch } from "../../checks/report.js";
import type { GameOutcome } from "../../harness/model.js";
import { buildReport } from "../../harness/mismatch-report.js";

export const IMAGE = resolve(process.env.PISKASM_TEST_IMAGE ?? "build/piskasm.img");
export const BOOT: BootSpec = { image: IMAGE, dos: "builtin", timeoutMs: 20_000 };
export const CLI = resolve("bin/piskasm.mjs");

/** Mismatch summaries with the screen at the divergence, for assertion messages. */
export function describeMismatches(outcomes: readonly GameOutcome[]): string {
  return outcomes
    .filter((o) => o.mismatch)
    .map((o) => `${formatMismatch(buildReport(o, "builtin"))}\nscreen:\n${o.mismatch?.screen.join("\n")}`)
    .join("\n\n");
}
