/**
 * The whole program against its model (program-ts): every byte of the data, every cell of the screen
 * and the pointer's visibility. Typed-array loops that stop early when everything agrees: after every
 * input this costs a few microseconds.
 */
import { DATA_VARIABLES, SCREEN_COLS, SCREEN_ROWS, type DataVariable } from "../program-ts/index.js";
import type { TextCells } from "../emu/types.js";
import type { ScreenPosition } from "../guest/game-view.js";
import { CP437 } from "../emu/cp437.js";
import { cellDiff, scalarDiff, type Diff, type DiffField } from "./diff-types.js";
import { hex } from "../util/hex.js";
import { sameBytes } from "../util/bytes.js";

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

/**
 * Every differing variable of the data (DATA_BYTES from the BSS's start), named: first compared whole,
 * in place (`observed` may be a view of guest memory), only data that differs is looked into.
 */
export function compareData(expected: Uint8Array, observed: Uint8Array): Diff[] {
  if (sameBytes(expected, observed)) return [];
  return DATA_VARIABLES.flatMap((variable) => variableDiffs(expected, observed, variable));
}

/** A screen word as a report shows it: where, the character, the attribute. */
function describeCell(col: number, row: number, word: number): string {
  return `(col ${col}, row ${row}) '${CP437[word & 0xff]}' ${hex(word >> 8, 2)}`;
}

/**
 * Every differing screen cell (up to the list limit), but the one under a shown mouse pointer: the
 * driver draws that one (MOUSE.COM), not the program.
 */
export function compareScreen(
  expected: Uint16Array,
  observed: TextCells,
  pointer: ScreenPosition | undefined,
): Diff[] {
  return differingCells(expected, observed, pointer)
    .slice(0, LISTED_PER_VARIABLE)
    .map((cell) => {
      const col = cell % SCREEN_COLS;
      const row = Math.floor(cell / SCREEN_COLS);
      const shown = describeCell(col, row, observed.at(col, row));
      return scalarDiff("ScreenCell", shown, describeCell(col, row, expected[cell]));
    });
}

/** Every differing cell of the screen (row * 80 + col), the shown pointer's aside, for a view that marks them all. */
export function differingCells(
  expected: Uint16Array,
  observed: TextCells,
  pointer: ScreenPosition | undefined,
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
  // One character a word (CP437 maps every byte into the BMP): the rows are slices of one text.
  const text = Array.from(words, (word) => CP437[word & 0xff]).join("");
  return Array.from({ length: SCREEN_ROWS }, (_, row) =>
    text.slice(row * SCREEN_COLS, (row + 1) * SCREEN_COLS),
  );
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
