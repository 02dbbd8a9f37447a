/**
 * Keeping many machine snapshots small: a v86 state is about 3 MB, mostly guest memory that no
 * program touched (zeros), so each snapshot is stored as raw DEFLATE (about 120 KB). Packing is off
 * the critical path and uses the platform's CompressionStream (the browser's and Node's own);
 * unpacking is on it (moving to a ply) and uses fflate's synchronous inflate, which does not hand
 * the thread back to the running emulator between chunks as the stream does (measured: 5-50 ms per
 * unpack with the stream, spikes to 300 ms; about 5 ms with inflateSync).
 */
import { inflateSync } from "fflate";

export interface StoredSnapshot {
  /** The deflated state. */
  readonly bytes: Uint8Array;
  /** Bytes of the state before compression. */
  readonly rawBytes: number;
}

const FORMAT = "deflate-raw";

export async function packSnapshot(state: ArrayBuffer): Promise<StoredSnapshot> {
  const packed = new Blob([state]).stream().pipeThrough(new CompressionStream(FORMAT));
  return { bytes: new Uint8Array(await new Response(packed).arrayBuffer()), rawBytes: state.byteLength };
}

export function unpackSnapshot(stored: StoredSnapshot): ArrayBuffer {
  const bytes = inflateSync(stored.bytes, { out: new Uint8Array(stored.rawBytes) });
  if (bytes.byteLength !== stored.rawBytes)
    throw new Error(`a stored snapshot unpacked to ${bytes.byteLength} bytes, expected ${stored.rawBytes}`);
  return bytes.buffer;
}
