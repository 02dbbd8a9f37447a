/**
 * The board: sizes, stone values, cell indices and the human-readable coordinates
 * (docs/evaluator.md section 1, docs/architecture.md section 5).
 */

export const BOARD_SIZE = 19;
export const CELLS = BOARD_SIZE * BOARD_SIZE;

/** Plocha byte values. */
export const EMPTY = 0;
export const COMPUTER = 1;
export const HUMAN = 2;

/** A side: 1 computer (X), 2 human (O). */
export type Side = typeof COMPUTER | typeof HUMAN;

/** LastPC when the computer has no stone yet. */
export const NO_CELL = 0xffff;

/** Column letters A..S, no letter skipped. */
const COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRS";

export function opponent(side: Side): Side {
  return side === COMPUTER ? HUMAN : COMPUTER;
}

export function onBoard(row: number, col: number): boolean {
  return row >= 0 && row < BOARD_SIZE && col >= 0 && col < BOARD_SIZE;
}

export function isCell(cell: number): boolean {
  return Number.isInteger(cell) && cell >= 0 && cell < CELLS;
}

export function index(row: number, col: number): number {
  if (!Number.isInteger(row) || !Number.isInteger(col) || !onBoard(row, col)) {
    throw new RangeError(`cell (row ${row}, col ${col}) is off the 19x19 board`);
  }
  return row * BOARD_SIZE + col;
}

export function rowOf(cell: number): number {
  return Math.floor(cell / BOARD_SIZE);
}

export function colOf(cell: number): number {
  return cell % BOARD_SIZE;
}

export function assertCell(cell: number): void {
  if (!isCell(cell)) throw new RangeError(`cell index ${cell} is not in 0..${CELLS - 1}`);
}

/** "K10" -> 181: column letter A..S (case-insensitive), then row number 1..19. */
export function parseCell(text: string): number {
  const m = /^\s*([A-Za-z])(\d{1,2})\s*$/.exec(text);
  if (!m) {
    throw new RangeError(`bad coordinate "${text}": expected a column letter A..S and a row 1..19, like K10`);
  }
  const col = COLUMN_LETTERS.indexOf(m[1].toUpperCase());
  if (col < 0) throw new RangeError(`bad coordinate "${text}": column "${m[1]}" is not in A..S`);
  const rowNumber = Number(m[2]);
  if (rowNumber < 1 || rowNumber > BOARD_SIZE || m[2].startsWith("0")) {
    throw new RangeError(`bad coordinate "${text}": row "${m[2]}" is not in 1..19`);
  }
  return index(rowNumber - 1, col);
}

/** 181 -> "K10". */
export function formatCell(cell: number): string {
  assertCell(cell);
  return `${COLUMN_LETTERS[colOf(cell)]}${rowOf(cell) + 1}`;
}
