/** A problem with what the user asked for: printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A positive integer option; with `max`, at most that (both refused with one line naming the range). */
export function parsePositiveInt(value: string, option: string, max?: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) {
    throw new UsageError(
      `${option} must be a positive integer${max === undefined ? "" : ` up to ${max}`}, not ${JSON.stringify(value)}`,
    );
  }
  if (max !== undefined && n > max) throw new UsageError(`${option} must be at most ${max}, not ${value}`);
  return n;
}

/** A non-negative integer option (0 allowed: "off"). */
export function parseNonNegativeInt(value: string, option: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
    throw new UsageError(`${option} must be a non-negative integer, not ${JSON.stringify(value)}`);
  return n;
}
