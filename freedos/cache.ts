/**
 * The game's FreeDOS floppy for `--dos freedos --freedos-image IMG`: built once into build/freedos/,
 * keyed by everything it is made of, and reused while none of that changes.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { projectRoot } from "../emu/node.js";
import { autoexecBat, CONFIG_SYS } from "./boot-files.js";
import {
  buildFreedosDisk,
  checkDiskInputs,
  type FreedosDiskExtras,
  type FreedosDiskInputs,
} from "./build-disk.js";

/** Where the project's programs are after `make`. */
export function projectDiskInputs(freedosImage: string): FreedosDiskInputs {
  return {
    freedosImage,
    mouseCom: join(projectRoot(), "build", "MOUSE.COM"),
    gameCom: join(projectRoot(), "build", "PISKASM.COM"),
  };
}

function cacheKey(inputs: FreedosDiskInputs): string {
  const hash = createHash("sha256");
  for (const path of [inputs.freedosImage, inputs.mouseCom, inputs.gameCom, ...(inputs.extraFiles ?? [])]) {
    hash.update(basename(path));
    hash.update(readFileSync(path));
  }
  hash.update(CONFIG_SYS);
  hash.update(autoexecBat(inputs.autoexec));
  return hash.digest("hex").slice(0, 16);
}

/**
 * Path of a bootable floppy with FreeDOS from `freedosImage`, MOUSE.COM and PISKASM.COM, booting into
 * the game (or with `extras`: more programs, other AUTOEXEC commands). Throws an InputFileError with a
 * one-line message for a bad image or a missing program.
 */
export function freedosBootImage(
  freedosImage: string,
  extras: FreedosDiskExtras = {},
  cacheDir: string = join(projectRoot(), "build", "freedos"),
): string {
  const inputs: FreedosDiskInputs = { ...projectDiskInputs(freedosImage), ...extras };
  checkDiskInputs(inputs);
  const out = join(cacheDir, `freedos-${cacheKey(inputs)}.img`);
  if (!existsSync(out)) buildFreedosDisk(inputs, out);
  return out;
}
