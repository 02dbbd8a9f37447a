/**
 * `--dos builtin|freedos` and `--freedos-image IMG`, shared by the commands that boot the game (boot,
 * diff, info, replay, serve). Add them with `.addOption(dosOption()).addOption(freedosImageOption())`,
 * then turn the parsed options into the floppy to boot with `bootImage(options, image)`.
 */
import { Option } from "commander";
import { detectDos, type DosName } from "../emu/dos-kind.js";
import { loadFloppy } from "../emu/node.js";
import { freedosBootImage } from "../freedos/cache.js";
import { refusing, UsageError } from "./errors.js";
import { projectPath } from "./paths.js";

export interface DosOptions {
  dos?: DosName;
  freedosImage?: string;
}

export interface BootImage {
  path: string;
  /** The DOS on that floppy (from its root directory, so `--image` of a built FreeDOS floppy works too). */
  dos: DosName;
}

/** Environment variable naming a FreeDOS boot floppy, the default of --freedos-image. */
export const FREEDOS_IMAGE_ENV = "FREEDOS_IMAGE";

export function dosOption(): Option {
  return new Option(
    "--dos <kind>",
    "the DOS to run the game under: builtin (the project's small DOS) or freedos",
  ).choices(["builtin", "freedos"]);
}

export function freedosImageOption(): Option {
  return new Option(
    "--freedos-image <path>",
    "with --dos freedos: a 1.44 MB FreeDOS boot floppy (KERNEL.SYS, COMMAND.COM) to run the game on; never modified",
  ).env(FREEDOS_IMAGE_ENV);
}

/**
 * The floppy to boot: `image` (default the small DOS's build/piskasm.img) unless `--dos freedos`, then
 * the game's FreeDOS floppy built on --freedos-image (cached in build/freedos/). Errors are one-line
 * UsageErrors or InputFileErrors.
 */
export function bootImage(
  options: DosOptions,
  image: string = projectPath("build", "piskasm.img"),
): BootImage {
  let path = image;
  if (options.dos === "freedos") {
    if (!options.freedosImage) {
      throw new UsageError(
        `--dos freedos needs --freedos-image IMG (or ${FREEDOS_IMAGE_ENV}=IMG), a FreeDOS boot floppy`,
      );
    }
    path = freedosBootImage(options.freedosImage);
  }
  const floppy = loadFloppy(path);
  return { path, dos: refusing([Error], () => detectDos(floppy), `${path}: `) };
}
