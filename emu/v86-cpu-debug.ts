/**
 * CpuDebug over v86's CPU object. The field names survive v86's Closure Compiler build (checked
 * against node_modules/v86/build/libv86.mjs): reg32 = EAX ECX EDX EBX ESP EBP ESI EDI, sreg = ES CS SS
 * DS FS GS, instruction_pointer is linear (CS base + IP), flags with flags_changed = 0 holds FLAGS
 * as they are, in_hlt is set by HLT. v86 sends "cpu-event-halt" on its bus when HLT runs with IF = 0.
 */
import type { CpuDebug, CpuRegisters } from "./cpu-debug.js";
import type { V86Cpu, V86MainLoop } from "./v86-internals.js";

/** The emulator as the debugger uses it: v86's declarations lack the event "cpu-event-halt". */
interface V86Emulator {
  readonly v86: V86MainLoop;
  add_listener(event: string, listener: () => void): void;
  remove_listener(event: string, listener: () => void): void;
  write_memory(data: Uint8Array, linear: number): void;
}

const CS = 1;
const REAL_MODE_SHIFT = 4;

/** `sliceEnd` holds the listeners the machine calls after every slice of its run loop. */
export function createCpuDebug(emulator: unknown, sliceEnd: Set<() => void>): CpuDebug {
  const e = emulator as V86Emulator;
  const cpu = (): V86Cpu => e.v86.cpu;
  return {
    registers(): CpuRegisters {
      const c = cpu();
      const r = c.reg32;
      return {
        ax: r[0] & 0xffff,
        cx: r[1] & 0xffff,
        dx: r[2] & 0xffff,
        bx: r[3] & 0xffff,
        sp: r[4] & 0xffff,
        bp: r[5] & 0xffff,
        si: r[6] & 0xffff,
        di: r[7] & 0xffff,
        es: c.sreg[0],
        cs: c.sreg[1],
        ss: c.sreg[2],
        ds: c.sreg[3],
        ip: (c.instruction_pointer[0] - c.segment_offsets[CS]) & 0xffff,
        flags: c.get_eflags() & 0xffff,
      };
    },
    setFrame(frame) {
      const c = cpu();
      c.sreg[CS] = frame.cs;
      c.segment_offsets[CS] = frame.cs << REAL_MODE_SHIFT;
      c.instruction_pointer[0] = (frame.cs << REAL_MODE_SHIFT) + frame.ip;
      c.previous_ip[0] = c.instruction_pointer[0];
      c.reg32[4] = (c.reg32[4] & ~0xffff) | (frame.sp & 0xffff);
      c.flags[0] = (c.get_eflags() & ~0xffff) | frame.flags | 0x2;
      c.flags_changed[0] = 0;
      c.in_hlt[0] = 0;
    },
    setFlags(flags) {
      const c = cpu();
      c.flags[0] = (c.get_eflags() & ~0xffff) | flags | 0x2;
      c.flags_changed[0] = 0;
    },
    write(linear, bytes) {
      e.write_memory(bytes, linear);
    },
    onHaltWithInterruptsOff(listener) {
      e.add_listener("cpu-event-halt", listener);
      return () => e.remove_listener("cpu-event-halt", listener);
    },
    onSliceEnd(listener) {
      const own = (): void => listener();
      sliceEnd.add(own);
      return () => sliceEnd.delete(own);
    },
    pause() {
      e.v86.stop();
    },
    resume() {
      if (!e.v86.running || e.v86.stopping) e.v86.run();
    },
    paused: () => !e.v86.running || e.v86.stopping,
  };
}
