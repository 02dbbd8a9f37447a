/**
 * The run's instruction histogram (the median of every answered click in fixed memory) and the cost
 * tracker's time split.
 */
import { describe, expect, it } from "vitest";
import type { MachineStats } from "../../emu/types.js";
import { Prng } from "../../util/prng.js";
import { median } from "../../util/median.js";
import { costTracker, InstructionHistogram } from "../../harness/stats.js";

/** The histogram rounds the mean of the two middle values of an even count. */
const sortedMedian = (values: number[]): number => Math.round(median(values));

describe("InstructionHistogram", () => {
  it.each([1, 2, 7, 1000, 1001])("gives the same median and maximum as sorting %i values", (count) => {
    const prng = new Prng(count);
    const values = Array.from({ length: count }, () => 30_000 + prng.below(30_000));
    const histogram = new InstructionHistogram();
    for (const v of values) histogram.add(v);
    expect(histogram.median()).toBe(sortedMedian(values));
    expect(histogram.max).toBe(Math.max(...values));
  });

  it("is 0 when empty and counts a value beyond its table at the table's end", () => {
    const histogram = new InstructionHistogram();
    expect(histogram.median()).toBe(0);
    histogram.add(5_000_000);
    expect(histogram.max).toBe(5_000_000);
    expect(histogram.median()).toBe(1 << 20);
  });
});

describe("the cost tracker's time split", () => {
  /** A machine whose run loop has taken `loopMs` so far. */
  const machine = (loop: { ms: number }) => ({
    stats: (): MachineStats => ({ instructions: 0, runLoopMs: loop.ms, slices: 0, jitCompilations: 0 }),
  });
  const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

  it("counts an asynchronous policy's whole think, less the emulator's run loop meanwhile", async () => {
    const loop = { ms: 0 };
    const tracker = costTracker(machine(loop));
    const cell = await tracker.timeAsync("policyMs", async () => {
      await sleep(60);
      loop.ms += 20;
      return 7;
    });
    expect(cell).toBe(7);
    expect(tracker.cost.policyMs).toBeGreaterThanOrEqual(60 - 20 - 1);
    expect(tracker.cost.policyMs).toBeLessThan(60 - 20 + 500);
  });

  it("counts a synchronous policy the same way", async () => {
    const tracker = costTracker(machine({ ms: 0 }));
    const cell = await tracker.timeAsync("policyMs", () => {
      const until = performance.now() + 15;
      while (performance.now() < until);
      return 3;
    });
    expect(cell).toBe(3);
    expect(tracker.cost.policyMs).toBeGreaterThanOrEqual(15);
  });
});
