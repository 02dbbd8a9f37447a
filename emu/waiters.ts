import type { WaitOptions } from "./types.js";

type Probe<T> = () => T | undefined | false;

interface Waiter {
  /** Runs the probe; true when the waiter is finished (resolved or rejected). */
  check(): boolean;
  fail(error: Error): void;
}

/**
 * Pending waitFor calls. The machine calls `check()` after every slice of emulation, so a probe is
 * evaluated as soon as the guest may have changed something, without polling timers. `onPending`
 * runs after a waiter whose probe is not yet true has been added (the machine starts running slices).
 */
export class SliceWaiters {
  private readonly pending = new Set<Waiter>();

  constructor(
    private readonly describeScreen: () => string,
    private readonly onPending: () => void = () => {},
  ) {}

  hasPending(): boolean {
    return this.pending.size > 0;
  }

  wait<T>(probe: Probe<T>, options: WaitOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waiter: Waiter = {
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
          clearTimeout(timer);
          resolve(value);
          return true;
        },
        fail: (error) => {
          this.pending.delete(waiter);
          clearTimeout(timer);
          reject(error);
        },
      };
      if (waiter.check()) return;
      this.pending.add(waiter);
      timer = setTimeout(() => {
        const what = options.what ?? "a condition";
        waiter.fail(
          new Error(`timed out after ${options.timeoutMs} ms waiting for ${what}; the screen:\n${this.describeScreen()}`),
        );
      }, options.timeoutMs);
      this.onPending();
    });
  }

  check(): void {
    if (this.pending.size === 0) return;
    for (const waiter of [...this.pending]) waiter.check();
  }

  failAll(error: Error): void {
    for (const waiter of [...this.pending]) waiter.fail(error);
  }
}
