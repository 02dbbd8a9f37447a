/**
 * Touch inspection of the score map: a finger held still on a cell for LONG_PRESS_MS inspects it (the
 * panel explains it, and a tip over the finger names it with its score in readable type) and the
 * click its release may still bring is swallowed, so a long press never plays; a shorter tap clicks
 * as before. The browser's own long-press menu is kept away from the cells. Mouse and pen are left
 * alone (they hover).
 */
import { el } from "../dom.js";

/** How long a finger must stay on a cell to inspect it instead of playing it. */
export const LONG_PRESS_MS = 500;
/** A finger that moves farther than this is scrolling the page, not pressing a cell. */
const SLOP_PX = 10;
/** The tip stays this long after the finger left. */
const TIP_MS = 4000;

export interface LongPressHandlers {
  /** The cell under an event's target, undefined off the cells. */
  cellOf(event: Event): number | undefined;
  /** The finger has stayed on `cell` long enough: explain it. */
  inspect(cell: number): void;
  /** What the tip says of `cell` ("J10, score 250, best move"). */
  describe(cell: number): string;
}

interface Press {
  pointer: number;
  x: number;
  y: number;
  timer: ReturnType<typeof setTimeout>;
}

export function attachLongPress(root: HTMLElement, handlers: LongPressHandlers): void {
  const tip = el("div", "cell-tip", undefined, { role: "status", hidden: true });
  // Outside the grid (whose children are its rows), over everything: fixed at the finger.
  document.body.append(tip);
  let press: Press | undefined;
  let swallowClick = false;
  let hideTip: ReturnType<typeof setTimeout> | undefined;

  const cancel = (): void => {
    if (press) clearTimeout(press.timer);
    press = undefined;
  };
  const showTip = (cell: number, target: HTMLElement): void => {
    tip.textContent = handlers.describe(cell);
    tip.hidden = false;
    const box = target.getBoundingClientRect();
    tip.style.left = `${Math.round(box.left + box.width / 2)}px`;
    tip.style.top = `${Math.round(box.top)}px`;
    clearTimeout(hideTip);
    hideTip = undefined;
  };

  root.addEventListener("pointerdown", (event) => {
    cancel();
    swallowClick = false;
    const cell = handlers.cellOf(event);
    const target = event.target;
    if (event.pointerType !== "touch" || !event.isPrimary || cell === undefined) return;
    if (!(target instanceof HTMLElement)) return;
    const inspect = (): void => {
      press = undefined;
      swallowClick = true;
      showTip(cell, target);
      handlers.inspect(cell);
    };
    press = {
      pointer: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      timer: setTimeout(inspect, LONG_PRESS_MS),
    };
  });
  root.addEventListener("pointermove", (event) => {
    if (press?.pointer !== event.pointerId) return;
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > SLOP_PX) cancel();
  });
  const released = (): void => {
    cancel();
    if (!tip.hidden && hideTip === undefined) hideTip = setTimeout(() => (tip.hidden = true), TIP_MS);
  };
  root.addEventListener("pointerup", released);
  root.addEventListener("pointercancel", released);
  // Capture: the score map's own click handler (a move) never hears of a long press's release.
  root.addEventListener(
    "click",
    (event) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.stopImmediatePropagation();
      event.preventDefault();
    },
    { capture: true },
  );
  root.addEventListener("contextmenu", (event) => {
    if (handlers.cellOf(event) !== undefined) event.preventDefault();
  });
}
