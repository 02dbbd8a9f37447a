/**
 * The screen element's input: keys go to the guest while it has the keyboard; a click names a text cell;
 * with pointer lock the real mouse's relative movement and buttons go to the guest as they are.
 */
import type { ScreenPosition } from "../guest/game-view.js";
import { keyScancodes } from "./keymap.js";

export interface ScreenInputHandlers {
  keys(codes: number[]): void;
  /** A click (without pointer lock) on a text cell. */
  clickCell(cell: ScreenPosition): void;
  /** A right click (or a long press) on a text cell: true when the game takes it (no context menu). */
  rightClickCell(cell: ScreenPosition): boolean;
  /** The pointer is over this text cell (undefined: it left the screen). */
  hover(cell: ScreenPosition | undefined): void;
  /** Pointer lock: relative movement in screen pixels. */
  move(dx: number, dy: number): void;
  /** Pointer lock: the left button went down or up. */
  button(down: boolean): void;
  /** Pointer lock was taken or released. */
  lockChanged(locked: boolean): void;
  /** Whether a click should take pointer lock instead of clicking a cell. */
  wantsLock(): boolean;
  /**
   * Esc typed on the screen: return true when the page handles it (a game in progress asks before
   * giving up) instead of sending it to the PC.
   */
  escape(): boolean;
}

const COLS = 80;
const ROWS = 25;

/** The text cell under a point of the screen element; undefined outside the text area. */
export function cellAt(screen: HTMLElement, clientX: number, clientY: number): ScreenPosition | undefined {
  const text = screen.querySelector<HTMLElement>(":scope > div");
  const rect = (text && text.offsetParent !== null ? text : screen).getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return undefined;
  const col = Math.floor(((clientX - rect.left) / rect.width) * COLS);
  const row = Math.floor(((clientY - rect.top) / rect.height) * ROWS);
  if (col < 0 || col >= COLS || row < 0 || row >= ROWS) return undefined;
  return { col, row };
}

/** The size of the screen's text layer (80x25 cells) in CSS pixels. */
export function textLayerSize(screen: HTMLElement): { width: number; height: number } {
  const rect = (screen.querySelector<HTMLElement>(":scope > div") ?? screen).getBoundingClientRect();
  return { width: rect.width, height: rect.height };
}

/**
 * When the screen is wider than its frame (a phone shows it at a readable size, scrolling sideways),
 * scrolls the frame so that text column `col` is its left edge: the board region comes into view.
 */
export function scrollScreenTo(screen: HTMLElement, col: number): void {
  const frame = screen.parentElement;
  if (!frame || frame.scrollWidth <= frame.clientWidth) return;
  frame.scrollLeft = (col * textLayerSize(screen).width) / COLS;
}

/** After pointer lock ends this long, an Esc is the one that ended it and never reaches the guest. */
const LOCK_ESC_GRACE_MS = 300;

/**
 * The screen's mouse: a click or tap engages the screen and names a text cell, or takes pointer lock
 * (handlers.wantsLock); with the lock, movement and the left button go to the guest as they are.
 */
function attachScreenMouse(
  screen: HTMLElement,
  handlers: ScreenInputHandlers,
  engage: (on: boolean) => void,
): void {
  const locked = (): boolean => document.pointerLockElement === screen;
  screen.addEventListener("mousedown", (event) => {
    if (event.button !== 0) return;
    // Without preventScroll a screen taller than the window's free part (a landscape phone) scrolls
    // into view under the finger, and the click's coordinates then name another row.
    screen.focus({ preventScroll: true });
    engage(true);
    if (locked()) {
      handlers.button(true);
      return;
    }
    if (handlers.wantsLock()) {
      event.preventDefault();
      // A refused lock (no user activation) reaches the page's unhandled-rejection box, as before.
      void screen.requestPointerLock();
    }
  });
  screen.addEventListener("mouseup", (event) => {
    if (event.button === 0 && locked()) handlers.button(false);
  });
  // A tap arrives as a click too; a scroll or a pinch of the page does not, so it never makes a move.
  screen.addEventListener("click", (event) => {
    if (event.button !== 0 || locked() || handlers.wantsLock()) return;
    const cell = cellAt(screen, event.clientX, event.clientY);
    screen.focus({ preventScroll: true });
    engage(true);
    if (cell) handlers.clickCell(cell);
  });
  // The set-up mode's right click (X); a long press on a touch screen arrives as one too.
  screen.addEventListener("contextmenu", (event) => {
    const cell = cellAt(screen, event.clientX, event.clientY);
    if (!locked() && cell && handlers.rightClickCell(cell)) event.preventDefault();
  });
  screen.addEventListener("mousemove", (event) => {
    if (locked()) handlers.move(event.movementX, event.movementY);
    else handlers.hover(cellAt(screen, event.clientX, event.clientY));
  });
  screen.addEventListener("mouseleave", () => {
    if (!locked()) handlers.hover(undefined);
  });
}

/**
 * Keys reach the guest only while the screen is "engaged": after a click or tap on it, or Enter while
 * it has the focus. Tab and Shift+Tab are never sent: they move the focus on, which disengages it.
 */
export function attachScreenInput(screen: HTMLElement, handlers: ScreenInputHandlers): void {
  const hint = screen.parentElement?.querySelector<HTMLElement>(".screen-hint");
  let engaged = false;
  let lockEndedAt = -Infinity;
  /** Keys the guest saw go down and not yet up: released when the screen loses the keyboard (a Shift held into Shift+Tab). */
  const held = new Set<string>();
  const locked = (): boolean => document.pointerLockElement === screen;
  const engage = (on: boolean): void => {
    if (!on) {
      for (const code of held) handlers.keys(keyScancodes(code, false) ?? []);
      held.clear();
    }
    engaged = on;
    screen.classList.toggle("engaged", on);
    if (hint) hint.hidden = on || document.activeElement !== screen;
  };

  const onKey = (event: KeyboardEvent, down: boolean): void => {
    if (event.ctrlKey || event.metaKey || event.key === "Tab") return;
    if (!engaged) {
      if (down && event.key === "Enter") {
        event.preventDefault();
        engage(true);
      }
      return;
    }
    if (event.code === "Escape" && (locked() || performance.now() - lockEndedAt < LOCK_ESC_GRACE_MS)) {
      event.preventDefault();
      return;
    }
    if (event.code === "Escape" && down && handlers.escape()) {
      event.preventDefault();
      return;
    }
    const codes = keyScancodes(event.code, down);
    if (!codes) return;
    event.preventDefault();
    if (down) held.add(event.code);
    else if (!held.delete(event.code)) return;
    handlers.keys(codes);
  };
  screen.addEventListener("keydown", (event) => onKey(event, true));
  screen.addEventListener("keyup", (event) => onKey(event, false));
  screen.addEventListener("focus", () => engage(engaged));
  screen.addEventListener("blur", () => engage(false));

  attachScreenMouse(screen, handlers, engage);
  document.addEventListener("pointerlockchange", () => {
    if (!locked()) lockEndedAt = performance.now();
    screen.classList.toggle("locked", locked());
    handlers.lockChanged(locked());
  });
}
