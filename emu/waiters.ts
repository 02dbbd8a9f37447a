import type { WaitOptions } from "./types.js";

type Probe<T> = () => T | undefined | false;

/**
 * A wait fails only once its time is up AND the emulator has had one slice for every this many ms of
 * it. A halted guest still gets a slice at each PIT tick (every 55 ms), a busy one back to back, so on
 * a host that runs the emulator as it should the wall-clock timeout alone decides. On a host that
 * starves this process (two test files and browsers on two cores), wall time passes while the guest
 * gets no chance to answer: the wait then lasts until the guest has had the slices it was owed.
 */
const MS_PER_SLICE_OWED = 250;

interface Waiter {
  /** Runs the probe; true when the waiter is finished (resolved or rejected). */
  check(): boolean;
  fail(error: Error): void;
  /** performance.now() after which the wait fails. */
  readonly deadline: number;
  /** The slice count (SliceWaiters.slices) at which the wait may fail: see MS_PER_SLICE_OWED. */
  readonly lastSlice: number;
  readonly options: WaitOptions;
}

/**
 * Pending waitFor calls. The machine calls `check()` after every slice of emulation, so a probe is
 * evaluated as soon as the guest may have changed something, without polling timers. Timeouts are
 * checked there too: v86 runs a slice at least every 100 ms even for a halted guest (its timers), so
 * a wait fails at most that much after its deadline, and no host timer is set per wait.
 * `onPending` runs after a waiter whose probe is not yet true has been added (the machine starts
 * running slices).
 */
export class SliceWaiters {
  private readonly pending = new Set<Waiter>();
  /** Calls of check(), one after each slice. */
  private slices = 0;

  constructor(
    private readonly describeScreen: () => string,
    private readonly onPending: () => void = () => {},
  ) {}

  hasPending(): boolean {
    return this.pending.size > 0;
  }

  wait<T>(probe: Probe<T>, options: WaitOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        deadline: performance.now() + options.timeoutMs,
        lastSlice: this.slices + Math.ceil(options.timeoutMs / MS_PER_SLICE_OWED),
        options,
        check: () => {
          let value: T | undefined | false;
          try {
            value = probe();
          } catch (error) {
            waiter.fail(error instanceof Error ? error : new Error(String(error)));
            return true;
          }
          if (value === undefined || value === false) return false;
          this.pending.delete(waiter);
          resolve(value);
          return true;
        },
        fail: (error) => {
          this.pending.delete(waiter);
          reject(error);
        },
      };
      if (waiter.check()) return;
      this.pending.add(waiter);
      this.onPending();
    });
  }

  /** Runs every pending probe; fails the waits whose deadline has passed. */
  check(): void {
    this.slices++;
    if (this.pending.size === 0) return;
    // The clock is read once, for the first waiter its probe does not finish.
    let now: number | undefined;
    // A Set's iteration skips the waiters deleted on the way (no copy needed after every slice).
    for (const waiter of this.pending) {
      if (waiter.check() || (now ??= performance.now()) < waiter.deadline || this.slices < waiter.lastSlice)
        continue;
      const { timeoutMs, what = "a condition" } = waiter.options;
      waiter.fail(
        new Error(
          `timed out after ${timeoutMs} ms waiting for ${what}; the screen:\n${this.describeScreen()}`,
        ),
      );
    }
  }

  failAll(error: Error): void {
    for (const waiter of [...this.pending]) waiter.fail(error);
  }
}
