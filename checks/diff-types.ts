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
  | "Program"
  /**
   * The rest of the program's data (docs/program.md section 2), named by its variable; arrays as
   * `[i] value` (cell = null): the seed of the game, the games counted, count_score's running sum,
   * the forced seed and its flag, the seed line being typed, the padded board.
   */
  | "Seed"
  | "GameCount"
  | "ScoreSum"
  | "ForcedSeed"
  | "SeedIsForced"
  | "SeedText"
  | "Pad"
  /** A cell of the 80x25 screen: asm = shown, ts = the model's, each as `(col c, row r) 'char' attr`. */
  | "ScreenCell"
  /** Whether the mouse pointer is shown (MOUSE.COM's show count: 0 shown): asm = the driver's, ts = the model's. */
  | "Pointer"
  /**
   * The program did not come back to waiting for input after an input (cell = null): asm = what it
   * was doing, ts = what the model expected.
   */
  | "Settle"
  /** After the program ended: the BIOS video mode, whether the cursor shows, the errorlevel DOS reports. */
  | "VideoMode"
  | "Cursor"
  | "ExitCode"
  /**
   * The debug header (docs/architecture.md section 1) places a variable or the board elsewhere than the
   * model's layout (cell = null): asm = the header's, ts = the model's, e.g. `Phase at Info + 3473`.
   */
  | "Header"
  /**
   * The reference model (program-ts, engine-ts inside it) threw while it formed its expectation
   * (cell = null): asm = what the program does (the phase it waits in), ts = `the reference model
   * failed: <message>`; the Mismatch's `detail` holds the error with its stack.
   */
  | "Reference";

export interface Diff {
  field: DiffField;
  /** Board cell index for per-cell fields, else null. */
  cell: number | null;
  row: number | null;
  col: number | null;
  asm: number | string;
  ts: number | string;
}

/** The first divergence of a game. */
export interface Mismatch {
  /** Stones on the asm's board (its MoveCount) when the divergence was seen. */
  ply: number;
  diffs: Diff[];
  /** The text screen at that moment. */
  screen: string[];
  /** The screen the model of the whole program expected (program-ts), when it differs from `screen`. */
  expectedScreen?: string[];
  /** Every cell (row * 80 + col) where `screen` and `expectedScreen` differ, attributes included. */
  screenCells?: number[];
  /** The input after which the divergence was seen (e.g. `key 0Dh`, `press left at (col 7, row 4)`). */
  afterInput?: string;
  /** A `Reference` difference's error as the reference threw it: its message and stack. */
  detail?: string;
}

export function cellDiff(field: DiffField, cell: number, asm: number | string, ts: number | string): Diff {
  return { field, cell, row: Math.floor(cell / 19), col: cell % 19, asm, ts };
}

export function scalarDiff(field: DiffField, asm: number | string, ts: number | string): Diff {
  return { field, cell: null, row: null, col: null, asm, ts };
}
