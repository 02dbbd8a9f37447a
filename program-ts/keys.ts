/**
 * What a key press gives the program: the BIOS's keyboard interrupt turns set-1 scancodes into
 * (ASCII, scan code) pairs and DOS hands the program the ASCII, or 0 for an extended key whose scan
 * code read_key then drops (docs/program.md section 4). Only the keys the harness sends are known;
 * any other scancode is refused with an error rather than guessed.
 */

/** The ASCII of a key that has none (function keys, arrows, Alt combinations): read_key gives 0. */
export const EXTENDED = 0;

const SHIFT_MAKES = new Set([0x2a, 0x36]);
const CTRL_MAKE = 0x1d;
const ALT_MAKE = 0x38;
const EXTENDED_PREFIX = 0xe0;
const BREAK_BIT = 0x80;

type KeyRow = Array<readonly [number, readonly [string, string]]>;

function rowKeys(first: number, plain: string, shifted: string): KeyRow {
  return [...plain].map((char, i) => [first + i, [char, shifted[i]]] as const);
}

/** Unshifted and shifted ASCII of each ordinary key by make code (US layout). */
const ASCII: ReadonlyMap<number, readonly [string, string]> = new Map([
  ...rowKeys(0x01, "\x1b", "\x1b"),
  ...rowKeys(0x02, "1234567890-=\b\t", "!@#$%^&*()_+\b\t"),
  ...rowKeys(0x10, "qwertyuiop[]\r", "QWERTYUIOP{}\r"),
  ...rowKeys(0x1e, "asdfghjkl;'`", 'ASDFGHJKL:"~'),
  ...rowKeys(0x2b, "\\zxcvbnm,./", "|ZXCVBNM<>?"),
  ...rowKeys(0x39, " ", " "),
]);

/** The grey keys that have an ASCII: keypad Enter (E0 1C) and keypad `/` (E0 35). */
const PREFIXED_ASCII: ReadonlyMap<number, number> = new Map([
  [0x1c, 0x0d],
  [0x35, 0x2f],
]);
/** Function keys F1..F10, F11, F12: extended keys. */
const FUNCTION_KEYS = new Set([0x3b, 0x3c, 0x3d, 0x3e, 0x3f, 0x40, 0x41, 0x42, 0x43, 0x44, 0x57, 0x58]);
/** Ctrl with these keys gives a control character (the BIOS's Ctrl table). */
const CTRL_SPECIAL: ReadonlyMap<number, number> = new Map([
  [0x01, 0x1b],
  [0x0e, 0x7f],
  [0x1c, 0x0a],
  [0x1a, 0x1b],
  [0x2b, 0x1c],
  [0x1b, 0x1d],
  [0x07, 0x1e],
  [0x0c, 0x1f],
  [0x39, 0x20],
]);

/** Turns scancodes into the keys the program reads, keeping Shift, Ctrl and Alt between calls. */
export class KeyTranslator {
  private shift = 0;
  private ctrl = false;
  private alt = false;
  private prefixed = false;

  /** The program-visible keys (ASCII, or EXTENDED) of a run of scancodes. */
  keys(scancodes: readonly number[]): number[] {
    const out: number[] = [];
    for (const code of scancodes) {
      const key = this.scancode(code);
      if (key !== undefined) out.push(key);
    }
    return out;
  }

  private scancode(code: number): number | undefined {
    if (code === EXTENDED_PREFIX) {
      this.prefixed = true;
      return undefined;
    }
    const prefixed = this.prefixed;
    this.prefixed = false;
    const make = code & ~BREAK_BIT;
    const released = (code & BREAK_BIT) !== 0;
    if (SHIFT_MAKES.has(make)) {
      if (!prefixed) this.shift = released ? 0 : 1;
      return undefined;
    }
    if (make === CTRL_MAKE || make === ALT_MAKE) {
      if (make === CTRL_MAKE) this.ctrl = !released;
      else this.alt = !released;
      return undefined;
    }
    if (released) return undefined;
    // A grey key (arrows, Home, ...) has no ASCII for the program: each is one key, ignored where
    // only certain keys count and taken where any key does. Keypad Enter and `/` have theirs.
    if (prefixed) return this.alt || this.ctrl ? EXTENDED : (PREFIXED_ASCII.get(make) ?? EXTENDED);
    if (FUNCTION_KEYS.has(make) || this.alt) return EXTENDED;
    return this.ctrl ? this.control(make) : this.ordinary(make);
  }

  private control(make: number): number {
    const special = CTRL_SPECIAL.get(make);
    if (special !== undefined) return special;
    const keys = ASCII.get(make);
    const letter = keys?.[0];
    if (letter !== undefined && letter >= "a" && letter <= "z") return letter.charCodeAt(0) - 0x60;
    throw new RangeError(`the model does not know what Ctrl with scancode ${hex(make)} gives`);
  }

  private ordinary(make: number): number {
    const keys = ASCII.get(make);
    if (!keys) throw new RangeError(`the model does not know the key of scancode ${hex(make)}`);
    return keys[this.shift].charCodeAt(0);
  }
}

const hex = (n: number): string => `${n.toString(16).toUpperCase().padStart(2, "0")}h`;
