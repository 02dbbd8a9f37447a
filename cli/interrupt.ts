/**
 * The one signal path of every long command (diff, arena, brain, report merge): the first SIGINT,
 * SIGTERM or SIGHUP kills the child programs' process groups (pbrain brains), then aborts the work so
 * the command can restore the terminal (progress bar, cursor), print the figures so far and exit with
 * the shell's code for that signal (128 + its number); a second signal exits at once.
 */
import type { Interruption as BaseInterruption } from "../util/abort.js";
import { killTrackedGroups } from "../util/child-groups.js";

export const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
export type HandledSignal = keyof typeof SIGNAL_EXIT_CODES;

/** util/abort.ts's Interruption; after a signal, dispose() leaves later ones exiting with its code. */
export interface Interruption extends BaseInterruption {
  received(): HandledSignal | undefined;
}

export interface InterruptOptions {
  /** Runs first on every signal, synchronously (ends what this thread cannot leave behind). */
  readonly onSignal?: () => void;
}

/** A repeat of the first signal this soon is the same signal delivered twice, not a second one. */
const SAME_SIGNAL_MS = 100;

export function listenForInterrupts(options: InterruptOptions = {}): Interruption {
  const controller = new AbortController();
  let received: HandledSignal | undefined;
  let receivedAt = 0;
  const handlers = new Map<HandledSignal, () => void>();
  for (const name of Object.keys(SIGNAL_EXIT_CODES) as HandledSignal[]) {
    const handler = (): void => {
      // bin/piskasm.mjs's relaunch passes on the Ctrl+C that the terminal sent to both processes.
      if (received === name && performance.now() - receivedAt < SAME_SIGNAL_MS) return;
      killTrackedGroups();
      options.onSignal?.();
      if (received !== undefined) process.exit(SIGNAL_EXIT_CODES[received]);
      received = name;
      receivedAt = performance.now();
      controller.abort();
    };
    handlers.set(name, handler);
    process.on(name, handler);
  }
  return {
    signal: controller.signal,
    received: () => received,
    dispose: () => {
      // After an interruption the process may still be ending (workers terminating, output draining):
      // a later signal must then exit with the first one's code, not kill it by the default action.
      if (received !== undefined) return;
      for (const [name, handler] of handlers) process.off(name, handler);
    },
  };
}
