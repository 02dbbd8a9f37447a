/**
 * The priority levels of docs/evaluator.md section 7.3: what a move on a cell does (win, block a four,
 * ...), read from the units that count there, on a board of any size (section 3.1). The table values are chosen so that a cell of a higher
 * level always scores more than any cell of a lower one; this file only names the levels, it never
 * changes a score.
 */
import { BOARD_SIZE, COMPUTER, HUMAN, opponent, type Side } from "../engine-ts/board.js";
import { AXES } from "../engine-ts/axes.js";
import {
  CELL_POSITIONS,
  CLASSES,
  classify,
  TABLE_SIZES,
  WINDOW_LENGTHS,
  type UnitClass,
  type WindowLength,
} from "../engine-ts/tables.js";

/** Highest first. OTHER: none of the named levels. */
export const PRIORITY_LEVELS = [
  "WIN",
  "BLOCK_FOUR",
  "OPEN_OR_DOUBLE_FOUR",
  "FOUR",
  "BLOCK_WIN_IN_TWO",
  "DOUBLE_THREE",
  "OTHER",
] as const;
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];

/** The classes of every window length, by mask, as bits 1 << CLASSES.indexOf(class) (computed once). */
const CLASS_BIT: Readonly<Record<WindowLength, readonly number[]>> = {
  5: Array.from({ length: TABLE_SIZES[5] }, (_, mask) => bitOf(classify(5, mask))),
  6: Array.from({ length: TABLE_SIZES[6] }, (_, mask) => bitOf(classify(6, mask))),
  7: Array.from({ length: TABLE_SIZES[7] }, (_, mask) => bitOf(classify(7, mask))),
};

function bitOf(cls: UnitClass): number {
  return 1 << CLASSES.indexOf(cls);
}

/**
 * The classes of the windows of `axis` through `cell` that count for `side` (section 6), as class bits,
 * on a `size` x `size` board (off-board cells block like opposing stones).
 */
export function axisClassBits(
  plocha: Uint8Array,
  cell: number,
  axis: number,
  side: Side,
  size = BOARD_SIZE,
): number {
  const row = Math.floor(cell / size);
  const col = cell % size;
  const { dr, dc } = AXES[axis];
  const opp = opponent(side);
  let out = 0;
  for (const length of WINDOW_LENGTHS) {
    for (const k of CELL_POSITIONS[length]) {
      let mask = 0;
      let counts = true;
      for (let t = 0; t < length && counts; t++) {
        const r = row + (t - k) * dr;
        const c = col + (t - k) * dc;
        const p = r >= 0 && r < size && c >= 0 && c < size ? plocha[r * size + c] : opp;
        if (p === opp) counts = false;
        else if (p === side || t === k) mask |= 1 << t;
      }
      if (counts) out |= CLASS_BIT[length][mask];
    }
  }
  return out;
}

/** The priority level of a move on the empty `cell` of a `size` x `size` board (evaluator.md 7.3). */
export function priorityLevel(plocha: Uint8Array, cell: number, size = BOARD_SIZE): PriorityLevel {
  const attack = [0, 1, 2, 3].map((axis) => axisClassBits(plocha, cell, axis, COMPUTER, size));
  const defence = [0, 1, 2, 3].map((axis) => axisClassBits(plocha, cell, axis, HUMAN, size));
  const axesWith = (bits: number[], classes: readonly UnitClass[]): number => {
    const wanted = classes.reduce((m, cls) => m | bitOf(cls), 0);
    return bits.filter((b) => (b & wanted) !== 0).length;
  };
  if (axesWith(attack, ["FIVE"]) > 0) return "WIN";
  if (axesWith(defence, ["FIVE"]) > 0) return "BLOCK_FOUR";
  if (axesWith(attack, ["OPEN_FOUR", "LINE_DOUBLE_FOUR"]) > 0 || axesWith(attack, ["FOUR"]) >= 2) {
    return "OPEN_OR_DOUBLE_FOUR";
  }
  if (axesWith(attack, ["FOUR"]) > 0) return "FOUR";
  if (axesWith(defence, ["OPEN_FOUR", "LINE_DOUBLE_FOUR"]) > 0) return "BLOCK_WIN_IN_TWO";
  if (axesWith(attack, ["OPEN_THREE", "WIDE_THREE"]) >= 2) return "DOUBLE_THREE";
  return "OTHER";
}

/** Ranks: 0 for WIN up to 6 for OTHER, so that a smaller rank is a higher priority. */
export function priorityRank(level: PriorityLevel): number {
  return PRIORITY_LEVELS.indexOf(level);
}
