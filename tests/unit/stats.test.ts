/** The run's instruction histogram: the median of every answered click in fixed memory. */
import { describe, expect, it } from "vitest";
import { Prng } from "../../util/prng.js";
import { InstructionHistogram } from "../../harness/stats.js";

function sortedMedian(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

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
