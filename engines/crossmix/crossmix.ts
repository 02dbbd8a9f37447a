/**
 * crossmix (seed 001): flag arrays for both players, the seed's three defensive exceptions on top, then
 * the square with the highest flag in either array (piskasm's choice rule: ties go to the engine's own
 * flag, then the other array's, then the game's random numbers). X is the first player.
 */
import { bestBy } from "../common/best.js";
import { BoardEngine, type Strategy } from "../common/board-engine.js";
import { OPP, OWN, type Board } from "../common/board.js";
import type { Engine } from "../engine.js";
import { applyCrossmix } from "./exceptions.js";
import { countThrees, flagArray } from "./flags.js";

const OPENING_RADIUS = 0;
/** Only cells this close to a stone are considered (far cells all score 1: a five is possible there). */
const NEAR = 2;

/** The flag arrays after the exceptions: the engine's own and the other side's (X is the first player). */
function crossmixFlags(board: Board): { own: Int32Array; other: Int32Array } {
  const ownIsX = board.stones % 2 === 0;
  const flagx = flagArray(board, ownIsX ? OWN : OPP);
  const flago = flagArray(board, ownIsX ? OPP : OWN);
  applyCrossmix(flagx, flago, ownIsX ? 1 : 0, countThrees(board, ownIsX ? OWN : OPP));
  return ownIsX ? { own: flagx, other: flago } : { own: flago, other: flagx };
}

export const crossmixStrategy: Strategy = {
  choose(board, { rng }) {
    if (board.stones === 0) return board.cellsNearCentre(OPENING_RADIUS)[0];
    const { own, other } = crossmixFlags(board);
    const key = (cell: number): number[] => [Math.max(own[cell], other[cell]), own[cell], other[cell]];
    return bestBy(board.cellsNearStones(NEAR), rng, key) ?? -1;
  },
  scores(board) {
    const { own, other } = crossmixFlags(board);
    return Float64Array.from(own, (v, i) => Math.max(v, other[i]));
  },
};

export function createCrossmixEngine(): Engine {
  return new BoardEngine(
    { name: "crossmix", version: "2014", author: "FREE SECTOR page 27; piskasm design", country: "CZ" },
    crossmixStrategy,
  );
}
