/** util/bytes.ts: equal and unequal arrays at every alignment, short and long. */
import { describe, expect, it } from "vitest";
import { sameBytes } from "../../util/bytes.js";

describe("sameBytes", () => {
  it.each([3, 64, 255, 256, 3000])("tells equal from unequal arrays of %i bytes at offsets 0..3", (n) => {
    const buffer = new Uint8Array(2 * n + 16);
    for (let i = 0; i < buffer.length; i++) buffer[i] = (i * 7) & 0xff;
    for (let offset = 0; offset < 4; offset++) {
      const a = buffer.subarray(offset, offset + n);
      const b = a.slice();
      expect(sameBytes(a, b)).toBe(true);
      b[n - 1] ^= 1;
      expect(sameBytes(a, b)).toBe(false);
      b[n - 1] ^= 1;
      b[0] ^= 0x80;
      expect(sameBytes(a, b)).toBe(false);
    }
    expect(sameBytes(new Uint8Array(n), new Uint8Array(n + 1))).toBe(false);
  });
});
