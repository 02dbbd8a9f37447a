/** Waiting for work that a signal may cut short. */

/**
 * Resolves when `playing` settles or `signal` aborts, whichever is first; the work still running is
 * left to stop on its own, and its errors after an abort are not the caller's (the emulators or
 * children are being torn down).
 */
export function untilDoneOrAborted(playing: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return playing;
  if (signal.aborted) {
    playing.catch(() => undefined);
    return Promise.resolve();
  }
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => resolve();
    signal.addEventListener("abort", onAbort, { once: true });
    playing
      .finally(() => signal.removeEventListener("abort", onAbort))
      .then(resolve, (error: unknown) => (signal.aborted ? resolve() : reject(error)));
  });
}

/**
 * Waits for the next turn of the event loop. Work that only awaits promises (an in-process engine's
 * game) never leaves the microtask queue, so signals, timers and I/O wait until it ends; a loop of
 * such work awaits this between two items.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** What listens for Ctrl+C and its kin during a long command (cli/interrupt.ts makes it). */
export interface Interruption {
  /** Aborted by the first signal. */
  readonly signal: AbortSignal;
  /** The signal received (SIGINT, SIGTERM, SIGHUP), if any. */
  received(): string | undefined;
  /** Stop listening (the command is done). */
  dispose(): void;
}
