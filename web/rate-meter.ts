/** The live instructions-per-second readout: the machine's instruction counter sampled once a second. */
import type { Machine } from "../emu/types.js";

const SAMPLE_MS = 1000;

export class RateMeter {
  private last: { count: number; at: number } | undefined;
  /** Whether the last sample or follow() saw the machine paused (undefined: not seen yet). */
  private paused: boolean | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly machine: () => Machine | undefined,
    private readonly show: (mips: number | "paused" | undefined) => void,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.sample(), SAMPLE_MS);
  }

  /** A pause or a resume shows at once, not at the next sample (nothing happens when neither did). */
  follow(): void {
    const machine = this.machine();
    if (!machine || machine.isPaused() === this.paused) return;
    if (machine.isPaused()) return this.sample();
    // Resumed: counting starts again from here, shown as unknown until the next sample.
    this.paused = false;
    this.last = { count: machine.instructionCount(), at: performance.now() };
    this.show(undefined);
  }

  /** Forget the last sample (a new machine: its counter starts again). */
  restart(): void {
    this.last = undefined;
    this.paused = undefined;
    this.show(undefined);
  }

  private sample(): void {
    const machine = this.machine();
    if (!machine) return this.restart();
    this.paused = machine.isPaused();
    if (this.paused) {
      this.last = undefined;
      return this.show("paused");
    }
    const now = { count: machine.instructionCount(), at: performance.now() };
    if (this.last) this.show((now.count - this.last.count) / ((now.at - this.last.at) * 1000));
    this.last = now;
  }
}
