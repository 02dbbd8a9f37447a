/**
 * The game's own keys as buttons, for a screen without a keyboard (a phone; on a desktop behind the
 * "Game keys" toggle). PISKASM.COM's screen asks for keys: 1, 2, 4, S, 3 at the menu; Esc in a game;
 * any key after it; Enter, Tab, Esc in the set-up mode; digits, Backspace, Enter, Esc at the seed
 * prompt. The bar offers exactly the keys the current phase reads, each in words with the key, and a
 * press reaches the guest as that key's scancodes (through the page's keyboard path, never memory).
 * In the set-up mode it also chooses whether the next tap places O (a left click) or X (a right click).
 */
import { COMPUTER, HUMAN, type Side } from "../../engine-ts/index.js";
import { byId, el } from "../dom.js";
import { phaseKeys, seedTextAfter, type BarKey, type BarKeys } from "./phase-keys.js";

export interface KeyBar {
  /** Shows the keys of `phase`. */
  show(phase: number | undefined): void;
  /** The set-up mode's stone for the next tap: HUMAN (O, a left click) or COMPUTER (X, a right click). */
  setUpSide(): Side;
}

const SIDE_WORDS: Readonly<Record<Side, string>> = {
  [HUMAN]: "O (left click)",
  [COMPUTER]: "X (right click)",
};

function keyButton(key: BarKey, press: (code: string) => void): HTMLButtonElement {
  const button = el("button", undefined, undefined, { type: "button" });
  button.dataset.code = key.code;
  if (key.words === "") button.textContent = key.key;
  else button.append(`${key.words} `, el("span", "bar-key-name", `(${key.key})`));
  button.addEventListener("click", () => press(key.code));
  return button;
}

function row(className: string, label: string, buttons: HTMLElement[]): HTMLDivElement {
  const div = el("div", className, undefined, { role: "group", ariaLabel: label });
  div.append(...buttons);
  return div;
}

/**
 * The bar under #key-bar: shown from the start on a touch screen without a keyboard (`touch`), else
 * when the #btn-keys toggle is pressed. `press` sends one key (KeyboardEvent.code) to the game.
 */
export function attachKeyBar(press: (code: string) => void, touch: boolean): KeyBar {
  const bar = byId("key-bar", HTMLElement);
  const toggle = byId("btn-keys", HTMLButtonElement);
  let side: Side = HUMAN;
  let shown: BarKeys | undefined;
  const open = (on: boolean): void => {
    bar.hidden = !on;
    toggle.setAttribute("aria-pressed", String(on));
  };
  open(touch);
  toggle.addEventListener("click", () => open(bar.hidden));

  const placeButton = (): HTMLButtonElement => {
    const button = el("button", undefined, undefined, { type: "button", id: "btn-place" });
    const label = (): void => {
      button.textContent = `Next tap places ${SIDE_WORDS[side]}`;
    };
    label();
    button.addEventListener("click", () => {
      side = side === HUMAN ? COMPUTER : HUMAN;
      label();
    });
    return button;
  };

  /** The seed prompt's text as typed on the bar (the PC screen, maybe out of view, echoes it too). */
  const typedSeed = (): { echo: HTMLOutputElement; press: (code: string) => void } => {
    const echo = el("output");
    let typed = "";
    const say = (): void => {
      echo.textContent = `Seed typed: ${typed === "" ? "none (Use it: counted seeds)" : typed}`;
    };
    say();
    return {
      echo,
      press: (code) => {
        typed = seedTextAfter(typed, code);
        say();
        press(code);
      },
    };
  };

  const render = (keys: BarKeys): void => {
    const hadFocus = bar.contains(document.activeElement);
    const seed = keys.digits.length > 0 ? typedSeed() : undefined;
    const button = (key: BarKey): HTMLButtonElement => keyButton(key, seed?.press ?? press);
    const parts: (HTMLElement | undefined)[] = [
      seed?.echo,
      row("bar-row", "Stone to place", keys.placeChoice ? [placeButton()] : []),
      row("bar-pad", "Seed digits", keys.digits.map(button)),
      row("bar-row", "The game's keys", keys.keys.map(button)),
    ];
    const shownParts = parts.filter(
      (part): part is HTMLElement => part !== undefined && part.childNodes.length > 0,
    );
    bar.replaceChildren(...shownParts);
    bar.classList.toggle("empty", shownParts.length === 0);
    if (hadFocus) bar.querySelector("button")?.focus({ preventScroll: true });
  };

  return {
    show(phase) {
      const keys = phaseKeys(phase);
      for (const button of bar.querySelectorAll("button")) button.disabled = keys === undefined;
      if (keys === undefined || keys === shown) return;
      if (!keys.placeChoice) side = HUMAN;
      shown = keys;
      render(keys);
    },
    setUpSide: () => side,
  };
}
