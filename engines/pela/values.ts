/**
 * pela's cell values (seed 002): each direction's value looked up in the 9-cell window table, summed
 * over the four directions, for the attack (a stone of the engine's) and the defence (a stone of the
 * opponent's) apart. Two twos in two directions score about one three in one direction.
 */
import { other, type Stone } from "../common/board.js";
import { FIVE, FOUR, OPEN3, OPEN4 } from "../common/shapes.js";
import type { ShapeLevels } from "./model.js";

/** Value per level: DEAD, ONE, TWO, OPEN2, THREE, OPEN3, FOUR, OPEN4, FIVE. */
const LEVEL_VALUE = [0, 2, 6, 30, 24, 120, 100, 1000, 10000];
/**
 * A stone that makes two threats at once (open threes or fours in two directions: 3+3, 4+3, 4+4) wins
 * in two moves unless the opponent has fours; piskasm's addition to the plain sum, so the attack plays
 * such cells and the defence takes them away first.
 */
const DOUBLE_THREAT_BONUS = 800;
/**
 * The defence counts half as much again as the attack. Measured against engine-ts (3 x 100 games at
 * 200 ms per move, seeds 77, 5, 9) with the threat searches: 90.3 % of the games won with 1.5, 86.3 %
 * with 1.2, 85.2 % with 2.0. (Before the threat searches 1.2 was best: 82 % against 77 % with 0.9
 * and 1.5, 40 games each.)
 */
const DEFENCE_NUM = 15;
const DEFENCE_DEN = 10;

/**
 * What a stone of `who` at the empty `cell` makes, packed as value * 4 + threat: the value is the
 * summed direction values (with DOUBLE_THREAT_BONUS), the threat 0 nothing, 1 a four, 2 a win next move
 * (open four, two fours), 3 five. ShapeBoard caches it per cell (ShapeBoard.facts).
 */
export function cellFacts(board: ShapeLevels, cell: number, who: Stone): number {
  let v = 0;
  let threats = 0;
  let fours = 0;
  let five = false;
  for (let d = 0; d < 4; d++) {
    const level = board.level(cell, d, who);
    v += LEVEL_VALUE[level];
    if (level >= OPEN3) threats++;
    if (level === FIVE) five = true;
    else if (level === OPEN4) fours += 2;
    else if (level === FOUR) fours++;
  }
  const threat = five ? 3 : fours >= 2 ? 2 : fours;
  return (threats >= 2 ? v + DOUBLE_THREAT_BONUS : v) * 4 + threat;
}

/** The summed direction values of a stone of `who` at the empty `cell`. */
export function cellValue(board: ShapeLevels, cell: number, who: Stone): number {
  return board.facts(cell, who) >> 2;
}

/** attack + 1.5 defence: how good the empty `cell` is for `who` to play. */
export function combinedValue(board: ShapeLevels, cell: number, who: Stone): number {
  return combined(cellValue(board, cell, who), cellValue(board, cell, other(who)));
}

/** A cell's attack + defence value from its two cell values. */
export function combined(attack: number, defence: number): number {
  return attack + (defence * DEFENCE_NUM) / DEFENCE_DEN;
}
