/**
 * v86 in Node schedules every next slice with its own timer: setImmediate while the guest runs, else
 * setTimeout until the next device timer (the PIT's next tick, typically). Each input that wakes a
 * halted guest starts another slice and another setTimeout for the same PIT tick, while the earlier
 * ones stay pending and fire for nothing. Here one wake-up timer is kept: a request that is due no
 * earlier than the pending one is covered by it (when it fires it runs the loop's latest tick; a
 * slice that comes early only finds the guest still halted and asks again). The browser has its own
 * (emu/page-wake-timer.ts).
 */
import { nodeGlobals } from "./host-globals.js";
import type { V86MainLoop } from "./v86-internals.js";

/** Installs the shared wake-up timer on a Node loop; returns the function that cancels it. */
export function shareWakeUpTimer(loop: V86MainLoop): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = 0;
  loop.yield = (delayMs, tick) => {
    if (delayMs < 1) {
      nodeGlobals().setImmediate(() => loop.yield_callback(tick));
      return;
    }
    const wanted = performance.now() + delayMs;
    if (timer !== undefined && due <= wanted) return;
    clearTimeout(timer);
    due = wanted;
    timer = setTimeout(() => {
      timer = undefined;
      loop.yield_callback(loop.tick_counter);
    }, delayMs);
  };
  return () => {
    clearTimeout(timer);
    timer = undefined;
  };
}

/** Whether v86 schedules with Node's setImmediate/setTimeout (replaced here) or a page's worker (emu/page-wake-timer.ts). */
export function isNode(): boolean {
  return typeof nodeGlobals().process?.versions?.node === "string";
}
