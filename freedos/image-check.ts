/** Is a file a FreeDOS boot floppy the game's floppy can be built on? One-line answers when it is not. */
import { readFileSync } from "node:fs";
import { InputFileError } from "../emu/node.js";
import { MTOOLS_MISSING, MtoolsError, rootFiles } from "./mtools.js";
import { FLOPPY_BYTES } from "../emu/floppy.js";

const FLOPPY_SECTORS = 2880;
const SECTOR_BYTES = 512;
/** What a FreeDOS boot floppy must hold in its root directory. */
export const FREEDOS_REQUIRED_FILES = ["KERNEL.SYS", "COMMAND.COM"] as const;

/** The given FreeDOS image cannot be used; the message is one line meant for the user. */
export class FreedosImageError extends InputFileError {}

function readImage(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT" ? "not found" : code === "EISDIR" ? "is a directory" : (error as Error).message;
    throw new FreedosImageError(`FreeDOS image ${path}: ${reason}`);
  }
}

/**
 * Check that `path` is a 1.44 MB FAT12 floppy image whose root directory holds KERNEL.SYS and
 * COMMAND.COM. Returns the names in its root directory. Reads the file, never writes it.
 */
export function checkFreedosImage(path: string): string[] {
  const image = readImage(path);
  if (image.byteLength !== FLOPPY_BYTES) {
    throw new FreedosImageError(
      `FreeDOS image ${path}: ${image.byteLength} bytes; a 1.44 MB floppy image has ${FLOPPY_BYTES}`,
    );
  }
  if (image.readUInt16LE(0x0b) !== SECTOR_BYTES || image.readUInt16LE(0x13) !== FLOPPY_SECTORS) {
    throw new FreedosImageError(
      `FreeDOS image ${path}: not a FAT12 floppy image (its boot sector has no 1.44 MB BIOS parameter block)`,
    );
  }
  let names: string[];
  try {
    names = rootFiles(path);
  } catch (error) {
    if (!(error instanceof MtoolsError)) throw error;
    // No mtools at all: the tool is missing, not the image at fault.
    if (error.reason === MTOOLS_MISSING)
      throw new InputFileError(`the game's FreeDOS floppy is made with mtools: ${error.message}`);
    throw new FreedosImageError(
      `FreeDOS image ${path}: not a readable FAT12 floppy image (${error.message})`,
    );
  }
  const missing = FREEDOS_REQUIRED_FILES.filter((name) => !names.includes(name));
  if (missing.length > 0) {
    const required = FREEDOS_REQUIRED_FILES.join(" and ");
    throw new FreedosImageError(
      `FreeDOS image ${path}: no ${missing.join(" and no ")} in the root directory; a FreeDOS boot floppy has ${required}`,
    );
  }
  return names;
}
