/**
 * The score tables Bodovani (docs/evaluator.md section 7): the class rule of 7.1, the values of 7.2
 * and the memory layout (attack L5, L6, L7, then defence L5, L6, L7; 448 words).
 */
import { COMPUTER, type Side } from "./board.js";

export const CLASSES = [
  "NONE",
  "ONE",
  "TWO",
  "THREE",
  "FOUR",
  "FIVE",
  "OPEN_TWO",
  "OPEN_THREE",
  "OPEN_FOUR",
  "WIDE_TWO",
  "WIDE_THREE",
  "LINE_DOUBLE_FOUR",
] as const;
export type UnitClass = (typeof CLASSES)[number];

export interface ClassValue {
  attack: number;
  defence: number;
}

/** Section 7.2. */
export const CLASS_VALUES: Readonly<Record<UnitClass, Readonly<ClassValue>>> = {
  FIVE: { attack: 16000, defence: 3850 },
  OPEN_FOUR: { attack: 960, defence: 135 },
  LINE_DOUBLE_FOUR: { attack: 960, defence: 135 },
  FOUR: { attack: 545, defence: 10 },
  WIDE_THREE: { attack: 33, defence: 8 },
  OPEN_THREE: { attack: 32, defence: 7 },
  THREE: { attack: 9, defence: 4 },
  WIDE_TWO: { attack: 6, defence: 4 },
  OPEN_TWO: { attack: 5, defence: 3 },
  TWO: { attack: 3, defence: 2 },
  ONE: { attack: 2, defence: 1 },
  NONE: { attack: 0, defence: 0 },
};

export type WindowLength = 5 | 6 | 7;
export const WINDOW_LENGTHS: readonly WindowLength[] = [5, 6, 7];

/**
 * The positions k of the scored cell that a window of length L counts with (section 6): all of them
 * for L = 5 and 6, the middle three (2, 3, 4) for L = 7. Every non-zero length-7 class but the line
 * double four needs the cell there anyway; `X.XXX.X` with the cell at an end (0 or 6) was a standing
 * four before the stone, and a stone 5 or 6 cells away could change its value unseen (section 5).
 */
export const CELL_POSITIONS: Readonly<Record<WindowLength, readonly number[]>> = {
  5: [0, 1, 2, 3, 4],
  6: [0, 1, 2, 3, 4, 5],
  7: [2, 3, 4],
};

/** Entries per table: 2^L. */
export const TABLE_SIZES: Readonly<Record<WindowLength, number>> = { 5: 32, 6: 64, 7: 128 };
/** Words of one side (32 + 64 + 128) and of the whole Bodovani. */
export const SIDE_WORDS = 224;
export const BODOVANI_WORDS = 448;

/** Word offset of each table inside Bodovani, for side index 0 (attack) and 1 (defence). */
export const LAYOUT: Readonly<Record<"attack" | "defence", Readonly<Record<WindowLength, number>>>> = {
  attack: { 5: 0, 6: 32, 7: 96 },
  defence: { 5: 224, 6: 256, 7: 320 },
};

if (TABLE_SIZES[5] + TABLE_SIZES[6] + TABLE_SIZES[7] !== SIDE_WORDS || 2 * SIDE_WORDS !== BODOVANI_WORDS) {
  throw new Error("Bodovani sizes are inconsistent");
}

/** The word offset of table (side, L): side 1 computer = attack, side 2 human = defence. */
export function tableOffset(side: Side, length: WindowLength): number {
  return (side === COMPUTER ? LAYOUT.attack : LAYOUT.defence)[length];
}

function popcount(x: number): number {
  let n = 0;
  for (let v = x; v !== 0; v &= v - 1) n++;
  return n;
}

/**
 * `X.XXX.X`: the one length-7 mask that holds two fours of one line, fives at positions 1 and 5 (the
 * windows 0..4 and 2..6). No single stone stops both: a win in two like an open four (section 7.1).
 */
export const LINE_DOUBLE_FOUR_MASK = 0b1011101;

/** Section 7.1: the class of entry `mask` of a length-L table. */
export function classify(length: WindowLength, mask: number): UnitClass {
  if (!Number.isInteger(mask) || mask < 0 || mask >= 1 << length) {
    throw new RangeError(`mask ${mask} does not fit a length-${length} window`);
  }
  if (length === 5) {
    return (["NONE", "ONE", "TWO", "THREE", "FOUR", "FIVE"] as const)[popcount(mask)];
  }
  if (length === 6) {
    if (mask & 0b100001) return "NONE";
    const n = popcount(mask & 0b011110);
    return n === 4 ? "OPEN_FOUR" : n === 3 ? "OPEN_THREE" : n === 2 ? "OPEN_TWO" : "NONE";
  }
  if (mask === LINE_DOUBLE_FOUR_MASK) return "LINE_DOUBLE_FOUR";
  if (mask & 0b1100011) return "NONE";
  const n = popcount(mask & 0b0011100);
  return n === 3 ? "WIDE_THREE" : n === 2 ? "WIDE_TWO" : "NONE";
}

/** Builds the 448 words of Bodovani in memory order. */
export function buildBodovani(): Uint16Array {
  const out = new Uint16Array(BODOVANI_WORDS);
  for (const role of ["attack", "defence"] as const) {
    for (const length of WINDOW_LENGTHS) {
      const base = LAYOUT[role][length];
      for (let mask = 0; mask < TABLE_SIZES[length]; mask++) {
        out[base + mask] = CLASS_VALUES[classify(length, mask)][role];
      }
    }
  }
  return out;
}

/** The entry for a window of length L counting for `side`, pattern `mask`. */
export function unitValue(bodovani: Uint16Array, side: Side, length: WindowLength, mask: number): number {
  return bodovani[tableOffset(side, length) + mask];
}

/** A mask drawn with bit 0 on the left: `X` a stone of the side (or the scored cell), `.` empty. */
export function maskPattern(length: number, mask: number): string {
  let s = "";
  for (let t = 0; t < length; t++) s += mask & (1 << t) ? "X" : ".";
  return s;
}
