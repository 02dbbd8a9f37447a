import type { GuestMemory } from "./types.js";

/** MOUSE.COM's resident state (docs/architecture.md section 2). */
export interface MouseDriverState {
  /** Pointer X in virtual pixels (text mode: 0..639, 8 per column). */
  readonly x: number;
  /** Pointer Y in virtual pixels (text mode: 0..199, 8 per row). */
  readonly y: number;
  /** Bit 0 left, bit 1 right, bit 2 middle. */
  readonly buttons: number;
  /** Signed; 0 = cursor shown. */
  readonly showCount: number;
  /** PS/2 packets handled since install (wraps at 65536). */
  readonly packets: number;
}

const INT33_VECTOR = 0x33 * 4;
/** 'MOUSDBG1', compared byte by byte (the mouse's waits read it after every slice). */
const SIGNATURE = Array.from("MOUSDBG1", (char) => char.charCodeAt(0));

/** Linear address of the resident handler (the INT 33h vector) when it carries MOUSE.COM's header. */
export function findMouseDriver(memory: GuestMemory): number | undefined {
  const offset = memory.readU16(INT33_VECTOR);
  const segment = memory.readU16(INT33_VECTOR + 2);
  const base = segment * 16 + offset;
  for (let i = 0; i < SIGNATURE.length; i++)
    if (memory.readU8(base + 2 + i) !== SIGNATURE[i]) return undefined;
  return base;
}

export function readMouseDriverState(memory: GuestMemory): MouseDriverState | undefined {
  const base = findMouseDriver(memory);
  if (base === undefined) return undefined;
  return {
    x: memory.readU16(base + 12),
    y: memory.readU16(base + 14),
    buttons: memory.readU16(base + 16),
    showCount: (memory.readU16(base + 18) << 16) >> 16,
    packets: memory.readU16(base + 20),
  };
}
