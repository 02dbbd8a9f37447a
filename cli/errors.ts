/** A problem with what the user asked for: printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export function parsePositiveInt(value: string, option: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) {
    throw new UsageError(`${option} must be a positive integer, not ${JSON.stringify(value)}`);
  }
  return n;
}
