/** Fast equality of byte and word arrays (the checker compares the whole program after every input). */

/** A Node Buffer: its compare reads both sides in place. */
interface ComparingBuffer {
  compare(
    target: Uint8Array,
    targetStart: number,
    targetEnd: number,
    sourceStart: number,
    sourceEnd: number,
  ): number;
}

/** Node's Buffer (memcmp), where the code runs in Node; the page has none. */
const NodeBuffer = (globalThis as { Buffer?: { from(buffer: ArrayBufferLike): ComparingBuffer } }).Buffer;
/** From this length on memcmp beats a loop. */
const MEMCMP_FROM = 256;
/**
 * A Buffer over each whole ArrayBuffer compared (guest RAM, VGA memory), made once: a comparison then
 * makes no view and no Buffer. A wasm memory that grows gets a new ArrayBuffer, and so a new Buffer.
 */
const buffers = new WeakMap<ArrayBufferLike, ComparingBuffer>();

function bufferOver(buffer: ArrayBufferLike, from: { from(buffer: ArrayBufferLike): ComparingBuffer }) {
  let whole = buffers.get(buffer);
  if (!whole) {
    whole = from.from(buffer);
    buffers.set(buffer, whole);
  }
  return whole;
}

/**
 * Whether two byte arrays hold the same bytes: memcmp in Node; else 32 bits at a time where both are
 * 4-aligned, 16 where both are 2-aligned (guest memory at an odd paragraph offset), else byte by byte.
 */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && sameBytesAt(a, 0, b, 0, a.length);
}

/**
 * Whether `length` bytes of `a` from `aStart` equal those of `b` from `bStart`, read in place (no
 * view is made); false when either range leaves its array.
 */
export function sameBytesAt(
  a: Uint8Array,
  aStart: number,
  b: Uint8Array,
  bStart: number,
  length: number,
): boolean {
  if (aStart < 0 || bStart < 0 || aStart + length > a.length || bStart + length > b.length) return false;
  const aOffset = a.byteOffset + aStart;
  const bOffset = b.byteOffset + bStart;
  if (NodeBuffer && length >= MEMCMP_FROM)
    return (
      bufferOver(a.buffer, NodeBuffer).compare(b, bStart, bStart + length, aOffset, aOffset + length) === 0
    );
  let i = 0;
  const align = aOffset % 4 === 0 && bOffset % 4 === 0 ? 4 : aOffset % 2 === 0 && bOffset % 2 === 0 ? 2 : 1;
  if (align === 4) {
    const words = length >> 2;
    const wa = new Uint32Array(a.buffer, aOffset, words);
    const wb = new Uint32Array(b.buffer, bOffset, words);
    for (; i < words; i++) if (wa[i] !== wb[i]) return false;
    i = words << 2;
  } else if (align === 2) {
    const halves = length >> 1;
    const ha = new Uint16Array(a.buffer, aOffset, halves);
    const hb = new Uint16Array(b.buffer, bOffset, halves);
    for (; i < halves; i++) if (ha[i] !== hb[i]) return false;
    i = halves << 1;
  }
  for (; i < length; i++) if (a[aStart + i] !== b[bStart + i]) return false;
  return true;
}
