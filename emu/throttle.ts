/**
 * Slows the guest to a chosen instruction rate by lengthening v86's pauses between slices of its main
 * loop. v86 runs a slice (about a millisecond of host time, tens of thousands of instructions) and
 * then asks to sleep; after each slice this says how long the sleep must be so that the instructions
 * run so far are not ahead of the wall clock at the chosen rate.
 */

/**
 * Time the guest may fall behind and catch up on (a slice that started late on a busy host); beyond
 * it, after a long halt, it must not race ahead: at 0.33 MIPS, 100 ms is 33,000 instructions.
 */
const MAX_CREDIT_MS = 100;

export class Throttle {
  /** Instructions per millisecond; undefined = no limit. */
  private perMs: number | undefined;
  private originMs = 0;
  private originCount = 0;

  get limitMips(): number | undefined {
    return this.perMs === undefined ? undefined : this.perMs / 1000;
  }

  /** Limit to `mips` million instructions per second from now (undefined: as fast as the host can). */
  set(mips: number | undefined, nowMs: number, count: number): void {
    if (mips !== undefined && !(mips > 0))
      throw new Error(`speed limit must be a positive MIPS figure, not ${mips}`);
    this.perMs = mips === undefined ? undefined : mips * 1000;
    this.restart(nowMs, count);
  }

  /** Count from here (after a pause, or a restore). */
  restart(nowMs: number, count: number): void {
    this.originMs = nowMs;
    this.originCount = count;
  }

  /** The sleep before the next slice: v86's own request, or longer when the guest is ahead of the rate. */
  delay(requestedMs: number, nowMs: number, count: number): number {
    if (this.perMs === undefined) return requestedMs;
    const ahead = this.originMs + (count - this.originCount) / this.perMs - nowMs;
    if (ahead < -MAX_CREDIT_MS) this.restart(nowMs - MAX_CREDIT_MS, count);
    return Math.max(requestedMs, ahead);
  }
}
