/**
 * Playing a PISKASM.COM game again in the page's emulator, as `piskasm replay` does: back to the
 * menu, the seed typed after menu key S, 1 or 2 for who starts, then the human's stones clicked
 * through the emulated mouse. Every stable state on the way is handed to `onStable` (the timeline
 * keeps it). Nothing is written into guest memory.
 */
import type { Machine } from "../../emu/types.js";
import { COMPUTER, formatCell, HUMAN } from "../../engine-ts/index.js";
import { findGame, Phase, readPhase, type GameState } from "../../guest/game-view.js";
import { GameSession, isGameOver } from "../../guest/session.js";
import type { PiskasmGame } from "../../records/piskasm-game.js";
import { moveSide } from "../timeline/engine-info.js";

/** Longest wait for one step of the replay. */
const STEP_TIMEOUT_MS = 15_000;

export interface ReplayResult {
  /** Stones placed as the game says. */
  plies: number;
  /** Why the replay stopped early (the program answered otherwise, a cell was taken, the game ended). */
  stopped: string | undefined;
}

export async function replayGame(
  machine: Machine,
  game: PiskasmGame,
  onStable: (state: GameState) => void,
  onProgress: (plies: number) => void,
): Promise<ReplayResult> {
  const layout = findGame(machine.memory);
  if (!layout) throw new Error("PISKASM.COM is not running in the emulator");
  // A game in progress is left for the menu with Esc, a result screen with a key.
  const phase = readPhase(machine.memory, layout);
  if (phase === Phase.HUMAN_TURN) await machine.keyboard.type("\x1b");
  else if (isGameOver(phase)) await machine.keyboard.type(" ");
  const session = await GameSession.open(machine, { timeoutMs: STEP_TIMEOUT_MS });
  await session.useSeed(game.seed);
  let state = await session.startGame(game.first);
  onStable(state);
  let plies = 0;
  for (let i = 0; i < game.moves.length; i++) {
    const cell = game.moves[i];
    if (moveSide(game.first, i) === COMPUTER) {
      if (state.plocha[cell] !== COMPUTER) {
        const actual = state.lastPC < 361 ? formatCell(state.lastPC) : "nothing";
        return {
          plies,
          stopped: `at stone ${i + 1} the program played ${actual} where the game has ${formatCell(cell)}`,
        };
      }
      plies++;
      continue;
    }
    if (state.phase !== Phase.HUMAN_TURN)
      return { plies, stopped: `the game is over after stone ${i}; the link has ${game.moves.length}` };
    if (state.plocha[cell] !== 0)
      return { plies, stopped: `stone ${i + 1} ${formatCell(cell)} is on a taken cell` };
    await session.humanMove(cell);
    state = session.readState();
    if (state.plocha[cell] !== HUMAN)
      return { plies, stopped: `the click on ${formatCell(cell)} placed no stone` };
    plies++;
    onStable(state);
    onProgress(plies);
  }
  return { plies, stopped: undefined };
}
