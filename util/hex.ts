/** Numbers in hex as the project prints them: upper-case digits, padded to a width. */

/** `hexDigits(13, 4)` is `000D` (the debugger's registers, offsets and segments). */
export const hexDigits = (n: number, digits: number): string =>
  n.toString(16).toUpperCase().padStart(digits, "0");

/** A number as the reports and docs show it: hex digits and an `h`, e.g. `hex(13, 2)` is `0Dh`. */
export const hex = (n: number, digits: number): string => `${hexDigits(n, digits)}h`;
