/**
 * The INT 3 trap both the source-level debugger (debug/debugger.ts) and the coverage tracer
 * (debug/coverage.ts) set up, as real-mode debuggers do: INT 3's vector points at a 3-byte stub
 * `hlt; jmp $-1` at 0000:05FCh (the DOS communication area 0500h-05FFh, unused by the small DOS and
 * below the FreeDOS kernel at 0600h). INT 3 clears IF, so the stub halts with interrupts off and v86
 * reports it ("cpu-event-halt"). The trap frame on the stack (IP after the CCh, CS, FLAGS) says where.
 */
import type { GuestMemory } from "../emu/types.js";
import type { CpuDebug } from "../emu/cpu-debug.js";

/** The trap stub's linear address: 0000:05FCh, inside the DOS communication area 0500h-05FFh. */
const STUB_LINEAR = 0x5fc;
/** hlt; jmp short $-1 (back to the hlt: an NMI would not get past it). */
const STUB_BYTES = Uint8Array.of(0xf4, 0xeb, 0xfd);
const INT3_VECTOR = 3 * 4;

/** The trap frame INT 3 pushed: `ip` is the address after the CCh byte. */
export interface TrapFrame {
  ip: number;
  cs: number;
  flags: number;
}

/** Points INT 3 at the stub; returns the function that puts the old vector back. */
export function installTrap(cpu: CpuDebug, memory: GuestMemory): () => void {
  const saved = memory.read(INT3_VECTOR, 4);
  cpu.write(STUB_LINEAR, STUB_BYTES);
  cpu.write(INT3_VECTOR, Uint8Array.of(STUB_LINEAR & 0xff, STUB_LINEAR >> 8, 0, 0));
  return () => cpu.write(INT3_VECTOR, saved);
}

/** The frame on top of the stack of a CPU halted in the stub. */
export function trapFrame(cpu: CpuDebug, memory: GuestMemory): TrapFrame {
  const r = cpu.registers();
  const linear = r.ss * 16 + r.sp;
  return {
    ip: memory.readU16(linear),
    cs: memory.readU16(linear + 2),
    flags: memory.readU16(linear + 4),
  };
}

/** Takes the frame off the stack back into the CPU, at `ip`: the program runs on from there. */
export function leaveTrap(cpu: CpuDebug, frame: TrapFrame, ip: number, flags = frame.flags): void {
  cpu.setFrame({ ip: ip & 0xffff, cs: frame.cs, sp: (cpu.registers().sp + 6) & 0xffff, flags });
}
