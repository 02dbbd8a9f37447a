/**
 * The shape a stone makes in one direction, looked up in a table of every 9-cell window (the cell in
 * the middle, four cells each side; each neighbour empty, own, opponent's or off the board: 4^8 =
 * 65,536 windows). Pela (seed 002) precomputes such a table; crossmix reads its flags from it too.
 *
 * The level of a window is what a stone in the middle makes along that line:
 *   FIVE   five or more in a row;
 *   OPEN4  a four with two cells that complete a five (cannot be stopped);
 *   FOUR   a four with one completing cell;
 *   OPEN3  one more stone can make an OPEN4;   THREE  one more stone can make a FOUR;
 *   OPEN2  one more stone can make an OPEN3;   TWO    one more stone can make a THREE;
 *   ONE    a five through the middle is still possible;  DEAD  it is not (blocked on both sides with
 *          fewer than five cells between).
 */
import { Board, DIRECTIONS, EMPTY, type Stone } from "./board.js";

export const DEAD = 0;
export const ONE = 1;
export const TWO = 2;
export const OPEN2 = 3;
export const THREE = 4;
export const OPEN3 = 5;
export const FOUR = 6;
export const OPEN4 = 7;
export const FIVE = 8;

/** Window slot contents (two bits each): slots 0..3 are the cells at -4..-1, slots 4..7 at +1..+4. */
export const SLOT_EMPTY = 0;
export const SLOT_OWN = 1;
export const SLOT_OTHER = 2;
export const SLOT_OFF = 3;
export const SLOTS = 8;

/** The offset along the line of window slot `i` (-4..-1, +1..+4). */
export function slotOffset(i: number): number {
  return i < 4 ? i - 4 : i - 3;
}
const WINDOWS = 1 << (2 * SLOTS);

function slot(key: number, i: number): number {
  return (key >> (2 * i)) & 3;
}

/** Own stones in an unbroken run through the middle. */
function runThroughMiddle(key: number): number {
  let n = 1;
  for (let i = 3; i >= 0 && slot(key, i) === SLOT_OWN; i--) n++;
  for (let i = 4; i < SLOTS && slot(key, i) === SLOT_OWN; i++) n++;
  return n;
}

/** Builds the level of every window (memoised recursion on windows with one more own stone). */
function buildTable(): Uint8Array {
  const table = new Uint8Array(WINDOWS).fill(255);
  const level = (key: number): number => {
    if (table[key] !== 255) return table[key];
    let result: number;
    if (runThroughMiddle(key) >= 5) {
      result = FIVE;
    } else {
      let completions = 0;
      let best = DEAD;
      for (let i = 0; i < SLOTS; i++) {
        if (slot(key, i) !== SLOT_EMPTY) continue;
        const next = key | (SLOT_OWN << (2 * i));
        if (runThroughMiddle(next) >= 5) {
          completions++;
          continue;
        }
        best = Math.max(best, LOWERED[level(next)] ?? ONE);
      }
      result = completions >= 2 ? OPEN4 : completions === 1 ? FOUR : best;
    }
    table[key] = result;
    return result;
  };
  for (let key = 0; key < WINDOWS; key++) level(key);
  return table;
}

/** The level one stone fewer gives: OPEN4 -> OPEN3, FOUR -> THREE, OPEN3 -> OPEN2, THREE -> TWO, DEAD stays, else ONE. */
const LOWERED: Readonly<Record<number, number>> = {
  [OPEN4]: OPEN3,
  [FOUR]: THREE,
  [OPEN3]: OPEN2,
  [THREE]: TWO,
  [DEAD]: DEAD,
};

let cached: Uint8Array | undefined;

/** The table of all 9-cell windows (built once, about 65 k entries). */
export function shapeTable(): Uint8Array {
  cached ??= buildTable();
  return cached;
}

/** The window key of `cell` along (dx, dy) as seen by `who` (its stones are "own"). */
export function windowKey(board: Board, cell: number, dx: number, dy: number, who: Stone): number {
  const size = board.size;
  const cells = board.cells;
  const x0 = cell % size;
  const y0 = (cell - x0) / size;
  let key = 0;
  for (let i = 0; i < SLOTS; i++) {
    const k = slotOffset(i);
    const x = x0 + k * dx;
    const y = y0 + k * dy;
    let s = SLOT_OFF;
    if (x >= 0 && y >= 0 && x < size && y < size) {
      const c = cells[y * size + x];
      s = c === EMPTY ? SLOT_EMPTY : c === who ? SLOT_OWN : SLOT_OTHER;
    }
    key |= s << (2 * i);
  }
  return key;
}

/** The levels a stone of `who` at the (empty) `cell` makes in the four directions. */
export function cellLevels(
  board: Board,
  cell: number,
  who: Stone,
  table: Uint8Array = shapeTable(),
): number[] {
  return DIRECTIONS.map(([dx, dy]) => table[windowKey(board, cell, dx, dy, who)]);
}
