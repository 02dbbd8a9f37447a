/**
 * The 80x25 colour text screen as the program draws it (docs/program.md section 3): one word per
 * cell, character in the low byte and attribute in the high byte, as in video memory at B800:0000.
 */
import { BOARD_SIZE, CELLS, COMPUTER, HUMAN } from "../engine-ts/index.js";
import { Attr, BOARD_LEFT, BOARD_TEXTS, BOARD_TOP, CELL_WIDTH, type ScreenText } from "./texts.js";

export const SCREEN_COLS = 80;
export const SCREEN_ROWS = 25;
/** CP437 code of the middle dot of an empty board cell. */
export const CHAR_EMPTY = 0xfa;
const CHAR_X = 0x58;
const CHAR_O = 0x4f;
const SPACE = 0x20;
/** Columns of the row numbers: two left of the board, three right of its last column. */
const LEFT_NUMBER_COL = BOARD_LEFT - 3;
const RIGHT_NUMBER_COL = BOARD_LEFT + CELL_WIDTH * (BOARD_SIZE - 1) + 3;

const cellWord = (char: number, attr: number): number => char | (attr << 8);

export class ScreenModel {
  /** Row-major words, SCREEN_COLS * SCREEN_ROWS. */
  readonly words = new Uint16Array(SCREEN_COLS * SCREEN_ROWS);

  /** A copy of another screen. */
  static from(words: Uint16Array): ScreenModel {
    const screen = new ScreenModel();
    screen.words.set(words);
    return screen;
  }

  put(col: number, row: number, char: number, attr: number): void {
    this.words[row * SCREEN_COLS + col] = cellWord(char, attr);
  }

  /** clear_screen: grey spaces everywhere. */
  clear(): void {
    this.words.fill(cellWord(SPACE, Attr.TEXT));
  }

  /** print_at: the text's characters from (col, row) on, in one attribute (no wrap check, as the asm). */
  print(col: number, row: number, attr: number, text: string): void {
    for (let i = 0; i < text.length; i++)
      this.words[row * SCREEN_COLS + col + i] = cellWord(text.charCodeAt(i), attr);
  }

  /** print_script: a list of texts. */
  printList(texts: readonly ScreenText[]): void {
    for (const [row, col, attr, text] of texts) this.print(col, row, attr, text);
  }

  /** show_line: the whole row blanked (grey spaces), then the text from the board's left edge. */
  showLine(row: number, attr: number, text: string): void {
    this.words.fill(cellWord(SPACE, Attr.TEXT), row * SCREEN_COLS, (row + 1) * SCREEN_COLS);
    this.print(BOARD_LEFT, row, attr, text);
  }

  /** draw_board: title, legend, the letters above and below, the numbers both sides, every cell. */
  drawBoard(plocha: Uint8Array, lastPC: number): void {
    this.clear();
    this.printList(BOARD_TEXTS);
    for (let c = 0; c < BOARD_SIZE; c++) {
      const letter = 0x41 + c;
      this.put(BOARD_LEFT + c * CELL_WIDTH, BOARD_TOP - 1, letter, Attr.LABEL);
      this.put(BOARD_LEFT + c * CELL_WIDTH, BOARD_TOP + BOARD_SIZE, letter, Attr.LABEL);
    }
    for (let r = 0; r < BOARD_SIZE; r++) {
      const number = String(r + 1).padStart(2, " ");
      this.print(LEFT_NUMBER_COL, BOARD_TOP + r, Attr.LABEL, number);
      this.print(RIGHT_NUMBER_COL, BOARD_TOP + r, Attr.LABEL, number);
    }
    for (let cell = 0; cell < CELLS; cell++) this.drawCell(cell, plocha, lastPC);
  }

  /** draw_cell: X (bright red when it is LastPC), O, or the dark grey dot of an empty cell. */
  drawCell(cell: number, plocha: Uint8Array, lastPC: number): void {
    const stone = plocha[cell];
    const col = BOARD_LEFT + (cell % BOARD_SIZE) * CELL_WIDTH;
    const row = BOARD_TOP + Math.floor(cell / BOARD_SIZE);
    if (stone === HUMAN) this.put(col, row, CHAR_O, Attr.O);
    else if (stone === COMPUTER) this.put(col, row, CHAR_X, cell === lastPC ? Attr.X_LAST : Attr.X);
    else this.put(col, row, CHAR_EMPTY, Attr.EMPTY);
  }
}
