/**
 * Generated positions around a line double four (`X.X.X.X` for the computer, `O.O.O.O` for the
 * human, docs/evaluator.md 7.1) with a few random stones near it, for the property tests of the
 * evaluator: the stones in a random order, ready for the set-up mode (menu key 4, Game.setUp).
 */
import { AXES, BOARD_SIZE, COMPUTER, EMPTY, HUMAN, type Side } from "../engine-ts/index.js";
import type { Prng } from "../util/prng.js";

export interface PlacedStone {
  cell: number;
  side: Side;
}

export interface ShapePosition {
  /** Whose line double four. */
  owner: Side;
  /** The four stones, then the random ones, shuffled together. */
  stones: PlacedStone[];
  /** The middle gap of the shape (the stone that makes two fours). */
  middle: number;
}

/** Cells of the shape: stones at 0, 2, 4, 6, gaps at 1, 3, 5. */
const SHAPE_LENGTH = 7;
/** Random stones land within this Chebyshev distance of the shape. */
const NEAR = 3;

function cellAt(row: number, col: number): number {
  return row < 0 || row >= BOARD_SIZE || col < 0 || col >= BOARD_SIZE ? -1 : row * BOARD_SIZE + col;
}

/** A random stone count in min..max. */
function between(prng: Prng, min: number, max: number): number {
  return min + prng.below(max - min + 1);
}

/**
 * One position: the shape of `owner` on a random line of the board, and `extra` random stones of
 * either side within NEAR of it, never on the shape's seven cells.
 */
export function lineDoubleFourPosition(prng: Prng, owner: Side, extraMin = 2, extraMax = 10): ShapePosition {
  const axis = AXES[prng.below(4)];
  let shape: number[] = [];
  while (shape.length < SHAPE_LENGTH) {
    const row = prng.below(BOARD_SIZE);
    const col = prng.below(BOARD_SIZE);
    shape = Array.from({ length: SHAPE_LENGTH }, (_, t) => cellAt(row + t * axis.dr, col + t * axis.dc));
    if (shape.includes(-1)) shape = [];
  }
  const board = new Uint8Array(BOARD_SIZE * BOARD_SIZE);
  const stones: PlacedStone[] = [0, 2, 4, 6].map((t) => ({ cell: shape[t], side: owner }));
  for (const stone of stones) board[stone.cell] = owner;
  const taken = new Set(shape);
  const extra = between(prng, extraMin, extraMax);
  for (let tries = 0; stones.length < 4 + extra && tries < 200; tries++) {
    const near = shape[prng.below(SHAPE_LENGTH)];
    const cell = cellAt(Math.floor(near / BOARD_SIZE) + between(prng, -NEAR, NEAR), (near % BOARD_SIZE) + between(prng, -NEAR, NEAR));
    if (cell < 0 || taken.has(cell) || board[cell] !== EMPTY) continue;
    const side: Side = prng.below(2) === 0 ? COMPUTER : HUMAN;
    board[cell] = side;
    stones.push({ cell, side });
  }
  for (let i = stones.length - 1; i > 0; i--) {
    const j = prng.below(i + 1);
    [stones[i], stones[j]] = [stones[j], stones[i]];
  }
  return { owner, stones, middle: shape[3] };
}

/** The middle gaps of every `X.X.X.X` of `side` on the board: its stones at -3, -1, +1, +3, the gaps empty. */
export function middleGaps(plocha: Uint8Array, side: Side): number[] {
  const out: number[] = [];
  for (let cell = 0; cell < plocha.length; cell++) {
    if (plocha[cell] !== EMPTY) continue;
    const row = Math.floor(cell / BOARD_SIZE);
    const col = cell % BOARD_SIZE;
    const isGap = AXES.some(({ dr, dc }) =>
      [-3, -2, -1, 1, 2, 3].every((d) => {
        const at = cellAt(row + d * dr, col + d * dc);
        return at >= 0 && plocha[at] === (d % 2 !== 0 ? side : EMPTY);
      }),
    );
    if (isGap) out.push(cell);
  }
  return out;
}
