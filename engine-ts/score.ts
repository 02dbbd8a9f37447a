/**
 * CountScore (docs/evaluator.md section 6), the fast way of section 10: per axis, bit masks of the
 * computer's stones, the human's stones and the off-board cells over the 13 cells cell-6..cell+6
 * (bit j = offset j-6), then the 5/6/7-wide windows slide over them; a side without stones near the
 * cell takes the lonely shortcut, as the asm does.
 */
import { BOARD_SIZE } from "./board.js";
import { AXES } from "./axes.js";
import { LAYOUT } from "./tables.js";
import { linePlanes, type LinePlanes } from "./line-planes.js";

const CENTRE_BIT = 1 << 6;
const A5 = LAYOUT.attack[5],
  A6 = LAYOUT.attack[6],
  A7 = LAYOUT.attack[7];
const D5 = LAYOUT.defence[5],
  D6 = LAYOUT.defence[6],
  D7 = LAYOUT.defence[7];

/**
 * Own stones at positions 1..5 and 7..11 (bit t = position t; the scored cell is position 6). A side
 * with none of them is "lonely": a length-5 window holds just the scored cell (class ONE, mask 01 stands
 * for all five), a length-6 window at most one stone among its bits 1..4, a length-7 window at most one
 * among bits 2..4 (positions 0 and 12 are window ends): class NONE (section 7.1). The asm takes the same
 * shortcut (side_best's .lonely). lonelyShortcutHolds() checks it against the windows for a table.
 */
export const NEAR_CELLS = 0x0fbe;
/** Word offset of the class ONE entry (mask 01) in a side's length-5 table. */
const ONE_MASK = 1;

/** Best unit value over the windows of one side, given own and blocking bits over 13 cells. */
export function windowsBest(
  bodovani: Uint16Array,
  own: number,
  block: number,
  o5: number,
  o6: number,
  o7: number,
): number {
  let best = 0;
  // L = 5: window start bit j0 = 2..6 (position k = 6 - j0)
  for (let j0 = 2; j0 <= 6; j0++) {
    if (((block >> j0) & 31) === 0) {
      const v = bodovani[o5 + ((own >> j0) & 31)];
      if (v > best) best = v;
    }
  }
  // L = 6: start bit j0 = 2..5; at 1 and 6 the scored cell is the window's end, in every mask of it:
  // class NONE (section 7.1), value 0, never above best. The asm's side_best skips the same two.
  for (let j0 = 2; j0 <= 5; j0++) {
    if (((block >> j0) & 63) === 0) {
      const v = bodovani[o6 + ((own >> j0) & 63)];
      if (v > best) best = v;
    }
  }
  // L = 7: the scored cell at positions 2..4 only (CELL_POSITIONS), start bit j0 = 2..4
  for (let j0 = 2; j0 <= 4; j0++) {
    if (((block >> j0) & 127) === 0) {
      const v = bodovani[o7 + ((own >> j0) & 127)];
      if (v > best) best = v;
    }
  }
  return best;
}

/** A lonely side's best: class ONE when some length-5 window through the scored cell is unblocked. */
function lonelyBest(bodovani: Uint16Array, block: number, o5: number): number {
  for (let j0 = 2; j0 <= 6; j0++) {
    if (((block >> j0) & 31) === 0) return bodovani[o5 + ONE_MASK];
  }
  return 0;
}

/** Best unit value of one side (own includes the scored cell's bit); the lonely shortcut first. */
function sideBest(
  bodovani: Uint16Array,
  own: number,
  block: number,
  o5: number,
  o6: number,
  o7: number,
): number {
  return (own & NEAR_CELLS) === 0
    ? lonelyBest(bodovani, block, o5)
    : windowsBest(bodovani, own, block, o5, o6, o7);
}

/**
 * Whether the lonely shortcut gives the windows' own answer for every lonely side of `bodovani`:
 * every blocker pattern over the 13 cells (the scored cell never blocked) with own stones only at the
 * scored cell and at either end (positions 0 and 12), for attack and defence. The unit tests' check of
 * the shortcut, kept beside the private code it checks (not in the package's exports).
 * @internal
 */
export function lonelyShortcutHolds(bodovani: Uint16Array): boolean {
  const sides: Array<[number, number, number]> = [
    [A5, A6, A7],
    [D5, D6, D7],
  ];
  for (const [o5, o6, o7] of sides) {
    for (let block = 0; block < 1 << 13; block++) {
      if (block & CENTRE_BIT) continue;
      for (const ends of [0, 1, 1 << 12, 1 | (1 << 12)]) {
        if (block & ends) continue;
        const own = CENTRE_BIT | ends;
        if (lonelyBest(bodovani, block, o5) !== windowsBest(bodovani, own, block, o5, o6, o7)) return false;
      }
    }
  }
  return true;
}

/** Cells read on each side of the scored cell: the reach of the widest window (7). */
const REACH = 6;
const SPAN = 2 * REACH + 1;
/** Marks an off-board position in a line table. */
const OFF_BOARD = -1;

/**
 * For every cell and axis of a `size` x `size` board, the 13 cells at offsets -6..+6 along the axis
 * (OFF_BOARD where the line leaves the board): entry ((cell * 4 + axis) * 13 + j) is offset j - 6.
 * Made once per board size; CountScore then reads lines without any bounds arithmetic.
 */
function buildLineTable(size: number): Int16Array {
  const table = new Int16Array(size * size * 4 * SPAN);
  for (let cell = 0; cell < size * size; cell++) {
    const row = Math.floor(cell / size);
    const col = cell - row * size;
    for (let axis = 0; axis < 4; axis++) {
      const { dr, dc } = AXES[axis];
      for (let j = 0; j < SPAN; j++) {
        const r = row + (j - REACH) * dr;
        const c = col + (j - REACH) * dc;
        table[(cell * 4 + axis) * SPAN + j] =
          r < 0 || r >= size || c < 0 || c >= size ? OFF_BOARD : r * size + c;
      }
    }
  }
  return table;
}

/** The line tables made so far, by board size (pure data: the same for every caller). */
const lineTables = new Map<number, Int16Array>();

function lineTable(size: number): Int16Array {
  let table = lineTables.get(size);
  if (!table) {
    table = buildLineTable(size);
    lineTables.set(size, table);
  }
  return table;
}

/** The axis score of `cell` on `axis` (0..3) on a `size` x `size` board: max over both sides, all L and k. */
export function axisScore(
  plocha: Uint8Array,
  bodovani: Uint16Array,
  cell: number,
  axis: number,
  size = BOARD_SIZE,
): number {
  return axisScoreIn(linePlanes(plocha, lineTable(size), SPAN, OFF_BOARD), bodovani, cell, axis);
}

/** The line's score (line-planes.ts: bit j = offset j - 6 on the axis), remembered by the planes. */
function axisScoreIn(planes: LinePlanes, bodovani: Uint16Array, cell: number, axis: number): number {
  return planes.lineScore(cell * 4 + axis, bodovani, lineScore);
}

/** Both sides' best over a line's planes. */
function lineScore(bodovani: Uint16Array, x: number, o: number, off: number): number {
  const attack = sideBest(bodovani, x | CENTRE_BIT, o | off, A5, A6, A7);
  const defence = sideBest(bodovani, o | CENTRE_BIT, x | off, D5, D6, D7);
  return attack > defence ? attack : defence;
}

function countScoreIn(planes: LinePlanes, bodovani: Uint16Array, cell: number): number {
  return (
    axisScoreIn(planes, bodovani, cell, 0) +
    axisScoreIn(planes, bodovani, cell, 1) +
    axisScoreIn(planes, bodovani, cell, 2) +
    axisScoreIn(planes, bodovani, cell, 3)
  );
}

/** CountScore(cell) for an empty cell: the sum of the four axis scores (always < 65536). */
export function countScore(
  plocha: Uint8Array,
  bodovani: Uint16Array,
  cell: number,
  size = BOARD_SIZE,
): number {
  return scorer(plocha, bodovani, size)(cell);
}

/** CountScore of cells of a board as it is now, with the score tables' words as they are now. */
export type Scorer = (cell: number) => number;

/**
 * countScore for many cells of `plocha` (an empty one each) while the board does not change: its planes
 * are brought up to date once.
 */
export function scorer(plocha: Uint8Array, bodovani: Uint16Array, size = BOARD_SIZE): Scorer {
  const planes = linePlanes(plocha, lineTable(size), SPAN, OFF_BOARD);
  return (cell) => countScoreIn(planes, bodovani, cell);
}
