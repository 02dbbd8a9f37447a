/**
 * Every text PISKASM.COM shows and where (docs/program.md section 3): the screen lists of the intro and
 * the board, and the status-line messages. The model prints these; the program prints its own copies
 * (asm/piskasm/texts.inc), so a changed letter in either shows as a screen difference.
 */

/** Attributes (foreground on black) the program uses. */
export const Attr = {
  TEXT: 0x07,
  BRIGHT: 0x0f,
  PROMPT: 0x0e,
  ERROR: 0x0c,
  LABEL: 0x03,
  EMPTY: 0x08,
  X: 0x0a,
  X_LAST: 0x0c,
  O: 0x0e,
} as const;

/** A line of a screen list: row, column, attribute, text. */
export type ScreenText = readonly [row: number, col: number, attr: number, text: string];

export const BOARD_LEFT = 4;
export const BOARD_TOP = 2;
export const CELL_WIDTH = 3;
export const STATUS_ROW = 23;
export const NOTICE_ROW = 24;
export const PANEL_COL = 66;

export const INTRO_TEXTS: readonly ScreenText[] = [
  [2, 4, Attr.BRIGHT, "PISKASM  -  gomoku (five in a row) on a 19 x 19 board"],
  [3, 4, Attr.TEXT, "after the 2004 program by Vojtech Havranek"],
  [5, 4, Attr.TEXT, "You play O, the computer plays X. Click an empty cell with the left"],
  [6, 4, Attr.TEXT, "mouse button to place your stone; the computer answers at once."],
  [7, 4, Attr.TEXT, "Five or more stones in a row (across, down or diagonal) win."],
  [8, 4, Attr.TEXT, "The computer's last stone is shown in bright red."],
  [9, 4, Attr.TEXT, "Esc gives up the game and comes back to this menu."],
  [11, 4, Attr.TEXT, "PISKASM /S:n (or S in the menu) plays every game with the random seed n."],
  [12, 4, Attr.TEXT, "Menu key 4 sets up a position: left click O, right click X."],
];

export const BOARD_TEXTS: readonly ScreenText[] = [
  [0, BOARD_LEFT, Attr.BRIGHT, "PISKASM  -  gomoku, five or more in a row wins"],
  [BOARD_TOP, PANEL_COL, Attr.X, "X"],
  [BOARD_TOP, PANEL_COL + 2, Attr.TEXT, "computer"],
  [BOARD_TOP + 1, PANEL_COL, Attr.X_LAST, "X"],
  [BOARD_TOP + 1, PANEL_COL + 2, Attr.TEXT, "last move"],
  [BOARD_TOP + 2, PANEL_COL, Attr.O, "O"],
  [BOARD_TOP + 2, PANEL_COL + 2, Attr.TEXT, "you"],
  [BOARD_TOP + 4, PANEL_COL, Attr.TEXT, "Left click:"],
  [BOARD_TOP + 5, PANEL_COL, Attr.TEXT, " your stone"],
  [BOARD_TOP + 7, PANEL_COL, Attr.TEXT, "Esc:"],
  [BOARD_TOP + 8, PANEL_COL, Attr.TEXT, " back to menu"],
];

/** The status-line messages (row STATUS_ROW from column BOARD_LEFT, attribute PROMPT). */
export const Message = {
  MENU: "1 = you start  2 = computer starts  4 = set up  S = seed  3 = quit",
  YOUR_MOVE: "Your move: click an empty cell.   Esc = back to the menu",
  HUMAN_WON: "You won!  Press a key.",
  COMPUTER_WON: "The computer won.  Press a key.",
  DRAW: "Draw: the board is full.  Press a key.",
  SET_UP: "Set-up: left O, right X; Enter: computer moves, Tab: you move, Esc: menu",
  SEED_PROMPT: "Seed 0..65535, Enter = use it (empty: counted), Esc = back: ",
  BAD_SEED: "Bad seed: give a number from 0 to 65535 (PISKASM /S:n, or S in the menu).",
} as const;

/** Screen column where the typed seed is echoed (right after the prompt). */
export const SEED_TEXT_COL = BOARD_LEFT + Message.SEED_PROMPT.length;
/** Row of the bad-seed message when /S:n is bad (where the no-mouse message would be). */
export const BAD_SEED_ROW = 14;

/** Without a mouse driver (section 3's start): why, and the fix, under the intro. */
export const NO_MOUSE_TEXTS: readonly ScreenText[] = [
  [14, 4, Attr.ERROR, "No mouse driver found: PISKASM is played with the mouse."],
  [15, 4, Attr.TEXT, "Fix: load MOUSE.COM first (put MOUSE before PISKASM in AUTOEXEC.BAT,"],
  [16, 4, Attr.TEXT, "or type MOUSE at the DOS prompt), then run PISKASM again."],
];

/** Without a mouse driver on a PC whose BIOS has no PS/2 mouse (MOUSE.COM refused to install). */
export const NO_PS2_MOUSE_TEXTS: readonly ScreenText[] = [
  [14, 4, Attr.ERROR, "This PC has no PS/2 mouse: the BIOS reports none (INT 15h C205h fails),"],
  [15, 4, Attr.TEXT, "so MOUSE.COM could not start, and PISKASM is played with the mouse."],
  [16, 4, Attr.TEXT, "Fix: connect a PS/2 mouse (or give the emulator one), then run PISKASM."],
];
