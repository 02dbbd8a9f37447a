/** The mismatch report (checks/report.ts) of a differential game that diverged. */
import { formatCell } from "../engine-ts/index.js";
import { REPORT_FORMAT, type MismatchReport, type NotShrunkPart, type ShrunkPart } from "../checks/report.js";
import type { DosName } from "../emu/dos-kind.js";
import type { ProgramIdentity } from "../checks/program-identity.js";
import type { GameOutcome, ShrinkResult } from "./model.js";

function shrunkPart(result: ShrinkResult): ShrunkPart | NotShrunkPart {
  if (!("mismatch" in result))
    return { reason: result.reason, tries: result.tries, ms: Math.round(result.ms) };
  const { mismatch } = result;
  return {
    moves: result.humanMoves.map(formatCell),
    computerMoves: result.computerMoves.map(formatCell),
    ply: mismatch.ply,
    diffs: mismatch.diffs,
    screen: mismatch.screen,
    tries: result.tries,
    ms: Math.round(result.ms),
    complete: result.complete,
  };
}

/** The report of a diverged game; `identity`: the program it ran (absent where none is known). */
export function buildReport(outcome: GameOutcome, dos: DosName, identity?: ProgramIdentity): MismatchReport {
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
    ...(mismatch.expectedScreen ? { expectedScreen: mismatch.expectedScreen } : {}),
    ...(mismatch.afterInput ? { afterInput: mismatch.afterInput } : {}),
    ...(mismatch.detail ? { detail: mismatch.detail } : {}),
    dos,
    gameIndex: spec.index,
    ...(identity ? { identity } : {}),
    ...(outcome.shrunk ? { shrunk: shrunkPart(outcome.shrunk) } : {}),
  };
}
