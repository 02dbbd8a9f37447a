/**
 * Performs the storm policy's turns on a running game through the emulated mouse and keyboard only:
 * the noise (which the game must ignore), then the move or Esc. The runner checks the whole state and
 * the screen after every noise action and after every move.
 */
import { Phase } from "../guest/game-view.js";
import type { ScreenCell, StormMove, StormNoise } from "./policies.js";
import { isGameOver, type GameSession, type MoveTiming } from "../guest/session.js";

export const ESC = [0x01, 0x81];

/** Waits for the program's menu (`what` names it in the time-out's message). */
export async function waitForMenu(session: GameSession, timeoutMs: number, what: string): Promise<void> {
  await session.waitUntil(() => session.phase() === Phase.MENU, what, timeoutMs);
}

/** Moves the pointer by each delta in turn (the driver clamps it at the screen edges). */
async function wander(session: GameSession, deltas: ReadonlyArray<readonly [number, number]>): Promise<void> {
  for (const [dx, dy] of deltas) await session.machine.mouse.sendDelta(dx, dy);
}

async function click(session: GameSession, at: ScreenCell, button: "left" | "right"): Promise<void> {
  await session.machine.mouse.clickCell(at.col, at.row, button);
}

export async function performNoise(session: GameSession, noise: StormNoise): Promise<void> {
  const { mouse, keyboard } = session.machine;
  switch (noise.kind) {
    case "wander":
      return wander(session, noise.deltas);
    case "click":
      return click(session, noise.at, noise.button);
    case "drag":
      await mouse.moveToCell(noise.at.col, noise.at.row);
      await mouse.press("left");
      await wander(session, noise.deltas);
      return mouse.release("left");
    case "key":
      return keyboard.sendScancodes(noise.scancodes);
  }
}

/**
 * Clicks the move's screen cell (once, or twice quickly) and waits for the program's answer like
 * GameSession.humanMove: the human's turn two stones later, or a result.
 */
export async function performMove(
  session: GameSession,
  move: StormMove,
  timeoutMs: number,
): Promise<MoveTiming> {
  const { machine } = session;
  const expected = (session.moveCount() + 2) & 0xffff;
  const before = machine.instructionCount();
  await click(session, move.at, "left");
  if (move.double) await click(session, move.at, "left");
  await session.waitUntil(
    () => {
      const phase = session.phase();
      return (phase === Phase.HUMAN_TURN && session.moveCount() === expected) || isGameOver(phase);
    },
    `the program's answer to a ${move.double ? "double " : ""}click at screen (${move.at.col}, ${move.at.row})`,
    timeoutMs,
  );
  return { instructions: machine.instructionCount() - before };
}

/** Esc in the middle of the game: the program must give it up and show the menu. */
export async function performEscape(session: GameSession, timeoutMs: number): Promise<void> {
  await session.machine.keyboard.sendScancodes(ESC);
  await waitForMenu(session, timeoutMs, "the menu after Esc in the middle of a game");
}
