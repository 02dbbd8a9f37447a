/**
 * What a v86 save_state says about the machine it came from (src/state.js): a 16-byte header (magic,
 * version, total length, length of the info block), then the info block's JSON, whose state[0] is
 * the guest memory size in bytes. v86 restores a state into a machine of another memory size without
 * a word and writes past the end of the smaller one's memory, so restore() compares them first.
 */
const STATE_MAGIC = 0x86768676 | 0;
const HEADER_BYTES = 16;
const INFO_LENGTH_AT = 3;

/** The guest memory size `state` was saved with; undefined when `state` is not a plain v86 state (v86 then says what is wrong). */
export function stateMemoryBytes(state: ArrayBuffer): number | undefined {
  if (state.byteLength < HEADER_BYTES) return undefined;
  const header = new Int32Array(state, 0, HEADER_BYTES / 4);
  const infoLength = header[INFO_LENGTH_AT];
  if (header[0] !== STATE_MAGIC || infoLength <= 0 || HEADER_BYTES + infoLength > state.byteLength)
    return undefined;
  let info: unknown;
  try {
    info = JSON.parse(new TextDecoder().decode(new Uint8Array(state, HEADER_BYTES, infoLength)));
  } catch {
    // A damaged info block: v86's own restore reports it.
    return undefined;
  }
  const memory = (info as { state?: unknown[] } | null)?.state?.[0];
  return typeof memory === "number" ? memory : undefined;
}

/** A state saved by a machine with another amount of memory. */
export class StateMemoryError extends Error {
  override readonly name = "StateMemoryError";
  constructor(
    readonly stateMiB: number,
    readonly machineMiB: number,
  ) {
    super(
      `the state was saved by a machine with ${stateMiB} MiB of memory; this machine has ${machineMiB} MiB`,
    );
  }
}
