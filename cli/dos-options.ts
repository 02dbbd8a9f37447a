/**
 * `--dos builtin|freedos` and `--freedos-image IMG`, shared by the commands that boot the game
 * (boot, diff, info, replay, serve): add them with addDosOptions, turn them into a floppy with bootImage.
 */
import { Option, type Command } from "commander";
import type { DosKind } from "../emu/dos-kind.js";
import { freedosBootImage } from "../freedos/cache.js";
import { UsageError } from "./errors.js";
import { projectPath } from "./paths.js";

export interface DosOptions {
  dos?: DosKind;
  freedosImage?: string;
}

/** Environment variable naming a FreeDOS boot floppy, the default of --freedos-image. */
export const FREEDOS_IMAGE_ENV = "FREEDOS_IMAGE";

export function addDosOptions(command: Command): Command {
  return command
    .addOption(
      new Option("--dos <kind>", "the DOS the game runs under: builtin (the project's small DOS) or freedos").choices([
        "builtin",
        "freedos",
      ]),
    )
    .addOption(
      new Option(
        "--freedos-image <path>",
        "a 1.44 MB FreeDOS boot floppy (KERNEL.SYS, COMMAND.COM) to run the game on; never modified",
      ).env(FREEDOS_IMAGE_ENV),
    );
}

/**
 * The floppy to boot: `defaultImage` (the small DOS's) unless FreeDOS is asked for, then the game's
 * FreeDOS floppy built on --freedos-image (cached in build/freedos/). Errors are one-line UsageErrors
 * or InputFileErrors.
 */
export function bootImage(options: DosOptions, defaultImage: string = projectPath("build", "piskasm.img")): {
  path: string;
  dos: DosKind;
} {
  if (options.dos !== "freedos") return { path: defaultImage, dos: "builtin" };
  if (!options.freedosImage) {
    throw new UsageError(`--dos freedos needs --freedos-image IMG (or ${FREEDOS_IMAGE_ENV}=IMG): a FreeDOS boot floppy`);
  }
  return { path: freedosBootImage(options.freedosImage), dos: "freedos" };
}
