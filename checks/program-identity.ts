/**
 * Which program a report speaks of: the SHA-256 of PISKASM.COM as the floppy holds it (the bytes DOS
 * loads) and of the whole floppy, with the floppy's path as a hint where to find it again. Mismatch
 * reports, shard summaries and merged summaries carry it, so a replay or a merge against another
 * program is refused instead of answering about the wrong one.
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { readRootFile } from "../emu/fat12.js";
import { GAME_FILE } from "../guest/boot.js";
import { FileError, readRegularBytes } from "../util/files.js";

export interface ProgramIdentity {
  /** SHA-256 (hex) of PISKASM.COM as read from the floppy's root directory. */
  program: string;
  /** SHA-256 (hex) of the floppy image. */
  floppy: string;
  /** The floppy's path when the report was made: a hint for `--image`, not part of the identity. */
  floppyPath: string;
}

/** A floppy image is 1.44 MB; a few MB leave room for larger ones. */
const MAX_IMAGE_BYTES = 16 * 1024 * 1024;

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The identity of the program on the floppy `imagePath`. */
export function programIdentity(imagePath: string): ProgramIdentity {
  const image = readRegularBytes(imagePath, MAX_IMAGE_BYTES, "floppy image");
  let program: Uint8Array | undefined;
  try {
    program = readRootFile(image, GAME_FILE);
  } catch (error) {
    throw new FileError(`floppy image ${imagePath}: ${(error as Error).message}`);
  }
  if (program === undefined) throw new FileError(`floppy image ${imagePath} holds no ${GAME_FILE}`);
  return { program: sha256(program), floppy: sha256(image), floppyPath: resolve(imagePath) };
}

/** The identity in a report's JSON, checked (undefined when an older piskasm wrote none). */
export function parseIdentity(value: unknown, fail: (what: string) => never): ProgramIdentity | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null) return fail("identity is not an object");
  const { program, floppy, floppyPath } = value as Record<string, unknown>;
  if (!isHash(program) || !isHash(floppy)) fail("identity.program and .floppy are not SHA-256 hashes");
  if (typeof floppyPath !== "string") fail("identity.floppyPath is not a path");
  return { program, floppy, floppyPath };
}

function isHash(hash: unknown): hash is string {
  return typeof hash === "string" && /^[0-9a-f]{64}$/.test(hash);
}

/**
 * Why `recorded` (a report's, `what`) is not the program of `current` (the floppy given), in one
 * sentence; undefined when it is the same program, or when the report records none (`warn` is told).
 */
export function identityRefusal(
  recorded: ProgramIdentity | undefined,
  current: ProgramIdentity,
  what: string,
  warn: (line: string) => void,
): string | undefined {
  if (recorded === undefined) {
    warn(
      `piskasm: warning: ${what} does not record which program made it; taking it for the program of ${current.floppyPath}`,
    );
    return undefined;
  }
  if (recorded.program === current.program) return undefined;
  return (
    `${what} was made by another program than ${current.floppyPath} (${GAME_FILE} sha256 ` +
    `${recorded.program.slice(0, 16)}..., not ${current.program.slice(0, 16)}...); ` +
    `give --image for its floppy (it was ${recorded.floppyPath})`
  );
}
