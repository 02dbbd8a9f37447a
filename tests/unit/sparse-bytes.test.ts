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

  it("leaves out blocks copied from a reference, at any offset in it, and puts them back from it", () => {
    let seed = 1;
    const reference = new Uint8Array(3000).map(() => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
    const bytes = sample(8192, [5, 8000]);
    // A copy of the reference's bytes 333..1868 lands on blocks 4..6 (bytes 2048..3583).
    bytes.set(reference.subarray(333, 333 + 3 * 512), 2048);
    const packed = packSparse(bytes, [new Uint8Array(10), reference]);
    // Header (12), one copy (4 + 16), bitmap (16 blocks / 8 = 2), the two blocks with bytes 5 and 8000.
    expect(packed.byteLength).toBe(12 + 20 + 2 + 2 * 512);
    expect(new TextDecoder().decode(packed.subarray(0, 8))).toBe("ZEROREF1");
    expect(Buffer.from(unpackSparse(packed, [new Uint8Array(10), reference])).equals(bytes)).toBe(true);
    expect(() => unpackSparse(packed)).toThrow(/reference 1 at 333, which was not given/);
    expect(() => unpackSparse(packed, [new Uint8Array(10), reference.subarray(0, 1000)])).toThrow(
      /which has 1000 bytes/,
    );
  });

  it("writes the plain format when no block is a copy of a reference", () => {
    const bytes = sample(4096, [7]);
    expect(packSparse(bytes, [new Uint8Array(2048).fill(9)])).toEqual(packSparse(bytes));
  });
});
