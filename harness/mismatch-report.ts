/** The mismatch report (checks/report.ts) of a differential game that diverged. */
import { formatCell } from "../engine-ts/index.js";
import { REPORT_FORMAT, type MismatchReport } from "../checks/report.js";
import type { DosName } from "../guest/dos-profile.js";
import type { GameOutcome } from "./model.js";

export function buildReport(outcome: GameOutcome, dos: DosName): MismatchReport {
  const { mismatch, spec } = outcome;
  if (!mismatch) throw new Error(`game ${spec.index} has no mismatch to report`);
  return {
    format: REPORT_FORMAT,
    seed: outcome.seed,
    policy: spec.policy,
    policySeed: spec.policySeed,
    whoStarts: spec.whoStarts,
    moves: outcome.humanMoves.map(formatCell),
    computerMoves: outcome.computerMoves.map(formatCell),
    ply: mismatch.ply,
    diffs: mismatch.diffs,
    screen: mismatch.screen,
    dos,
    gameIndex: spec.index,
  };
}
