/**
 * Generated positions around a line double four (`X.X.X.X` for the computer, `O.O.O.O` for the
 * human, docs/evaluator.md 7.1) with a few random stones near it, for the property tests of the
 * evaluator: the stones in a random order, ready for the set-up mode (menu key 4, Game.setUp); and
 * the two properties (evaluator.md 7.4), judged by the checker of testkit/blunders.ts:
 *   O.O.O.O: when the computer has no five, no forced block and no win in two of its own, the human's
 *            wins in two are line double fours only and some stone stops them all, the computer's
 *            move leaves the human no win in two.
 *   X.X.X.X: when nothing sooner is forced (its five, a human four), the computer plays the middle
 *            gap, or another stone that makes a win in two when it has one.
 */
import { AXES, BOARD_SIZE, COMPUTER, EMPTY, HUMAN, type Side } from "../engine-ts/index.js";
import type { Prng } from "../util/prng.js";
import { avoidable } from "./blunders.js";
import { ThreatBoard, winsWithinTwo } from "./threats.js";

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
    const cell = cellAt(
      Math.floor(near / BOARD_SIZE) + between(prng, -NEAR, NEAR),
      (near % BOARD_SIZE) + between(prng, -NEAR, NEAR),
    );
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

export interface ShapeVerdict {
  /** The position meets the property's conditions. */
  applies: boolean;
  /** O.O.O.O positions where the human also has other wins in two (not asserted: evaluator.md 7.4). */
  crowded: boolean;
  holds: boolean;
  /** The computer played a middle gap of a line double four of `owner`. */
  middle: boolean;
}

export const NOT_APPLICABLE: ShapeVerdict = { applies: false, crowded: false, holds: false, middle: false };

/**
 * Whether the position `before` (computer to move) meets the conditions of the property for the line
 * double four of `owner`: "applies", "crowded" (O.O.O.O with other human wins in two), or undefined.
 */
export function shapeCondition(before: Uint8Array, owner: Side): "applies" | "crowded" | undefined {
  const board = new ThreatBoard(before);
  if (board.fiveCells(COMPUTER).length > 0 || board.fiveCells(HUMAN).length > 0) return undefined;
  const ownWins = board.winsInTwo(COMPUTER);
  if (owner === COMPUTER) return ownWins.length > 0 ? "applies" : undefined;
  const humanWins = board.winsInTwo(HUMAN);
  if (ownWins.length > 0 || !avoidable(board, humanWins)) return undefined;
  return humanWins.every((w) => w.shape === "line_double_four") ? "applies" : "crowded";
}

/**
 * The property for the computer's stone on `cell` in the position `before` (read, left as it was),
 * whose shapeCondition() is `condition`.
 */
export function judgeAnswer(
  before: Uint8Array,
  owner: Side,
  cell: number,
  condition: "applies" | "crowded",
): ShapeVerdict {
  const board = new ThreatBoard(before);
  const gaps = middleGaps(before, owner);
  const middle = gaps.includes(cell);
  const verdict = { applies: condition === "applies", crowded: condition === "crowded", middle };
  if (owner === HUMAN) {
    return { ...verdict, holds: board.with(cell, COMPUTER, () => winsWithinTwo(board, HUMAN)).length === 0 };
  }
  const ownWins = board.winsInTwo(COMPUTER);
  const onlyGaps = ownWins.every((w) => gaps.includes(w.cell));
  return { ...verdict, holds: onlyGaps ? middle : ownWins.some((w) => w.cell === cell) };
}
