/**
 * The page's keyboard shortcuts: one table, used by the key handler and listed by the help overlay.
 * They act only while the PC screen does not have the keyboard and no text field has the focus.
 */

export interface Shortcut {
  key: string;
  /** The name web/main.ts gives the shortcut's action (its table of actions must name every one). */
  action: string;
  what: string;
}

export const SHORTCUTS = [
  { key: "?", action: "help", what: "this help" },
  { key: "n", action: "newHuman", what: "new game, you start" },
  { key: "c", action: "newComputer", what: "new game, the computer starts" },
  { key: "d", action: "seed", what: "type a seed for the next new game" },
  { key: "m", action: "move", what: "type a move (cell name)" },
  { key: "g", action: "giveUp", what: "give up the game (asks first)" },
  { key: "p", action: "pause", what: "pause or resume the PC" },
  { key: "t", action: "speed", what: "full speed or the IBM PC's 4.77 MHz" },
  { key: "r", action: "reset", what: "reset the PC to the game's menu" },
  { key: "f", action: "fullscreen", what: "fullscreen PC screen" },
  { key: "s", action: "screenshot", what: "screenshot of the PC screen (PNG)" },
  { key: "w", action: "save", what: "save the machine state to a file" },
  { key: "l", action: "load", what: "load a saved machine state" },
] as const satisfies readonly Shortcut[];

export type Action = (typeof SHORTCUTS)[number]["action"];

/**
 * Calls `run` for a shortcut key pressed outside the screen and text fields. With nothing focused
 * (a fresh page), `gameKey` is asked first: the game's menu keys (1, 2, S...) are the game's, as its
 * screen says, before any shortcut of the page.
 */
export function attachShortcuts(
  run: (action: Action) => void,
  screen: HTMLElement,
  gameKey: (code: string) => boolean,
): void {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const target = event.target;
    if (
      target === screen ||
      (target instanceof HTMLElement &&
        (target.closest("dialog[open]") ||
          target.matches("input[type=text], input:not([type]), select, textarea")))
    )
      return;
    if ((target === document.body || target === document.documentElement) && gameKey(event.code)) {
      event.preventDefault();
      return;
    }
    const shortcut = SHORTCUTS.find((s) => s.key === event.key.toLowerCase() || s.key === event.key);
    if (!shortcut) return;
    event.preventDefault();
    run(shortcut.action);
  });
}
