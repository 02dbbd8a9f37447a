/** Which wake-ups of v86's loop the page's own timer takes over from v86's worker, and which it leaves. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { wakeFromPageTimer, type PageVisibility } from "../../emu/page-wake-timer.js";
import type { V86MainLoop } from "../../emu/v86-internals.js";

interface FakeLoop {
  loop: V86MainLoop;
  /** What reached v86's own (worker) yield: [delay, tick]. */
  workerCalls: [number, number][];
  /** Ticks that reached yield_callback. */
  woken: number[];
}

function fakeLoop(): FakeLoop {
  const workerCalls: [number, number][] = [];
  const woken: number[] = [];
  const loop = {
    yield: (delayMs: number, tick: number) => {
      workerCalls.push([delayMs, tick]);
    },
    yield_callback: (tick: number) => {
      woken.push(tick);
    },
  } as unknown as V86MainLoop;
  return { loop, workerCalls, woken };
}

function fakeVisibility(): PageVisibility & { setHidden(hidden: boolean): void } {
  let hidden = false;
  const listeners = new Set<() => void>();
  return {
    hidden: () => hidden,
    watch: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setHidden: (value) => {
      hidden = value;
      for (const listener of listeners) listener();
    },
  };
}

describe("wakeFromPageTimer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("wakes a halted guest's loop from a page timer at its next PIT tick, without the worker", () => {
    const { loop, workerCalls, woken } = fakeLoop();
    wakeFromPageTimer(loop, fakeVisibility());
    loop.yield(56, 7);
    vi.advanceTimersByTime(55);
    expect(woken).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(woken).toEqual([7]);
    expect(workerCalls).toEqual([]);
  });

  it("leaves waits shorter than the clamp of nested page timers (4 ms) to the worker", () => {
    const { loop, workerCalls, woken } = fakeLoop();
    wakeFromPageTimer(loop, fakeVisibility());
    loop.yield(0, 1);
    loop.yield(3.5, 2);
    expect(workerCalls).toEqual([
      [0, 1],
      [3.5, 2],
    ]);
    vi.advanceTimersByTime(10);
    expect(woken).toEqual([]);
  });

  it("drops its pending wake-up when v86 asks again (input woke the guest earlier)", () => {
    const { loop, workerCalls, woken } = fakeLoop();
    wakeFromPageTimer(loop, fakeVisibility());
    loop.yield(50, 1);
    loop.yield(0, 2);
    loop.yield(40, 3);
    vi.advanceTimersByTime(100);
    expect(woken).toEqual([3]);
    expect(workerCalls).toEqual([[0, 2]]);
  });

  it("uses the worker while the page is hidden, where page timers are throttled to once a second", () => {
    const { loop, workerCalls, woken } = fakeLoop();
    const visibility = fakeVisibility();
    wakeFromPageTimer(loop, visibility);
    visibility.setHidden(true);
    loop.yield(55, 4);
    expect(workerCalls).toEqual([[55, 4]]);
    vi.advanceTimersByTime(100);
    expect(woken).toEqual([]);
  });

  it("hands a pending page timer to the worker, with the time left, when the page hides", () => {
    const { loop, workerCalls, woken } = fakeLoop();
    const visibility = fakeVisibility();
    wakeFromPageTimer(loop, visibility);
    loop.yield(55, 9);
    vi.advanceTimersByTime(20);
    visibility.setHidden(true);
    expect(workerCalls).toHaveLength(1);
    expect(workerCalls[0][1]).toBe(9);
    expect(workerCalls[0][0]).toBeCloseTo(35, 0);
    vi.advanceTimersByTime(100);
    expect(woken).toEqual([]);
  });

  it("once removed, neither wakes the loop nor watches the page any more", () => {
    const { loop, workerCalls, woken } = fakeLoop();
    const visibility = fakeVisibility();
    const remove = wakeFromPageTimer(loop, visibility);
    loop.yield(30, 5);
    remove();
    visibility.setHidden(true);
    vi.advanceTimersByTime(100);
    expect(woken).toEqual([]);
    expect(workerCalls).toEqual([]);
  });
});
