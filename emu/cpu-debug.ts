/**
 * What the source-level debugger needs of the emulated CPU beyond the Machine API: the 8086
 * registers, setting the ones a trap frame holds (IP, CS, SP, FLAGS), writing the bytes a debugger
 * writes (INT 3 opcodes, two interrupt vectors, a 3-byte trap stub), pausing and resuming the
 * emulator, and being told when the CPU halts with interrupts off (the stub) and when a slice of the
 * run loop ends. The page's debugger tab uses it, and `piskasm diff --coverage` (debug/coverage.ts);
 * a differential run without --coverage never does.
 */

export interface CpuRegisters {
  ax: number;
  bx: number;
  cx: number;
  dx: number;
  si: number;
  di: number;
  bp: number;
  sp: number;
  cs: number;
  ds: number;
  es: number;
  ss: number;
  ip: number;
  flags: number;
}

export interface CpuDebug {
  /** The registers now (16-bit views; IP relative to CS). */
  registers(): CpuRegisters;
  /** Sets IP, CS, SP and FLAGS (the trap frame's registers); the CPU leaves a halt. */
  setFrame(frame: { ip: number; cs: number; sp: number; flags: number }): void;
  /** Sets FLAGS only (a halted CPU stays halted). */
  setFlags(flags: number): void;
  /** Writes guest memory: only the debugger's own bytes (breakpoints, vectors, stub). */
  write(linear: number, bytes: Uint8Array): void;
  /** Calls `listener` when the CPU executes HLT with IF = 0; returns the unsubscribe function. */
  onHaltWithInterruptsOff(listener: () => void): () => void;
  /**
   * Calls `listener` after every slice of the emulator's run loop, where the CPU is between two
   * instructions and may be changed (the coverage tracer takes its traps there without pausing);
   * returns the unsubscribe function. A CPU taken out of a halt there runs on at once.
   */
  onSliceEnd(listener: () => void): () => void;
  /** Stops the emulator before its next slice (the CPU state stays as it is). */
  pause(): void;
  resume(): void;
  paused(): boolean;
}

/** FLAGS bits the debugger reads or sets. */
export const FLAG = {
  CF: 0x001,
  PF: 0x004,
  AF: 0x010,
  ZF: 0x040,
  SF: 0x080,
  TF: 0x100,
  IF: 0x200,
  DF: 0x400,
  OF: 0x800,
} as const;

export function formatFlags(flags: number): string {
  return (Object.keys(FLAG) as (keyof typeof FLAG)[])
    .map((name) => (flags & FLAG[name] ? name : name.toLowerCase()))
    .join(" ");
}
