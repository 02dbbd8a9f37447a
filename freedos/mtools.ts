/** The mtools commands the FreeDOS floppy builder uses, run as child processes with clear errors. */
import { execFileSync } from "node:child_process";

export type MtoolsCommand = "mdir" | "mcopy" | "mdel" | "mren";

/** The reason of an MtoolsError when the command is not installed at all. */
export const MTOOLS_MISSING = "not installed";

/** An mtools command could not run or failed; the message names the command and mtools' reason. */
export class MtoolsError extends Error {
  override readonly name = "MtoolsError";

  /** mtools' own words (its first line of standard error), e.g. "Disk full". */
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

/** Plain 8.3 names only (no long-name entries DOS would not need), no geometry pickiness. */
const MTOOLS_ENV = { MTOOLS_NO_VFAT: "1", MTOOLS_SKIP_CHECK: "1" };

/** Run `command -i image args...` and return its standard output. */
export function mtools(command: MtoolsCommand, image: string, args: readonly string[]): string {
  try {
    return execFileSync(command, ["-i", image, ...args], {
      encoding: "utf8",
      env: { ...process.env, ...MTOOLS_ENV },
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string; status?: number | null };
    if (failure.code === "ENOENT") {
      throw new MtoolsError(`${command} not found: install mtools (Debian package mtools)`, MTOOLS_MISSING);
    }
    const stderr = (failure.stderr ?? "").split("\n").map((line) => line.trim());
    const reason = stderr.find((line) => line.length > 0) ?? `exit status ${failure.status ?? "unknown"}`;
    throw new MtoolsError(`${command} ${args.join(" ")} on ${image} failed: ${reason}`, reason);
  }
}

/** Names (upper case, "NAME.EXT") of the files in the root directory, hidden and system files included. */
export function rootFiles(image: string): string[] {
  return mtools("mdir", image, ["-a", "-b", "::"])
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("::/") && !line.endsWith("/"))
    .map((line) => line.slice(3).toUpperCase());
}
