/**
 * Playing a faulty program (faulty-floppy.ts) under the checker of the whole program, as the fault tests
 * do: a few inputs through the emulated keyboard and mouse until the checker's mismatch, or the sweep's
 * games by their index as `piskasm diff` plays them; each returns the fields the mismatch names.
 */
import { openSession } from "../../guest/boot.js";
import { MismatchError, ProgramChecker } from "../../checks/checker.js";
import { cellToScreen } from "../../guest/game-view.js";
import { parseCell } from "../../engine-ts/index.js";
import type { DiffField } from "../../checks/diff-types.js";
import type { GameSession } from "../../guest/session.js";
import type { GameSpec } from "../../harness/model.js";
import { runDiff } from "../../harness/run.js";
import { BOOT } from "./setup.js";
import { faultyFloppy, type SourceEdit } from "./faulty-floppy.js";

/** A settle time-out short enough for a hanging program to be told quickly. */
export const SETTLE_MS = 3_000;

/** A click on the board cell `name` (e.g. "K10"). */
export async function click(
  session: GameSession,
  name: string,
  button: "left" | "right" = "left",
): Promise<void> {
  const at = cellToScreen(session.layout.geometry, parseCell(name));
  await session.machine.mouse.clickCell(at.col, at.row, button);
}

/** Boots the faulty program, plays `steps` under the checker and returns the fields of its mismatch. */
export async function mismatchFields(
  edit: SourceEdit,
  steps: (s: GameSession) => Promise<void>,
): Promise<DiffField[]> {
  const session = await openSession({ image: faultyFloppy(edit), dos: "builtin", timeoutMs: 20_000 });
  try {
    const checker = ProgramChecker.attach(session, { settleTimeoutMs: SETTLE_MS, sink: "throw" });
    checker.checkNow();
    await steps(session);
    throw new Error("the fault was not found");
  } catch (error) {
    if (!(error instanceof MismatchError)) throw error;
    return [...new Set(error.mismatch.diffs.map((d) => d.field))];
  } finally {
    await session.machine.destroy();
  }
}

/** A game of no moves: the start's checks name it in a report. */
export const START_SPEC = {
  index: 0,
  whoStarts: "human",
  policy: "replay",
  policySeed: 0,
  moves: [],
  maxComputerMoves: 0,
} as const;

/** The sweep's game `index` (its opening is chosen by the index). */
export const sweepGame = (index: number): GameSpec => ({
  index,
  whoStarts: index % 2 === 0 ? "human" : "computer",
  policy: "sweep",
  policySeed: 1000 + index,
  maxComputerMoves: 20,
});

/** The sweep's games `indices` in one session on `image`: each game's mismatch fields (undefined: none). */
export async function fieldsByGame(
  image: string,
  indices: readonly number[],
): Promise<Array<DiffField[] | undefined>> {
  const { outcomes } = await runDiff({ boot: { ...BOOT, image }, specs: indices.map(sweepGame), jobs: 1 });
  return outcomes.map((o) => o.mismatch && [...new Set(o.mismatch.diffs.map((d) => d.field))]);
}

/** The faulty program's sweep games `indices`, in one session: each game's mismatch fields. */
export const faultySweep = (
  edit: SourceEdit,
  indices: readonly number[],
): Promise<Array<DiffField[] | undefined>> => fieldsByGame(faultyFloppy(edit), indices);
