/** The benchmarks' upper quantiles (p90, p95); their medians are util/median.ts's. */

/** The q-quantile (0 <= q <= 1) by nearest rank: the value at floor(q * count) of the sorted list; 0 for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
