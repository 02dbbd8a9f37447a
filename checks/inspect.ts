/**
 * Plays given human moves in the emulator (the computer answering) and in engine-ts, for looking at
 * both engines' Info on one position (`piskasm info`).
 */
import { formatCell, Game, type EngineState } from "../engine-ts/index.js";
import { compareStates } from "./compare.js";
import type { Diff } from "./diff-types.js";
import { Phase, type GameState } from "../guest/game-view.js";
import type { GameSession } from "../guest/session.js";

/** A move that cannot be played on the position (occupied cell, game already over). */
export class BadMoveError extends Error {
  override readonly name = "BadMoveError";
}

export interface Inspection {
  seed: number;
  /** The moves played (all of them, or up to the first divergence). */
  played: number[];
  asm: GameState;
  ts: EngineState;
  diffs: Diff[];
}

export async function inspectMoves(
  session: GameSession,
  moves: readonly number[],
  seed?: number,
): Promise<Inspection> {
  if (seed !== undefined) await session.useSeed(seed);
  let asm = await session.startGame("human");
  const engine = Game.newGame(asm.seed, "human");
  const played: number[] = [];
  let diffs = compareStates(asm, engine.state);
  for (const cell of moves) {
    if (diffs.length > 0) break;
    if (asm.phase !== Phase.HUMAN_TURN) {
      throw new BadMoveError(
        `move ${formatCell(cell)}: the game is over after ${played.map(formatCell).join(",")}`,
      );
    }
    if (asm.plocha[cell] !== 0) {
      const who = asm.plocha[cell] === 1 ? "the computer" : "the human";
      throw new BadMoveError(`move ${formatCell(cell)} is on an occupied cell (${who}'s stone)`);
    }
    await session.humanMove(cell);
    engine.humanMove(cell);
    played.push(cell);
    asm = session.readState();
    diffs = compareStates(asm, engine.state);
  }
  return { seed: asm.seed, played, asm, ts: engine.toState(), diffs };
}
