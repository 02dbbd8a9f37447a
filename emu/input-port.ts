import type { GuestMemory, WaitOptions } from "./types.js";
import type { V86Bus, V86Ps2 } from "./v86-internals.js";

/** What the keyboard and mouse need from the machine: the v86 bus, the 8042 and waiting. */
export interface InputPort {
  readonly bus: V86Bus;
  readonly ps2: V86Ps2;
  readonly memory: GuestMemory;
  /** How long one input step may take before it fails. */
  readonly inputTimeoutMs: number;
  waitFor<T>(probe: () => T | undefined | false, options: WaitOptions): Promise<T>;
  screenText(): string;
}
