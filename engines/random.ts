/** random: a uniform choice among the empty cells within two of a stone (near the centre on an empty board). */
import { BoardEngine, type Strategy } from "./common/board-engine.js";
import type { Engine } from "./engine.js";

const NEAR = 2;
const OPENING_RADIUS = 2;

const randomStrategy: Strategy = {
  choose(board, { rng }) {
    let cells = board.stones === 0 ? board.cellsNearCentre(OPENING_RADIUS) : board.cellsNearStones(NEAR);
    if (cells.length === 0) cells = board.cellsNearStones(board.size);
    return cells[rng.below(cells.length)];
  },
};

export function createRandomEngine(): Engine {
  return new BoardEngine(
    { name: "random", version: "1.0", author: "piskasm", country: "CZ" },
    randomStrategy,
  );
}
