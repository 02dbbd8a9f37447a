/**
 * The whole program against its model (program-ts): every byte of the data, every cell of the screen
 * and the pointer's visibility. Typed-array loops that stop early when everything agrees: after every
 * input this costs a few microseconds.
 */
import {
  DATA_BYTES,
  DATA_VARIABLES,
  SCREEN_COLS,
  SCREEN_ROWS,
  type DataVariable,
} from "../program-ts/index.js";
import type { TextCells } from "../emu/types.js";
import { CP437 } from "../emu/cp437.js";
import { cellDiff, scalarDiff, type Diff, type DiffField } from "./diff-types.js";

/** At most this many differences are listed per array variable and for the screen. */
const LISTED_PER_VARIABLE = 32;

/** The variables whose elements are board cells (reported per cell, as engine-ts's fields are). */
const CELL_VARIABLES = new Set(["Plocha", "Info"]);

function element(bytes: Uint8Array, variable: DataVariable, index: number): number {
  const at = variable.offset + index * variable.unit;
  return variable.unit === 2 ? bytes[at] | (bytes[at + 1] << 8) : bytes[at];
}

function variableDiffs(expected: Uint8Array, observed: Uint8Array, variable: DataVariable): Diff[] {
  const diffs: Diff[] = [];
  const elements = variable.bytes / variable.unit;
  const field = variable.name as DiffField;
  for (let i = 0; i < elements && diffs.length < LISTED_PER_VARIABLE; i++) {
    const asm = element(observed, variable, i);
    const ts = element(expected, variable, i);
    if (asm === ts) continue;
    if (CELL_VARIABLES.has(variable.name)) diffs.push(cellDiff(field, i, asm, ts));
    else if (elements === 1) diffs.push(scalarDiff(field, asm, ts));
    else diffs.push(scalarDiff(field, `[${i}] ${asm}`, `[${i}] ${ts}`));
  }
  return diffs;
}

/** Every differing variable of the data (DATA_BYTES from the BSS's start), named. */
export function compareData(expected: Uint8Array, observed: Uint8Array): Diff[] {
  let same = expected.length === DATA_BYTES && observed.length === DATA_BYTES;
  for (let i = 0; same && i < DATA_BYTES; i++) same = expected[i] === observed[i];
  if (same) return [];
  return DATA_VARIABLES.flatMap((variable) => variableDiffs(expected, observed, variable));
}

const hex2 = (n: number): string => `${n.toString(16).toUpperCase().padStart(2, "0")}h`;

/** A screen word as a report shows it: where, the character, the attribute. */
function describeCell(col: number, row: number, word: number): string {
  return `(col ${col}, row ${row}) '${CP437[word & 0xff]}' ${hex2(word >> 8)}`;
}

/** A screen position, or none. */
export interface ScreenSpot {
  col: number;
  row: number;
}

/**
 * Every differing screen cell (up to the list limit), but the one under a shown mouse pointer: the
 * driver draws that one (MOUSE.COM), not the program.
 */
export function compareScreen(
  expected: Uint16Array,
  observed: TextCells,
  pointer: ScreenSpot | undefined,
): Diff[] {
  const diffs: Diff[] = [];
  for (let row = 0; row < SCREEN_ROWS; row++) {
    for (let col = 0; col < SCREEN_COLS; col++) {
      const want = expected[row * SCREEN_COLS + col];
      const got = observed.at(col, row);
      if (got === want || (pointer && pointer.col === col && pointer.row === row)) continue;
      if (diffs.length === LISTED_PER_VARIABLE) return diffs;
      diffs.push(scalarDiff("ScreenCell", describeCell(col, row, got), describeCell(col, row, want)));
    }
  }
  return diffs;
}

/** Every differing cell of the screen (row * 80 + col), the shown pointer's aside, for a view that marks them all. */
export function differingCells(
  expected: Uint16Array,
  observed: TextCells,
  pointer: ScreenSpot | undefined,
): number[] {
  const cells: number[] = [];
  for (let row = 0; row < SCREEN_ROWS; row++)
    for (let col = 0; col < SCREEN_COLS; col++) {
      const under = pointer !== undefined && pointer.col === col && pointer.row === row;
      if (!under && observed.at(col, row) !== expected[row * SCREEN_COLS + col])
        cells.push(row * SCREEN_COLS + col);
    }
  return cells;
}

/** The screen the model expects, as text rows (for reports beside the emulated screen). */
export function screenLines(words: Uint16Array): string[] {
  const lines: string[] = [];
  for (let row = 0; row < SCREEN_ROWS; row++) {
    let line = "";
    for (let col = 0; col < SCREEN_COLS; col++) line += CP437[words[row * SCREEN_COLS + col] & 0xff];
    lines.push(line);
  }
  return lines;
}

/** MOUSE.COM's show count when the program has the pointer shown (0) or hidden (one hide after reset: -1). */
export const SHOWN = 0;
export const HIDDEN = -1;

export function comparePointer(expectedShown: boolean, showCount: number | undefined): Diff[] {
  const want = expectedShown ? SHOWN : HIDDEN;
  if (showCount === undefined || showCount === want) return [];
  const name = (count: number): string => `${count === SHOWN ? "shown" : "hidden"} (show count ${count})`;
  return [scalarDiff("Pointer", name(showCount), name(want))];
}
