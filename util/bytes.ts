/** Fast equality of byte and word arrays (the checker compares the whole program after every input). */

/** Node's Buffer (memcmp), where the code runs in Node; the page has none. */
const NodeBuffer = (
  globalThis as {
    Buffer?: {
      from(buffer: ArrayBufferLike, offset: number, length: number): { equals(other: Uint8Array): boolean };
    };
  }
).Buffer;
/** From this length on memcmp beats a loop, the cost of the Buffer view included. */
const MEMCMP_FROM = 256;

/**
 * Whether two byte arrays hold the same bytes: memcmp in Node; else 32 bits at a time where both are
 * 4-aligned, 16 where both are 2-aligned (guest memory at an odd paragraph offset), else byte by byte.
 */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  const n = a.length;
  if (n !== b.length) return false;
  if (NodeBuffer && n >= MEMCMP_FROM) return NodeBuffer.from(a.buffer, a.byteOffset, n).equals(b);
  let i = 0;
  const align =
    a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0
      ? 4
      : a.byteOffset % 2 === b.byteOffset % 2 && a.byteOffset % 2 === 0
        ? 2
        : 1;
  if (align === 4) {
    const words = n >> 2;
    const wa = new Uint32Array(a.buffer, a.byteOffset, words);
    const wb = new Uint32Array(b.buffer, b.byteOffset, words);
    for (; i < words; i++) if (wa[i] !== wb[i]) return false;
    i = words << 2;
  } else if (align === 2) {
    const halves = n >> 1;
    const ha = new Uint16Array(a.buffer, a.byteOffset, halves);
    const hb = new Uint16Array(b.buffer, b.byteOffset, halves);
    for (; i < halves; i++) if (ha[i] !== hb[i]) return false;
    i = halves << 1;
  }
  for (; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}
