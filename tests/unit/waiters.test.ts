/**
 * SliceWaiters (emu/waiters.ts): a wait fails once its time is up and the emulator has had its
 * slices, so a host that starves the test process does not fail a wait the guest had no chance to meet.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { SliceWaiters } from "../../emu/waiters.js";

afterEach(() => {
  vi.restoreAllMocks();
});

/** performance.now() under the test's control. */
function clock(): { advance(ms: number): void } {
  let now = 1_000;
  vi.spyOn(performance, "now").mockImplementation(() => now);
  return { advance: (ms) => (now += ms) };
}

describe("SliceWaiters", () => {
  it("fails a wait whose time is up after the slices it was owed, with what it waited for", async () => {
    const time = clock();
    const waiters = new SliceWaiters(() => "the screen");
    const failure = waiters.wait(() => false, { timeoutMs: 1_000, what: "a key" });
    time.advance(1_001);
    for (let slice = 0; slice < 3; slice++) waiters.check();
    expect(waiters.hasPending()).toBe(true);
    waiters.check();
    await expect(failure).rejects.toThrow(
      "timed out after 1000 ms waiting for a key; the screen:\nthe screen",
    );
    expect(waiters.hasPending()).toBe(false);
  });

  it("keeps a wait whose slices came in time until its deadline", async () => {
    const time = clock();
    const waiters = new SliceWaiters(() => "");
    const failure = waiters.wait(() => false, { timeoutMs: 1_000 });
    for (let slice = 0; slice < 100; slice++) waiters.check();
    expect(waiters.hasPending()).toBe(true);
    time.advance(1_000);
    waiters.check();
    await expect(failure).rejects.toThrow("timed out after 1000 ms");
  });

  it("resolves a starved wait whose probe comes true after its deadline", async () => {
    const time = clock();
    const waiters = new SliceWaiters(() => "");
    let ready = false;
    const value = waiters.wait(() => ready && "ready", { timeoutMs: 1_000 });
    time.advance(30_000);
    waiters.check();
    ready = true;
    waiters.check();
    await expect(value).resolves.toBe("ready");
  });
});
