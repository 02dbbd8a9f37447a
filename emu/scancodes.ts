/** Text to PC keyboard scancode set 1 (US layout): make and break codes for every character. */

const SHIFT_MAKE = 0x2a;
const SHIFT_BREAK = 0xaa;

/**
 * The keys of each row of the US keyboard with characters, whose make codes count up from the first:
 * the first make code, the unshifted characters and the shifted ones ("" for none). Backspace and Tab
 * end the digits' row, Enter the row of Q.
 */
const ROWS: ReadonlyArray<readonly [number, string, string]> = [
  [0x01, "\x1b", ""],
  [0x02, "1234567890-=\b\t", "!@#$%^&*()_+"],
  [0x10, "qwertyuiop[]\r", "QWERTYUIOP{}"],
  [0x1e, "asdfghjkl;'`", 'ASDFGHJKL:"~'],
  [0x2b, "\\zxcvbnm,./", "|ZXCVBNM<>?"],
  [0x39, " ", ""],
];

interface Key {
  make: number;
  shift: boolean;
}

/** The keys of `chars`, one after the other from make code `first`. */
const keysFrom = (first: number, chars: string, shift: boolean): Array<[string, Key]> =>
  Array.from(chars, (char, i) => [char, { make: first + i, shift }]);

const CHAR_KEYS: ReadonlyMap<string, Key> = new Map([
  ...ROWS.flatMap(([first, plain, shifted]) => [
    ...keysFrom(first, plain, false),
    ...keysFrom(first, shifted, true),
  ]),
  ["\n", { make: 0x1c, shift: false }],
]);

/** The scancodes (make and break, with Shift around shifted characters) that type one character. */
export function charScancodes(char: string): number[] {
  const key = CHAR_KEYS.get(char);
  if (!key) throw new Error(`no US-keyboard key types the character ${JSON.stringify(char)}`);
  const press = [key.make, key.make | 0x80];
  return key.shift ? [SHIFT_MAKE, ...press, SHIFT_BREAK] : press;
}
