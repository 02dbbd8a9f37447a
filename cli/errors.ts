import { jobsRefusal } from "../util/address-space.js";
import { messageOf } from "../util/error-message.js";

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

/** --jobs: a positive integer whose emulator threads fit the address-space limit (ulimit -v). */
export function parseJobs(value: string): number {
  const jobs = parsePositiveInt(value, "--jobs");
  const tooMany = jobsRefusal(jobs);
  if (tooMany) throw new UsageError(tooMany);
  return jobs;
}

/** A non-negative integer option (0 allowed: "off"). */
export function parseNonNegativeInt(value: string, option: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
    throw new UsageError(`${option} must be a non-negative integer, not ${JSON.stringify(value)}`);
  return n;
}

/** An error class of a layer below whose errors are the user's (a refusal of what they asked for). */
type RefusalClass = abstract new (...args: never[]) => Error;

/**
 * Runs `work`; an error of one of `refusals`, thrown or (when `work` returns a promise) its rejection,
 * becomes a UsageError (one line, exit 2): its message, after `prefix`.
 */
export function refusing<T>(refusals: readonly RefusalClass[], work: () => T, prefix = ""): T {
  const refuse = (error: unknown): never => {
    if (refusals.some((refusal) => error instanceof refusal)) throw new UsageError(prefix + messageOf(error));
    throw error;
  };
  try {
    const result = work();
    return result instanceof Promise ? (result.catch(refuse) as T) : result;
  } catch (error) {
    return refuse(error);
  }
}
