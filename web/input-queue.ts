import type { Machine } from "../emu/types.js";

/** The page's machine and its input queue, as the page's parts are handed them. */
export interface QueuedMachine {
  /** The machine running now. */
  machine(): Machine | undefined;
  /**
   * Runs `step` on it after every earlier input step, so that a save never cuts a click in two; a
   * failure goes to the status line.
   */
  withMachine(step: (machine: Machine) => Promise<unknown>): void;
}

/**
 * Serialises input to the guest: keyboard and mouse steps each wait for the guest to take them, and
 * two of them must never interleave (a key between the move and the click of clickCell, say).
 */
export class InputQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Steps queued or running. */
  get length(): number {
    return this.pending;
  }

  /** Runs `step` after every earlier step; the caller handles its result and failure. */
  run<T>(step: () => Promise<T>): Promise<T> {
    this.pending++;
    const result = this.tail.then(step);
    const settle = (): void => {
      this.pending--;
    };
    this.tail = result.then(settle, settle);
    return result;
  }

  /** Like run, for steps nobody waits for: a failure goes to onError. */
  submit(step: () => Promise<unknown>): void {
    this.run(step).catch(this.onError);
  }
}
