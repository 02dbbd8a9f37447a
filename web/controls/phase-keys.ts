/**
 * The keys PISKASM.COM reads in each phase, as its screen names them (asm/piskasm/texts.inc): the
 * content of the key bar (key-bar.ts), a pure function so that it can be read and tested in one place.
 */
import { Phase } from "../../engine-ts/phase.js";

export interface BarKey {
  /** KeyboardEvent.code of the key: its scancodes are what the guest receives. */
  code: string;
  /** What the key does in this phase, in words (a digit of the seed pad has none: the digit says it). */
  words: string;
  /** The key as the game's screen names it. */
  key: string;
}

export interface BarKeys {
  keys: readonly BarKey[];
  /** The seed prompt's digits, as a pad. */
  digits: readonly BarKey[];
  /** The set-up mode: the choice of the stone the next tap places. */
  placeChoice: boolean;
}

/** A key as [KeyboardEvent.code, what it does in words, the key as the game's screen names it]. */
type KeyRow = readonly [code: string, words: string, key: string];

function bar(rows: readonly KeyRow[], more: Partial<BarKeys> = {}): BarKeys {
  const keys = rows.map(([code, words, key]) => ({ code, words, key }));
  return { keys, digits: [], placeChoice: false, ...more };
}

const NONE = bar([]);
/** msg_menu: "1 = you start  2 = computer starts  4 = set up  S = seed  3 = quit". */
const MENU = bar([
  ["Digit1", "You start", "1"],
  ["Digit2", "Computer starts", "2"],
  ["Digit4", "Set up", "4"],
  ["KeyS", "Seed", "S"],
  ["Digit3", "Quit", "3"],
]);
/** msg_your_move: "Esc = back to the menu" (the page asks first: the game counts as lost). */
const GAME = bar([["Escape", "Menu", "Esc"]]);
/** msg_human_won, msg_computer_won, msg_draw: "Press a key." */
const RESULT = bar([["Space", "Continue", "any key"]]);
/** msg_set_up: "Enter: computer moves, Tab: you move, Esc: menu"; and a left click O, a right click X. */
const SET_UP_ROWS: readonly KeyRow[] = [
  ["Enter", "Computer moves", "Enter"],
  ["Tab", "You move", "Tab"],
  ["Escape", "Menu", "Esc"],
];
const SET_UP = bar(SET_UP_ROWS, { placeChoice: true });
/** msg_seed_prompt: "Seed 0..65535, Enter = use it (empty: counted), Esc = back", its digits as a pad. */
const DIGITS = [..."1234567890"].map((digit) => ({ code: `Digit${digit}`, words: "", key: digit }));
const SEED_ROWS: readonly KeyRow[] = [
  ["Backspace", "Delete", "Backspace"],
  ["Enter", "Use it", "Enter"],
  ["Escape", "Back", "Esc"],
];
const SEED = bar(SEED_ROWS, { digits: DIGITS });

/** The keys of each phase that reads any; "busy": the game reads none until it is done. */
const BY_PHASE: Partial<Record<number, BarKeys | "busy">> = {
  [Phase.COMPUTER_TURN]: "busy",
  [Phase.MENU]: MENU,
  [Phase.HUMAN_TURN]: GAME,
  [Phase.COMPUTER_WON]: RESULT,
  [Phase.HUMAN_WON]: RESULT,
  [Phase.DRAW]: RESULT,
  [Phase.SETUP]: SET_UP,
  [Phase.SEED_ENTRY]: SEED,
};

/**
 * The keys PISKASM.COM reads in `phase` (undefined: the game is not found). Undefined while it is busy
 * and reads none (the computer thinks, a set-up stone is being placed): the bar keeps what it shows,
 * disabled, so it does not flicker between two set-up stones.
 */
export function phaseKeys(phase: number | undefined): BarKeys | undefined {
  const keys = phase === undefined ? NONE : (BY_PHASE[phase] ?? NONE);
  return keys === "busy" ? undefined : keys;
}

/** SEED_TEXT_MAX of asm/piskasm.asm: the characters a typed seed may have. */
const SEED_TEXT_MAX = 6;

/**
 * The seed prompt's text after the key `code` is pressed on it, as enter_seed keeps it: a digit is
 * added (up to SEED_TEXT_MAX characters), Backspace rubs out the last character, other keys leave it.
 */
export function seedTextAfter(text: string, code: string): string {
  if (code === "Backspace") return text.slice(0, -1);
  const digit = /^Digit(\d)$/.exec(code)?.[1];
  return digit !== undefined && text.length < SEED_TEXT_MAX ? text + digit : text;
}
