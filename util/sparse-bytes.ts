/**
 * Zero blocks left out: the static site keeps the menu state and the floppy this way. Both are mostly
 * zeros (the 2.9 MB menu state holds 0.26 MB that are not; the 1.44 MB floppy 11 KB), and whatever
 * a browser keeps for offline use it keeps as the plain bytes the server sent: packed, a reload reads
 * a tenth of the bytes out of the service worker's cache, while a host's brotli copy of the packed
 * file is as small as that of the plain one.
 *
 * Packed against references (files the reader has anyway), runs of blocks that are a copy of a part of
 * a reference are left out too and named by where they are in it: the menu state holds the PC's
 * shadow copies of the BIOS and the VGA BIOS, which the page loads as files of their own (the copies
 * were 44 KB of the state's brotli copy, sent twice on a first visit).
 *
 * Format 1: the 8 ASCII bytes "ZEROLESS"; the unpacked length (u32, little-endian); a bitmap of its
 * BLOCK-byte blocks (bit i of byte i >> 3, LSB first: 1 = stored); the stored blocks in order (the
 * last one only as long as the data). An all-zero block is not stored.
 * Format 2, when some blocks are copies: "ZEROREF1"; the length; the number of copies (u32); each copy
 * as four u32: its first block, its number of blocks, the reference's index and the byte offset in it;
 * then format 1's bitmap and stored blocks (a copied block is not stored).
 */
import { sameBytes } from "./bytes.js";

const MAGIC = "ZEROLESS";
const MAGIC_WITH_COPIES = "ZEROREF1";
const BLOCK = 512;
const HEADER = MAGIC.length + 4;
/** Bytes of a block that index the references' places (the whole block is compared after). */
const KEY_BYTES = 16;

interface Copy {
  block: number;
  blocks: number;
  reference: number;
  offset: number;
}

function blockCount(length: number): number {
  return Math.ceil(length / BLOCK);
}

const isZero = (bytes: Uint8Array): boolean => bytes.every((byte) => byte === 0);

const keyOf = (bytes: Uint8Array, at: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + KEY_BYTES));

/** For each whole non-zero block of `bytes`, a place in `references` holding the same 512 bytes, if any. */
function findCopies(bytes: Uint8Array, references: readonly Uint8Array[]): Copy[] {
  const byKey = new Map<string, number[]>();
  const whole = Math.floor(bytes.byteLength / BLOCK);
  for (let i = 0; i < whole; i++) {
    const block = bytes.subarray(i * BLOCK, (i + 1) * BLOCK);
    if (isZero(block)) continue;
    const key = keyOf(block, 0);
    byKey.set(key, [...(byKey.get(key) ?? []), i]);
  }
  const found = new Map<number, { reference: number; offset: number }>();
  for (const [reference, data] of references.entries())
    for (let offset = 0; offset + BLOCK <= data.byteLength; offset++) {
      for (const i of byKey.get(keyOf(data, offset)) ?? []) {
        if (found.has(i)) continue;
        if (sameBytes(bytes.subarray(i * BLOCK, (i + 1) * BLOCK), data.subarray(offset, offset + BLOCK)))
          found.set(i, { reference, offset });
      }
    }
  const copies: Copy[] = [];
  for (const i of [...found.keys()].sort((a, b) => a - b)) {
    const { reference, offset } = found.get(i) ?? { reference: 0, offset: 0 };
    const last = copies.at(-1);
    if (
      last &&
      last.block + last.blocks === i &&
      last.reference === reference &&
      last.offset + last.blocks * BLOCK === offset
    )
      last.blocks++;
    else copies.push({ block: i, blocks: 1, reference, offset });
  }
  return copies;
}

/** `bytes` with their all-zero blocks left out, and the blocks that are copies of a part of `references`. */
export function packSparse(bytes: Uint8Array, references: readonly Uint8Array[] = []): Uint8Array {
  const copies = findCopies(bytes, references);
  const copied = new Set(copies.flatMap((c) => Array.from({ length: c.blocks }, (_, k) => c.block + k)));
  const blocks = blockCount(bytes.byteLength);
  const bitmap = new Uint8Array(Math.ceil(blocks / 8));
  const stored: Uint8Array[] = [];
  for (let i = 0; i < blocks; i++) {
    const block = bytes.subarray(i * BLOCK, (i + 1) * BLOCK);
    if (isZero(block) || copied.has(i)) continue;
    bitmap[i >> 3] |= 1 << (i & 7);
    stored.push(block);
  }
  const copyBytes = copies.length === 0 ? 0 : 4 + 16 * copies.length;
  const head = HEADER + copyBytes;
  const out = new Uint8Array(head + bitmap.byteLength + stored.reduce((sum, b) => sum + b.byteLength, 0));
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(copies.length === 0 ? MAGIC : MAGIC_WITH_COPIES));
  view.setUint32(MAGIC.length, bytes.byteLength, true);
  if (copies.length > 0) {
    view.setUint32(HEADER, copies.length, true);
    for (const [n, copy] of copies.entries())
      for (const [k, value] of [copy.block, copy.blocks, copy.reference, copy.offset].entries())
        view.setUint32(HEADER + 4 + 16 * n + 4 * k, value, true);
  }
  out.set(bitmap, head);
  let at = head + bitmap.byteLength;
  for (const block of stored) {
    out.set(block, at);
    at += block.byteLength;
  }
  return out;
}

function magicOf(bytes: Uint8Array): string {
  return bytes.byteLength >= HEADER ? new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) : "";
}

/** Whether `bytes` start like packSparse's output. */
export function isSparse(bytes: Uint8Array): boolean {
  const magic = magicOf(bytes);
  return magic === MAGIC || magic === MAGIC_WITH_COPIES;
}

/**
 * The bytes packSparse packed (with the same `references` in the same order); a RangeError when
 * `packed` is not such output, is cut short, or names a part of a reference that is not there.
 */
export function unpackSparse(
  packed: Uint8Array,
  references: readonly Uint8Array[] = [],
): Uint8Array<ArrayBuffer> {
  if (!isSparse(packed)) throw new RangeError(`not zero-block-packed data (no ${MAGIC} header)`);
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const length = view.getUint32(MAGIC.length, true);
  const copies: Copy[] = [];
  let head = HEADER;
  if (magicOf(packed) === MAGIC_WITH_COPIES) {
    const count = packed.byteLength >= HEADER + 4 ? view.getUint32(HEADER, true) : Infinity;
    head = HEADER + 4 + 16 * count;
    if (head > packed.byteLength)
      throw new RangeError(`zero-block-packed data cut short: ${packed.byteLength} bytes`);
    for (let n = 0; n < count; n++) {
      const [block, blocks, reference, offset] = [0, 1, 2, 3].map((k) =>
        view.getUint32(HEADER + 4 + 16 * n + 4 * k, true),
      );
      copies.push({ block, blocks, reference, offset });
    }
  }
  const blocks = blockCount(length);
  const bitmap = packed.subarray(head, head + Math.ceil(blocks / 8));
  const out = new Uint8Array(length);
  let at = head + bitmap.byteLength;
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
  for (const { block, blocks: count, reference, offset } of copies) {
    const start = block * BLOCK;
    const size = Math.min(count * BLOCK, length - start);
    const source = references.at(reference);
    if (!source || size < 0 || offset + size > source.byteLength)
      throw new RangeError(
        `zero-block-packed data copies ${size} bytes from reference ${reference} at ${offset}, which ${source ? `has ${source.byteLength} bytes` : "was not given"}`,
      );
    out.set(source.subarray(offset, offset + size), start);
  }
  return out;
}
