/**
 * engine-ts's Info at any ply of a move list, computed independently of the asm: the stones placed
 * in order from an empty board with the same Update (docs/evaluator.md section 5). Info depends only
 * on the stones and their order, not on Random, so a foreign game gets its Info the same way.
 */
import { COMPUTER, Game, HUMAN, type Side, type WhoStarts } from "../../engine-ts/index.js";
import type { EngineState } from "../../engine-ts/state.js";

/** The side of stone `index` (0: the first) of a game `first` started. */
export function moveSide(first: WhoStarts, index: number): Side {
  return (index % 2 === 0) === (first === "human") ? HUMAN : COMPUTER;
}

/** The state after `moves` (every stone in order) of a game `first` started with seed `seed`. */
export function engineStateAt(seed: number, first: WhoStarts, moves: readonly number[]): EngineState {
  const game = Game.newGame(seed, "human");
  for (const [i, cell] of moves.entries()) {
    if (game.result !== "playing") break;
    game.placeStone(cell, moveSide(first, i));
  }
  return game.toState();
}
