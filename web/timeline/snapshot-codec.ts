/**
 * Keeping many machine snapshots small: a v86 state is about 3 MB, mostly guest memory that no
 * program touched (zeros) and code that does not change, so each snapshot is stored compressed with
 * the platform's own deflate (CompressionStream, in the browser and in Node alike). A 180-ply game
 * keeps one snapshot per stable state (one per human click), about 90 of them.
 */

export interface StoredSnapshot {
  /** The deflated state. */
  readonly bytes: Uint8Array;
  /** Bytes of the state before compression. */
  readonly rawBytes: number;
}

const FORMAT = "deflate-raw";

export async function packSnapshot(state: ArrayBuffer): Promise<StoredSnapshot> {
  const bytes = await pipe(new Uint8Array(state), new CompressionStream(FORMAT));
  return { bytes, rawBytes: state.byteLength };
}

export async function unpackSnapshot(stored: StoredSnapshot): Promise<ArrayBuffer> {
  const bytes = await pipe(stored.bytes, new DecompressionStream(FORMAT));
  if (bytes.byteLength !== stored.rawBytes) throw new Error(`a stored snapshot unpacked to ${bytes.byteLength} bytes, expected ${stored.rawBytes}`);
  return bytes.buffer;
}

async function pipe(input: Uint8Array, transform: CompressionStream | DecompressionStream): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([input as Uint8Array<ArrayBuffer>]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
