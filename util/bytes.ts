/** Fast equality of byte and word arrays (the checker compares the whole program after every input). */

/** Whether two byte arrays hold the same bytes: 32 bits at a time where both allow it. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  const n = a.length;
  if (n !== b.length) return false;
  let i = 0;
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const words = n >> 2;
    const wa = new Uint32Array(a.buffer, a.byteOffset, words);
    const wb = new Uint32Array(b.buffer, b.byteOffset, words);
    for (; i < words; i++) if (wa[i] !== wb[i]) return false;
    i = words << 2;
  }
  for (; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** sameBytes for word arrays. */
export function sameWords(a: Uint16Array, b: Uint16Array): boolean {
  return sameBytes(
    new Uint8Array(a.buffer, a.byteOffset, a.byteLength),
    new Uint8Array(b.buffer, b.byteOffset, b.byteLength),
  );
}
