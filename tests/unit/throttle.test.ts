/** The speed limit's arithmetic: how long v86 must sleep so the guest keeps to the chosen rate. */
import { describe, expect, it } from "vitest";
import { Throttle } from "../../emu/throttle.js";

describe("Throttle", () => {
  it("without a limit passes v86's own sleep through", () => {
    const throttle = new Throttle();
    expect(throttle.delay(3, 1000, 5_000_000)).toBe(3);
    expect(throttle.limitMips).toBeUndefined();
  });

  it("at 0.33 MIPS sleeps until 100,000 instructions have had their 303 ms", () => {
    const throttle = new Throttle();
    throttle.set(0.33, 1000, 0);
    expect(throttle.delay(0, 1001, 100_000)).toBeCloseTo(100_000 / 330 - 1, 6);
    expect(throttle.delay(50, 1000 + 400, 100_000)).toBe(50);
  });

  it("does not let a guest that was halted for long race ahead to catch up", () => {
    const throttle = new Throttle();
    throttle.set(1, 0, 0);
    // 10 s of idle: only 100 ms of credit remain, so the next 1,000,000 instructions take about 900 ms.
    expect(throttle.delay(0, 10_000, 1000)).toBe(0);
    expect(throttle.delay(0, 10_001, 1_001_000)).toBeCloseTo(899, 0);
  });

  it("refuses a limit that is not a positive rate", () => {
    expect(() => new Throttle().set(0, 0, 0)).toThrow(/positive/);
    expect(() => new Throttle().set(Number.NaN, 0, 0)).toThrow(/positive/);
  });
});
