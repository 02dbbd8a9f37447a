/**
 * Zero blocks left out: the static site keeps the menu state and the floppy this way. Both are mostly
 * zeros (the 2.9 MB menu state holds 0.26 MB that are not; the 1.44 MB floppy 11 KB), and whatever
 * a browser keeps for offline use it keeps as the plain bytes the server sent: packed, a reload reads
 * a tenth of the bytes out of the service worker's cache, while a host's brotli copy of the packed
 * file is as small as that of the plain one.
 *
 * Format: the 8 ASCII bytes MAGIC; the unpacked length (u32, little-endian); a bitmap of its
 * BLOCK-byte blocks (bit i of byte i >> 3, LSB first: 1 = stored); the stored blocks in order (the
 * last one only as long as the data). An all-zero block is not stored.
 */
const MAGIC = "ZEROLESS";
const BLOCK = 512;
const HEADER = MAGIC.length + 4;

function blockCount(length: number): number {
  return Math.ceil(length / BLOCK);
}

function isZero(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte !== 0) return false;
  return true;
}

/** `bytes` with their all-zero blocks left out. */
export function packSparse(bytes: Uint8Array): Uint8Array {
  const blocks = blockCount(bytes.byteLength);
  const bitmap = new Uint8Array(Math.ceil(blocks / 8));
  const stored: Uint8Array[] = [];
  for (let i = 0; i < blocks; i++) {
    const block = bytes.subarray(i * BLOCK, (i + 1) * BLOCK);
    if (isZero(block)) continue;
    bitmap[i >> 3] |= 1 << (i & 7);
    stored.push(block);
  }
  const out = new Uint8Array(HEADER + bitmap.byteLength + stored.reduce((sum, b) => sum + b.byteLength, 0));
  out.set(new TextEncoder().encode(MAGIC));
  new DataView(out.buffer).setUint32(MAGIC.length, bytes.byteLength, true);
  out.set(bitmap, HEADER);
  let at = HEADER + bitmap.byteLength;
  for (const block of stored) {
    out.set(block, at);
    at += block.byteLength;
  }
  return out;
}

/** Whether `bytes` start like packSparse's output. */
export function isSparse(bytes: Uint8Array): boolean {
  return bytes.byteLength >= HEADER && new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) === MAGIC;
}

/** The bytes packSparse packed; a RangeError when `packed` is not such output or is cut short. */
export function unpackSparse(packed: Uint8Array): Uint8Array<ArrayBuffer> {
  if (!isSparse(packed)) throw new RangeError(`not zero-block-packed data (no ${MAGIC} header)`);
  const length = new DataView(packed.buffer, packed.byteOffset).getUint32(MAGIC.length, true);
  const blocks = blockCount(length);
  const bitmap = packed.subarray(HEADER, HEADER + Math.ceil(blocks / 8));
  const out = new Uint8Array(length);
  let at = HEADER + bitmap.byteLength;
  for (let i = 0; i < blocks; i++) {
    if ((bitmap[i >> 3] & (1 << (i & 7))) === 0) continue;
    const size = Math.min(BLOCK, length - i * BLOCK);
    if (at + size > packed.byteLength)
      throw new RangeError(`zero-block-packed data cut short: ${packed.byteLength} bytes`);
    out.set(packed.subarray(at, at + size), i * BLOCK);
    at += size;
  }
  if (at !== packed.byteLength)
    throw new RangeError(`zero-block-packed data has ${packed.byteLength - at} bytes too many`);
  return out;
}
