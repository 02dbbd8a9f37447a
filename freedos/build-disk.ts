/** Build the game's FreeDOS floppy: a copy of a FreeDOS boot floppy plus MOUSE.COM, PISKASM.COM and boot files. */
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { InputFileError } from "../emu/node.js";
import { autoexecBat, CONFIG_SYS, KEPT_ORIGINALS } from "./boot-files.js";
import { checkFreedosImage, FreedosImageError } from "./image-check.js";
import { MTOOLS_MISSING, mtools, MtoolsError } from "./mtools.js";

export interface FreedosDiskInputs {
  /** The user's FreeDOS boot floppy (read, never written). */
  freedosImage: string;
  mouseCom: string;
  gameCom: string;
  /** More files for the root directory (test programs), under their own names. */
  extraFiles?: readonly string[];
  /** The commands of AUTOEXEC.BAT; default MOUSE, PISKASM. */
  autoexec?: readonly string[];
}

/** What a test floppy changes: more programs, other AUTOEXEC commands. */
export type FreedosDiskExtras = Pick<FreedosDiskInputs, "extraFiles" | "autoexec">;

function requireFile(path: string, what: string): void {
  if (!existsSync(path)) throw new InputFileError(`${what} ${path} not found (run \`make\` first)`);
}

/**
 * Check everything the floppy is made of, before anything is written. Returns the names in the
 * FreeDOS image's root directory.
 */
export function checkDiskInputs(inputs: FreedosDiskInputs): string[] {
  const names = checkFreedosImage(inputs.freedosImage);
  requireFile(inputs.mouseCom, "mouse driver");
  requireFile(inputs.gameCom, "game");
  for (const extra of inputs.extraFiles ?? []) requireFile(extra, "program");
  return names;
}

/** Move the floppy's own boot files aside; a floppy built before already has them aside. */
function keepOriginals(image: string, names: readonly string[]): void {
  for (const { name, keptAs } of KEPT_ORIGINALS) {
    if (!names.includes(name)) continue;
    if (names.includes(keptAs)) mtools("mdel", image, [`::${name}`]);
    else mtools("mren", image, [`::${name}`, `::${keptAs}`]);
  }
}

/** Turn the work copy into the game's floppy; a full floppy is the image's problem, said in one line. */
function fillCopy(
  work: string,
  names: readonly string[],
  inputs: FreedosDiskInputs,
  bootFiles: { config: string; autoexec: string },
): void {
  try {
    keepOriginals(work, names);
    const files = [
      { from: inputs.mouseCom, name: "MOUSE.COM" },
      { from: inputs.gameCom, name: "PISKASM.COM" },
      ...(inputs.extraFiles ?? []).map((from) => ({ from, name: basename(from).toUpperCase() })),
      { from: bootFiles.config, name: "CONFIG.SYS" },
      { from: bootFiles.autoexec, name: "AUTOEXEC.BAT" },
    ];
    for (const { from, name } of files) mtools("mcopy", work, ["-o", from, `::${name}`]);
  } catch (error) {
    if (!(error instanceof MtoolsError) || error.reason === MTOOLS_MISSING) throw error;
    throw new FreedosImageError(
      `FreeDOS image ${inputs.freedosImage}: cannot add the game's files to a copy of it (${error.reason})`,
    );
  }
}

/**
 * Write `out`: `inputs.freedosImage` with MOUSE.COM, PISKASM.COM, a CONFIG.SYS and an AUTOEXEC.BAT that
 * boot into the game. Everything is checked before anything is written; `out` appears only complete.
 */
export function buildFreedosDisk(inputs: FreedosDiskInputs, out: string): void {
  if (resolve(out) === resolve(inputs.freedosImage)) {
    throw new InputFileError(
      `the output ${out} is the FreeDOS image itself; name another file (it is never modified)`,
    );
  }
  const names = checkDiskInputs(inputs);
  mkdirSync(dirname(out), { recursive: true });
  const work = `${out}.${process.pid}.tmp`;
  const bootFiles = { config: `${work}.config`, autoexec: `${work}.autoexec` };
  try {
    copyFileSync(inputs.freedosImage, work);
    writeFileSync(bootFiles.config, CONFIG_SYS);
    writeFileSync(bootFiles.autoexec, autoexecBat(inputs.autoexec));
    fillCopy(work, names, inputs, bootFiles);
    renameSync(work, out);
  } finally {
    for (const path of [work, bootFiles.config, bootFiles.autoexec]) rmSync(path, { force: true });
  }
}
