/**
 * The panel's agreement line, from the one checker's status (web/check/page-check.ts): whether the
 * whole program (every screen cell, every byte of its data, the pointer, its own code) agrees with its
 * model after every input, or where it first differed.
 */
import type { Diff } from "../../checks/diff-types.js";
import { formatCell } from "../../engine-ts/index.js";
import type { CheckStatus } from "./page-check.js";

export interface AgreementView {
  /** Differences found (0: agrees), undefined while the checks are off. */
  count: number | undefined;
  text: string;
}

/** A difference in a few words: the variable (and board cell), the program's value and the model's. */
export function describeDiff(diff: Diff): string {
  const where = diff.cell !== null ? ` ${formatCell(diff.cell)}` : "";
  return `${diff.field}${where}: program ${diff.asm}, model ${diff.ts}`;
}

/** `detail`: what the panel's engine-ts follows (e.g. "followed from seed 7"). */
export function agreementView(status: CheckStatus, detail: string): AgreementView {
  const tail = detail ? ` (${detail})` : "";
  switch (status.kind) {
    case "off":
      return { count: undefined, text: `not checked: ${status.why}${tail}` };
    case "agree":
      return {
        count: 0,
        text: `the whole program agrees ✓ screen, data, pointer and code, ${status.inputs} input${status.inputs === 1 ? "" : "s"} checked${tail}`,
      };
    case "differ": {
      const { mismatch } = status;
      // The checker lists the data's variables first (in their order), then the screen, pointer and code.
      const first = mismatch.diffs.at(0);
      const n = mismatch.diffs.length;
      return {
        count: n,
        text: `${n} difference${n === 1 ? "" : "s"} ✗ after ${mismatch.afterInput ?? "an input"}${first ? `, first ${describeDiff(first)}` : ""}`,
      };
    }
  }
}
