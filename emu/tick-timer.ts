/**
 * v86 in Node schedules every next slice with its own timer: setImmediate while the guest runs, else
 * setTimeout until the next device timer (the PIT's next tick, typically). Each input that wakes a
 * halted guest starts another slice and another setTimeout for the same PIT tick, while the earlier
 * ones stay pending and fire for nothing. Here one wake-up timer is kept: a request that is due no
 * earlier than the pending one is covered by it (when it fires it runs the loop's latest tick; a
 * slice that comes early only finds the guest still halted and asks again). The browser keeps v86's
 * own scheduling.
 */
import type { V86MainLoop } from "./v86-internals.js";

/** Installs the shared wake-up timer on a Node loop; returns the function that cancels it. */
export function shareWakeUpTimer(loop: V86MainLoop): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = 0;
  loop.yield = (delayMs, tick) => {
    if (delayMs < 1) {
      setImmediate(() => loop.yield_callback(tick));
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

/** v86's Node scheduling (setImmediate/setTimeout) is the one replaced; in a browser it is kept. */
export function isNode(): boolean {
  return typeof process !== "undefined" && typeof process.versions?.node === "string";
}
