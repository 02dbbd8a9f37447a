/**
 * The screen element's input: keys go to the guest while it has focus; a click names a text cell;
 * with pointer lock the real mouse's relative movement and buttons go to the guest as they are.
 */
import { keyScancodes } from "./keymap.js";

export interface TextCell {
  col: number;
  row: number;
}

export interface ScreenInputHandlers {
  keys(codes: number[]): void;
  /** A click (without pointer lock) on a text cell. */
  clickCell(cell: TextCell): void;
  /** The pointer is over this text cell (undefined: it left the screen). */
  hover(cell: TextCell | undefined): void;
  /** Pointer lock: relative movement in screen pixels. */
  move(dx: number, dy: number): void;
  /** Pointer lock: the left button went down or up. */
  button(down: boolean): void;
  /** Pointer lock was taken or released. */
  lockChanged(locked: boolean): void;
}

const COLS = 80;
const ROWS = 25;

/** The text cell under a point of the screen element; undefined outside the text area. */
export function cellAt(screen: HTMLElement, clientX: number, clientY: number): TextCell | undefined {
  const text = screen.querySelector<HTMLElement>(":scope > div");
  const rect = (text && text.offsetParent !== null ? text : screen).getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return undefined;
  const col = Math.floor(((clientX - rect.left) / rect.width) * COLS);
  const row = Math.floor(((clientY - rect.top) / rect.height) * ROWS);
  if (col < 0 || col >= COLS || row < 0 || row >= ROWS) return undefined;
  return { col, row };
}

/** Centre of a text cell in client coordinates (what a person would click). */
export function cellCentre(screen: HTMLElement, cell: TextCell): { x: number; y: number } {
  const text = screen.querySelector<HTMLElement>(":scope > div");
  const rect = (text ?? screen).getBoundingClientRect();
  return { x: rect.left + ((cell.col + 0.5) * rect.width) / COLS, y: rect.top + ((cell.row + 0.5) * rect.height) / ROWS };
}

export interface ScreenInputOptions {
  /** Whether a click should take pointer lock instead of clicking a cell. */
  wantsLock(): boolean;
}

export function attachScreenInput(screen: HTMLElement, options: ScreenInputOptions, handlers: ScreenInputHandlers): void {
  const locked = (): boolean => document.pointerLockElement === screen;

  const onKey = (event: KeyboardEvent, down: boolean): void => {
    if (event.ctrlKey || event.metaKey) return;
    const codes = keyScancodes(event.code, down);
    if (!codes) return;
    event.preventDefault();
    handlers.keys(codes);
  };
  screen.addEventListener("keydown", (event) => onKey(event, true));
  screen.addEventListener("keyup", (event) => onKey(event, false));

  screen.addEventListener("mousedown", (event) => {
    if (event.button !== 0) return;
    screen.focus();
    if (locked()) {
      handlers.button(true);
      return;
    }
    if (options.wantsLock()) {
      event.preventDefault();
      screen.requestPointerLock();
    }
  });
  screen.addEventListener("mouseup", (event) => {
    if (event.button === 0 && locked()) handlers.button(false);
  });
  screen.addEventListener("click", (event) => {
    if (event.button !== 0 || locked() || options.wantsLock()) return;
    const cell = cellAt(screen, event.clientX, event.clientY);
    if (cell) handlers.clickCell(cell);
  });
  screen.addEventListener("mousemove", (event) => {
    if (locked()) handlers.move(event.movementX, event.movementY);
    else handlers.hover(cellAt(screen, event.clientX, event.clientY));
  });
  screen.addEventListener("mouseleave", () => {
    if (!locked()) handlers.hover(undefined);
  });
  document.addEventListener("pointerlockchange", () => {
    screen.classList.toggle("locked", locked());
    handlers.lockChanged(locked());
  });
}
