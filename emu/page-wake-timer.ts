/**
 * In a page, v86 schedules every next slice through a Worker: the main thread posts {t, tick} to it,
 * the worker sets a timer and posts the tick back, and the main thread runs the slice. While the game
 * waits for a click that is one round trip per PIT tick (18.2 a second): measured on the idle page
 * (Chromium, /proc per thread), the worker thread alone took 0.6-0.8 % of a core and the two messages
 * per tick added their tasks on the main thread, about as much as the slice itself.
 * Here a wait of at least PAGE_TIMER_MIN_MS in a visible page is a plain setTimeout on the page: one
 * task per wake-up, no worker. The worker keeps the rest:
 * - shorter waits: a page's timers nested more than 5 deep are clamped to at least 4 ms (HTML
 *   timers), which would stretch the 1-3 ms pauses of the 4.77 MHz speed limit;
 * - a hidden page: Chromium runs a hidden page's timers at most once a second (once a minute after
 *   5 minutes), a worker's not; v86's PIT raises at most one IRQ0 per slice, so a late wake-up would
 *   lose the guest's timer ticks. A page timer pending when the page hides moves to the worker.
 * Either way v86 drops a wake-up whose tick is no longer the latest (yield_callback), so a stale one
 * from the other path does nothing.
 * The PIT's ticks themselves are still all delivered, one wake-up each (now about 0.4 ms of the main
 * thread per tick, most of the idle page's CPU): v86's PIT raises at most one IRQ0 per slice however
 * late the slice comes (src/pit.js timer), so sleeping through ticks would lose them from the BIOS's
 * tick count, the guest's clock.
 */
import type { VisibilityDocument } from "./host-globals.js";
import type { V86MainLoop } from "./v86-internals.js";

/** The shortest wait handed to a page timer: the clamp of nested page timers (4 ms) never lengthens it. */
const PAGE_TIMER_MIN_MS = 4;

/** Whether the page is hidden, and when that changes (the document's visibilityState in a browser). */
export interface PageVisibility {
  hidden(): boolean;
  /** Calls `listener` on every change; returns the function that stops it. */
  watch(listener: () => void): () => void;
}

export function documentVisibility(doc: VisibilityDocument): PageVisibility {
  return {
    hidden: () => doc.visibilityState === "hidden",
    watch: (listener) => {
      doc.addEventListener("visibilitychange", listener);
      return () => doc.removeEventListener("visibilitychange", listener);
    },
  };
}

/** Installs the page timer on a browser loop (beside v86's worker); returns the function that removes it. */
export function wakeFromPageTimer(loop: V86MainLoop, visibility: PageVisibility): () => void {
  const workerYield = loop.yield.bind(loop);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = 0;
  let dueTick = 0;
  // Kept here, not asked for on every wake-up: reading document.visibilityState showed in the idle
  // page's CPU profile (1 % of its samples).
  let hidden = visibility.hidden();
  const cancel = (): void => {
    clearTimeout(timer);
    timer = undefined;
  };
  loop.yield = (delayMs, tick) => {
    cancel();
    if (delayMs < PAGE_TIMER_MIN_MS || hidden) {
      workerYield(delayMs, tick);
      return;
    }
    due = performance.now() + delayMs;
    dueTick = tick;
    timer = setTimeout(() => {
      timer = undefined;
      loop.yield_callback(tick);
    }, delayMs);
  };
  const stopWatching = visibility.watch(() => {
    hidden = visibility.hidden();
    if (timer === undefined || !hidden) return;
    cancel();
    workerYield(Math.max(0, due - performance.now()), dueTick);
  });
  return () => {
    cancel();
    stopWatching();
  };
}
