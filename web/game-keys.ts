/** Starting a new game the way a person does: keys through the emulated keyboard, never memory. */
import type { Machine } from "../emu/types.js";
import { Phase, phaseName, readPhase, type GameLayout, type PhaseValue } from "../harness/game-view.js";

export type Starter = "human" | "computer";

const MENU_KEY: Readonly<Record<Starter, string>> = { human: "1", computer: "2" };
const PHASE_TIMEOUT_MS = 10_000;

/** From any phase of the game: back to the menu (Esc in a game, a key on a result), then 1 or 2. */
export async function startNewGame(machine: Machine, layout: GameLayout, starter: Starter): Promise<void> {
  const phase = (): PhaseValue => readPhase(machine.memory, layout);
  const current = phase();
  if (current === Phase.HUMAN_TURN) await machine.keyboard.type("\x1b");
  else if (current === Phase.COMPUTER_WON || current === Phase.HUMAN_WON || current === Phase.DRAW) await machine.keyboard.type(" ");
  else if (current !== Phase.MENU) throw new Error(`the game is not at its menu or in a game (phase ${phaseName(current)})`);
  await machine.waitFor(() => phase() === Phase.MENU, { timeoutMs: PHASE_TIMEOUT_MS, what: "the game's menu" });
  await machine.keyboard.type(MENU_KEY[starter]);
  await machine.waitFor(() => phase() === Phase.HUMAN_TURN, {
    timeoutMs: PHASE_TIMEOUT_MS,
    what: "the new game to start",
  });
}
