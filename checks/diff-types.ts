/** One difference between the asm and the TS engine (or between the screen and the asm's board). */
export type DiffField =
  | "Plocha"
  | "Info"
  | "Random"
  | "LastPC"
  | "VolnaPole"
  | "Phase"
  | "MoveCount"
  /** A word of the score tables (cell = null; asm and ts name the word: "[i] value"). */
  | "Bodovani"
  /** The character shown for a cell is not the stone of the asm's Plocha (asm = shown, ts = expected). */
  | "Screen"
  /** The foreground colour of a stone breaks the LastPC highlight rule (asm = shown, ts = expected). */
  | "ScreenColour"
  /**
   * The program wrote into its own code or read-only data (below the BSS): asm = the first changed
   * byte now, ts = that byte as loaded (cell = null).
   */
  | "Program";

export interface Diff {
  field: DiffField;
  /** Board cell index for per-cell fields, else null. */
  cell: number | null;
  row: number | null;
  col: number | null;
  asm: number | string;
  ts: number | string;
}

export function cellDiff(field: DiffField, cell: number, asm: number | string, ts: number | string): Diff {
  return { field, cell, row: Math.floor(cell / 19), col: cell % 19, asm, ts };
}

export function scalarDiff(field: DiffField, asm: number | string, ts: number | string): Diff {
  return { field, cell: null, row: null, col: null, asm, ts };
}
