/**
 * What a key press gives the program: the BIOS's keyboard interrupt turns set-1 scancodes into
 * (ASCII, scan code) pairs and DOS hands the program the ASCII, or 0 for an extended key whose scan
 * code read_key then drops (docs/program.md section 1). The rules are the PC/AT BIOS's (SeaBIOS, the
 * emulated PC's BIOS, follows them): Alt, else Ctrl, else the key's plain or shifted character, Caps
 * Lock shifting letters and Num Lock the keypad's 7..Del (Shift undoes either); a key with nothing in
 * its column is no key at all; the grey keys (E0-prefixed) give E0h, which the BIOS's INT 16h 00h
 * hands out as 0, and the F0h of an Alt key is 0 too.
 */

/** The ASCII of a key that has none (function keys, arrows, Alt combinations): read_key gives 0. */
export const EXTENDED = 0;

const LEFT_SHIFT = 0x2a;
const RIGHT_SHIFT = 0x36;
const CTRL_MAKE = 0x1d;
const ALT_MAKE = 0x38;
const CAPS_LOCK = 0x3a;
const NUM_LOCK = 0x45;
const SCROLL_LOCK = 0x46;
const EXTENDED_PREFIX = 0xe0;
const BREAK_BIT = 0x80;
/** The keypad's 7/Home .. ./Del: Num Lock gives their shifted column. */
const KEYPAD_FIRST = 0x47;
const KEYPAD_LAST = 0x53;
const SPACE_MAKE = 0x39;

/** A key's ASCII per column: plain, shifted, with Ctrl; undefined = the BIOS stores no key. */
interface KeyColumns {
  plain: number;
  shifted: number;
  ctrl?: number;
  /** Letters: Caps Lock gives the shifted column. */
  letter?: boolean;
}

type KeyTable = Map<number, KeyColumns>;

function addRow(table: KeyTable, first: number, plain: string, shifted: string): void {
  [...plain].forEach((char, i) => {
    const code = char.charCodeAt(0);
    const letter = char >= "a" && char <= "z";
    table.set(first + i, {
      plain: code,
      shifted: shifted.charCodeAt(i),
      ...(letter ? { ctrl: code - 0x60, letter } : {}),
    });
  });
}

/**
 * The keys by make code (US layout). Ctrl: the letters' control codes, and these, else no key:
 * Esc 1Bh, 2 (NUL: extended), 6 1Eh, - 1Fh, Backspace 7Fh, Tab (extended), [ 1Bh, ] 1Dh, Enter 0Ah,
 * \ 1Ch, keypad * (extended), Space 20h; the function keys and the keypad give extended keys with
 * Ctrl as without.
 */
const KEYS: ReadonlyMap<number, KeyColumns> = (() => {
  const table: KeyTable = new Map();
  addRow(table, 0x01, "\x1b", "\x1b");
  addRow(table, 0x02, "1234567890-=\b\t", "!@#$%^&*()_+\b\x00");
  addRow(table, 0x10, "qwertyuiop[]\r", "QWERTYUIOP{}\r");
  addRow(table, 0x1e, "asdfghjkl;'`", 'ASDFGHJKL:"~');
  addRow(table, 0x2b, "\\zxcvbnm,./", "|ZXCVBNM<>?");
  addRow(table, 0x37, "*", "*");
  addRow(table, SPACE_MAKE, " ", " ");
  const ctrl: ReadonlyArray<readonly [number, number]> = [
    [0x01, 0x1b],
    [0x03, EXTENDED],
    [0x07, 0x1e],
    [0x0c, 0x1f],
    [0x0e, 0x7f],
    [0x0f, EXTENDED],
    [0x1a, 0x1b],
    [0x1b, 0x1d],
    [0x1c, 0x0a],
    [0x2b, 0x1c],
    [0x37, EXTENDED],
    [SPACE_MAKE, 0x20],
  ];
  for (const [make, code] of ctrl) table.set(make, { ...(table.get(make) as KeyColumns), ctrl: code });
  for (const make of [0x3b, 0x3c, 0x3d, 0x3e, 0x3f, 0x40, 0x41, 0x42, 0x43, 0x44, 0x57, 0x58])
    table.set(make, { plain: EXTENDED, shifted: EXTENDED, ctrl: EXTENDED });
  // The keypad: 7 8 9 - 4 5 6 + 1 2 3 0 . shifted, extended keys (Home, Up, ...) plain; - and + both.
  [..."789-456+1230."].forEach((char, i) => {
    const arithmetic = char === "-" || char === "+";
    table.set(KEYPAD_FIRST + i, {
      plain: arithmetic ? char.charCodeAt(0) : EXTENDED,
      shifted: char.charCodeAt(0),
      ctrl: EXTENDED,
    });
  });
  return table;
})();

/** The grey keys with an ASCII: keypad Enter (E0 1C: Ctrl gives 0Ah) and keypad `/` (E0 35). */
const GREY_ASCII: ReadonlyMap<number, KeyColumns> = new Map([
  [0x1c, { plain: 0x0d, shifted: 0x0d, ctrl: 0x0a }],
  [0x35, { plain: 0x2f, shifted: 0x2f, ctrl: EXTENDED }],
]);

/** Turns scancodes into the keys the program reads, keeping the shift and lock states between calls. */
export class KeyTranslator {
  private leftShift = false;
  private rightShift = false;
  private ctrl = false;
  private alt = false;
  private capsLock = false;
  private numLock = false;
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
    const pressed = (code & BREAK_BIT) === 0;
    if (this.modifier(make, pressed, prefixed) || !pressed) return undefined;
    if (prefixed) return this.grey(make);
    if (this.alt) return this.altKey(make);
    const keys = KEYS.get(make);
    if (!keys) throw new RangeError(`the model does not know the key of scancode ${hex(make)}`);
    if (this.ctrl) return keys.ctrl;
    let shifted = this.leftShift || this.rightShift;
    if ((keys.letter && this.capsLock) || (make >= KEYPAD_FIRST && make <= KEYPAD_LAST && this.numLock))
      shifted = !shifted;
    return shifted ? keys.shifted : keys.plain;
  }

  /** Shift, Ctrl, Alt and the locks: true when `make` was one (it gives no key). */
  private modifier(make: number, pressed: boolean, prefixed: boolean): boolean {
    switch (make) {
      case LEFT_SHIFT:
      case RIGHT_SHIFT:
        // The grey keys' "fake" shifts (E0 2A, E0 36) change nothing.
        if (prefixed) return true;
        if (make === LEFT_SHIFT) this.leftShift = pressed;
        else this.rightShift = pressed;
        return true;
      case CTRL_MAKE:
        this.ctrl = pressed;
        return true;
      case ALT_MAKE:
        this.alt = pressed;
        return true;
      case CAPS_LOCK:
        if (pressed) this.capsLock = !this.capsLock;
        return true;
      case NUM_LOCK:
        if (pressed) this.numLock = !this.numLock;
        return true;
      case SCROLL_LOCK:
        return true;
      default:
        return false;
    }
  }

  /**
   * With Alt every key is extended (its ASCII 0 or F0h, which INT 16h 00h makes 0), but Space (20h);
   * the keypad's 7..Del have nothing with Alt (the BIOS keeps them for typing a code).
   */
  private altKey(make: number): number | undefined {
    if (make === SPACE_MAKE) return 0x20;
    if (make >= KEYPAD_FIRST && make <= KEYPAD_LAST && make !== 0x4a && make !== 0x4e) return undefined;
    if (!KEYS.has(make)) throw new RangeError(`the model does not know the key of scancode ${hex(make)}`);
    return EXTENDED;
  }

  /** A grey key: keypad Enter and `/` have their ASCII; the arrows, Home, ... Del are extended. */
  private grey(make: number): number | undefined {
    if (make >= KEYPAD_FIRST && make <= KEYPAD_LAST) return EXTENDED;
    const keys = GREY_ASCII.get(make);
    if (!keys) throw new RangeError(`the model does not know the grey key of scancode E0 ${hex(make)}`);
    if (this.alt) return EXTENDED;
    if (this.ctrl) return keys.ctrl;
    return this.leftShift || this.rightShift ? keys.shifted : keys.plain;
  }
}

const hex = (n: number): string => `${n.toString(16).toUpperCase().padStart(2, "0")}h`;
