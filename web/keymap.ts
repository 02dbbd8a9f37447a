/**
 * Browser key codes (KeyboardEvent.code, layout-independent) to PC scancode set 1. A key that types a
 * character has the make code emu/scancodes.ts types that character with; extended keys carry the E0
 * prefix; the break code of a key is its make code with bit 7 set.
 */
import { charScancodes } from "../emu/scancodes.js";

/** The character each key of the main block types unshifted (KeyA..KeyZ and Digit0..Digit9 besides). */
const CHARACTER_KEYS: Readonly<Record<string, string>> = {
  Escape: "\x1b",
  Minus: "-",
  Equal: "=",
  Backspace: "\b",
  Tab: "\t",
  BracketLeft: "[",
  BracketRight: "]",
  Enter: "\r",
  Semicolon: ";",
  Quote: "'",
  Backquote: "`",
  Backslash: "\\",
  Comma: ",",
  Period: ".",
  Slash: "/",
  Space: " ",
};

/** The keys that type no character (F1..F10 besides: 3Bh..44h). */
const OTHER_KEYS: Readonly<Record<string, number>> = {
  ControlLeft: 0x1d,
  ShiftLeft: 0x2a,
  ShiftRight: 0x36,
  NumpadMultiply: 0x37,
  AltLeft: 0x38,
  CapsLock: 0x3a,
  NumLock: 0x45,
  ScrollLock: 0x46,
  Numpad7: 0x47,
  Numpad8: 0x48,
  Numpad9: 0x49,
  NumpadSubtract: 0x4a,
  Numpad4: 0x4b,
  Numpad5: 0x4c,
  Numpad6: 0x4d,
  NumpadAdd: 0x4e,
  Numpad1: 0x4f,
  Numpad2: 0x50,
  Numpad3: 0x51,
  Numpad0: 0x52,
  NumpadDecimal: 0x53,
  F11: 0x57,
  F12: 0x58,
};

const EXTENDED: Readonly<Record<string, number>> = {
  NumpadEnter: 0x1c,
  ControlRight: 0x1d,
  NumpadDivide: 0x35,
  AltRight: 0x38,
  Home: 0x47,
  ArrowUp: 0x48,
  PageUp: 0x49,
  ArrowLeft: 0x4b,
  ArrowRight: 0x4d,
  End: 0x4f,
  ArrowDown: 0x50,
  PageDown: 0x51,
  Insert: 0x52,
  Delete: 0x53,
};

const E0 = 0xe0;

/** The make code of a key without the E0 prefix, undefined for the others. */
function basicMake(code: string): number | undefined {
  const named = /^(?:Key([A-Z])|Digit(\d))$/.exec(code);
  const char = named ? (named[1] ?? named[2]).toLowerCase() : CHARACTER_KEYS[code];
  if (char !== undefined) return charScancodes(char)[0];
  const fn = /^F([1-9]|10)$/.exec(code)?.[1];
  return fn ? 0x3a + Number(fn) : OTHER_KEYS[code];
}

/** Scancodes for pressing (`down`) or releasing a key, or undefined for keys the PC does not have. */
export function keyScancodes(code: string, down: boolean): number[] | undefined {
  const basic = basicMake(code);
  if (basic !== undefined) return [down ? basic : basic | 0x80];
  const extended = EXTENDED[code];
  if (extended !== undefined) return [E0, down ? extended : extended | 0x80];
  return undefined;
}
