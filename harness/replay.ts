/** Re-runs the game of a mismatch report on both engines: same seed (/S:), who starts and human moves. */
import { parseCell } from "../engine-ts/index.js";
import type { Diff } from "../checks/diff-types.js";
import type { MismatchReport } from "../checks/report.js";
import { failedStartOutcome, playGame } from "./runner.js";
import { openSession, type BootSpec } from "../guest/boot.js";
import { isFailedStart, startMachine, type GameSession } from "../guest/session.js";
import type { GameSpec, GameOutcome } from "./model.js";

/**
 * The game of a report. A storm, sweep or probe game is played again by its policy with the report's policy
 * seed and game index (its noise and opening are part of the game), for as many computer moves as the
 * report has; every other game by its list of human moves.
 */
export function replaySpec(report: MismatchReport): GameSpec {
  const common = {
    index: report.gameIndex,
    whoStarts: report.whoStarts,
    policySeed: report.policySeed,
    seed: report.seed,
  };
  if (report.policy === "storm" || report.policy === "sweep" || report.policy === "probe")
    return { ...common, policy: report.policy, maxComputerMoves: report.computerMoves.length };
  return {
    ...common,
    policy: "replay",
    moves: report.moves.map(parseCell),
    maxComputerMoves: Number.POSITIVE_INFINITY,
  };
}

/**
 * Boots `boot` and replays the report's game on it. A program that does not come to its menu, comes to
 * it with a debug header of another version or shows none, is its start's check against the model (as
 * the diff runner and mutation testing saw it); the machine is released after.
 */
export async function replayBooted(boot: BootSpec, report: MismatchReport): Promise<GameOutcome> {
  let session: GameSession;
  try {
    session = await openSession(boot);
  } catch (error) {
    if (!isFailedStart(error)) throw error;
    try {
      const outcome = failedStartOutcome(error, replaySpec(report), boot.timeoutMs);
      if (!outcome) throw error;
      return outcome;
    } finally {
      await startMachine(error).destroy();
    }
  }
  try {
    return await playGame(session, replaySpec(report), { stepTimeoutMs: boot.timeoutMs });
  } finally {
    await session.machine.destroy();
  }
}

const key = (d: Diff): string => JSON.stringify([d.field, d.cell, d.asm, d.ts]);

/** True when the replay diverged at the same ply with exactly the report's differences. */
export function sameDivergence(report: MismatchReport, outcome: GameOutcome): boolean {
  const m = outcome.mismatch;
  if (!m || m.ply !== report.ply || m.diffs.length !== report.diffs.length) return false;
  const expected = new Set(report.diffs.map(key));
  return m.diffs.every((d) => expected.has(key(d)));
}
