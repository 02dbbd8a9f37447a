/** util/bytes.ts: equal and unequal arrays at every alignment, short and long. */
import { describe, expect, it } from "vitest";
import { sameBytes, sameBytesAt } from "../../util/bytes.js";

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

describe("sameBytesAt", () => {
  it.each([3, 255, 256, 3000])("compares %i bytes in place at any start of either array", (n) => {
    const big = new Uint8Array(n + 40);
    for (let i = 0; i < big.length; i++) big[i] = (i * 13) & 0xff;
    const whole = big.subarray(8);
    for (let start = 0; start < 4; start++) {
      const other = new Uint8Array(n + 10);
      other.set(whole.subarray(start, start + n), 5);
      expect(sameBytesAt(whole, start, other, 5, n)).toBe(true);
      other[5 + n - 1] ^= 1;
      expect(sameBytesAt(whole, start, other, 5, n)).toBe(false);
      other[5 + n - 1] ^= 1;
      other[5] ^= 0x40;
      expect(sameBytesAt(whole, start, other, 5, n)).toBe(false);
    }
  });

  it("is false for a range that leaves either array", () => {
    const a = new Uint8Array(300);
    expect(sameBytesAt(a, 10, new Uint8Array(300), 0, 291)).toBe(false);
    expect(sameBytesAt(a, 0, new Uint8Array(300), 20, 290)).toBe(false);
    expect(sameBytesAt(a, -1, new Uint8Array(300), 0, 10)).toBe(false);
    expect(sameBytesAt(a, 0, new Uint8Array(300), 0, 300)).toBe(true);
  });
});
