/**
 * How the harness tells that PISKASM.COM waits for input, and how long a program has sat still, on the
 * machine's own clock. PISKASM.COM halts only in its wait loops, after it has handled every key that
 * reached it; a program that stays halted while keys sit unread, or that sits waiting where no wait
 * belongs, will not move again without an input the harness does not mean to send.
 */
import type { GuestMemory, Machine } from "../emu/types.js";

/** The BIOS keyboard buffer's head and tail words (0040:001A, 0040:001C): equal when it is empty. */
const KEYBOARD_HEAD = 0x41a;
const KEYBOARD_TAIL = 0x41c;
/** The BIOS timer tick count (dword at 0040:006C, 18.2 a second of the machine's time). */
export const BIOS_TICKS = 0x46c;

/**
 * Instructions a program may run after an input (or from its start) before it must wait again: the
 * longest legitimate run, DOS loading and starting the program again, is about 6 million; a computer
 * move about 50,000. Below mutation testing's 60 million of a hung guest, so a program that never
 * waits again is told as a mismatch with what the model expected, not as a bare time-out.
 */
export const SETTLE_INSTRUCTIONS = 40_000_000;

/** Timer ticks (about a second of the machine's time) that make a still program stuck. */
export const STUCK_TICKS = 18;

export function keyboardBufferEmpty(memory: GuestMemory): boolean {
  return memory.readU16(KEYBOARD_HEAD) === memory.readU16(KEYBOARD_TAIL);
}

/** The program waits for input: halted, with every key typed so far taken from the BIOS buffer. */
export function waitsForInput(machine: Machine): boolean {
  return machine.halted() && keyboardBufferEmpty(machine.memory);
}

/**
 * A machine whose clock does not run (halted with interrupts off) counts as still after this much host
 * time: its timer ticks never come.
 */
export const FROZEN_CLOCK_MS = 6000;

/**
 * Watches a condition on the machine's clock: `held` is told at every probe whether it holds, and
 * answers true once it has held at every probe for `ticks` timer ticks (a probe where it does not hold
 * starts the count again), or for FROZEN_CLOCK_MS of host time while the clock stood still.
 */
export class StillWatch {
  private since: number | undefined;
  private sinceMs = 0;

  constructor(
    private readonly memory: GuestMemory,
    private readonly ticks = STUCK_TICKS,
  ) {}

  held(holds: boolean): boolean {
    if (!holds) {
      this.since = undefined;
      return false;
    }
    // The count's low word: a difference of a few ticks, read across its carry too.
    const now = this.memory.readU16(BIOS_TICKS);
    if (this.since === undefined) {
      this.since = now;
      this.sinceMs = performance.now();
    }
    const passed = (now - this.since) & 0xffff;
    return passed >= this.ticks || (passed === 0 && performance.now() - this.sinceMs >= FROZEN_CLOCK_MS);
  }
}
