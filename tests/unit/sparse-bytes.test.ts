/** Zero-block packing (util/sparse-bytes.ts): what goes in comes out, zeros cost only their bitmap bits, damage is refused. */
import { describe, expect, it } from "vitest";
import { isSparse, packSparse, unpackSparse } from "../../util/sparse-bytes.js";

function sample(length: number, nonZeroAt: number[]): Uint8Array {
  const bytes = new Uint8Array(length);
  for (const at of nonZeroAt) bytes[at] = (at % 251) + 1;
  return bytes;
}

describe("zero-block packing", () => {
  it.each([
    ["empty", sample(0, [])],
    ["all zeros", sample(4096, [])],
    ["a partial last block", sample(1000, [0, 999])],
    ["scattered bytes", sample(1_474_560, [0, 511, 512, 70_000, 1_474_559])],
  ])("gives back %s exactly", (_name, bytes) => {
    const packed = packSparse(bytes);
    expect(isSparse(packed)).toBe(true);
    // Buffer.equals: vitest's deep equality walks a 1.44 MB array element by element.
    expect(Buffer.from(unpackSparse(packed)).equals(bytes)).toBe(true);
  });

  it("stores only the blocks that hold something", () => {
    const packed = packSparse(sample(1_474_560, [10, 600_000]));
    // Header (12), bitmap (2880 blocks / 8 = 360), two 512-byte blocks.
    expect(packed.byteLength).toBe(12 + 360 + 2 * 512);
  });

  it("tells plain bytes from packed ones and refuses damaged data", () => {
    const packed = packSparse(sample(2048, [5, 1500]));
    expect(isSparse(sample(2048, [5]))).toBe(false);
    expect(() => unpackSparse(sample(64, [1]))).toThrow(/no ZEROLESS header/);
    expect(() => unpackSparse(packed.subarray(0, packed.byteLength - 1))).toThrow(/cut short/);
    expect(() => unpackSparse(new Uint8Array([...packed, 0]))).toThrow(/too many/);
  });
});
