/** How an Info value is drawn in a heat-map cell (4 characters at most) and how hot it looks. */
const HOTTEST = 16_000;

export function shortValue(value: number): string {
  if (value === 0) return "";
  if (value < 1000) return String(value);
  if (value < 10_000) return `${(value / 1000).toFixed(1)}k`;
  return `${Math.round(value / 1000)}k`;
}

/** 0..1 on a log scale: 1 point is barely warm, a FIVE (16000) and above is the hottest. */
export function heat(value: number): number {
  if (value <= 0) return 0;
  return Math.min(1, Math.log1p(value) / Math.log1p(HOTTEST));
}
