/**
 * Starting and leaving games the way a person does: keys through the emulated keyboard, never
 * memory. A chosen seed goes through the harness's GameSession.useSeed (the game's menu key S).
 */
import type { Machine } from "../emu/types.js";
import { Phase, phaseName, readPhase, type GameLayout, type PhaseValue } from "../guest/game-view.js";
import { GameSession, isGameOver } from "../guest/session.js";

export type Starter = "human" | "computer";

const MENU_KEY: Readonly<Record<Starter, string>> = { human: "1", computer: "2" };
const ESC = "\x1b";
const ANY_KEY = " ";
const PHASE_TIMEOUT_MS = 10_000;
/** Typing a seed after menu key S takes longer at 4.77 MHz. */
const SEED_TIMEOUT_MS = 60_000;

/** From a game (Esc: the game's give-up key) or a result screen (any key) back to the menu. */
export async function backToMenu(machine: Machine, layout: GameLayout): Promise<void> {
  const phase = (): PhaseValue => readPhase(machine.memory, layout);
  const current = phase();
  if (current === Phase.HUMAN_TURN) await machine.keyboard.type(ESC);
  else if (isGameOver(current)) await machine.keyboard.type(ANY_KEY);
  else if (current !== Phase.MENU) throw new Error(`the game is not at its menu or in a game (${phaseName(current)})`);
  await machine.waitFor(() => phase() === Phase.MENU, { timeoutMs: PHASE_TIMEOUT_MS, what: "the game's menu" });
}

/** From any phase of the game: back to the menu, then 1 or 2; with `seed`, menu key S and the seed first. */
export async function startNewGame(machine: Machine, layout: GameLayout, starter: Starter, seed?: number): Promise<void> {
  await backToMenu(machine, layout);
  if (seed !== undefined) {
    const session = await GameSession.open(machine, { timeoutMs: SEED_TIMEOUT_MS });
    await session.useSeed(seed);
    await session.startGame(starter);
    return;
  }
  await machine.keyboard.type(MENU_KEY[starter]);
  await machine.waitFor(() => readPhase(machine.memory, layout) === Phase.HUMAN_TURN, {
    timeoutMs: PHASE_TIMEOUT_MS,
    what: "the new game to start",
  });
}
