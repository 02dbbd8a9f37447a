/**
 * The harness's files on disk: reports and records are written under a temporary name and renamed
 * (write-file-atomic), so a full disk or a crash never leaves a truncated file under the real name;
 * input files are read only when they are regular files of a sane size. Every failure is a FileError
 * whose message names the user's path and the reason in words, never a temporary name.
 */
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import writeFileAtomic from "write-file-atomic";

/** A file or directory the user named cannot be read or written; the message is meant for the user. */
export class FileError extends Error {
  override readonly name = "FileError";
}

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: "not found",
  ENOTDIR: "a part of the path is not a directory",
  EISDIR: "is a directory",
  EEXIST: "exists and is not a directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  EFBIG: "file too large for the file system",
  EMFILE: "too many open files",
  ENAMETOOLONG: "name too long",
  EIO: "input/output error",
  ELOOP: "too many symbolic links",
};

/** The errno code of a Node file-system error, if it is one. */
export function errnoCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}

/** Why a file-system call failed, in words (without the path Node put in its message). */
export function fsReason(error: unknown): string {
  const code = errnoCode(error);
  if (code === undefined) return error instanceof Error ? error.message : String(error);
  return `${REASONS[code] ?? code.toLowerCase()} (${code})`;
}

/** Writes `text` to `path` atomically (temporary name, then rename). */
export function writeFileAtomically(path: string, text: string, what: string): void {
  try {
    writeFileAtomic.sync(path, text);
  } catch (error) {
    throw new FileError(`cannot write ${what} ${path}: ${fsReason(error)}`);
  }
}

/** A small file written to `dir` and removed again, so a useless directory is found before any work. */
const PROBE_TEXT = "piskasm checks that this directory can be written\n";

/** Creates `dir` when missing and proves that a file can be written in it (then removes the probe). */
export function ensureWritableDir(dir: string, what: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new FileError(`cannot create ${what} ${dir}: ${fsReason(error)}`);
  }
  const probe = join(dir, `.piskasm-probe-${process.pid}`);
  try {
    writeFileAtomic.sync(probe, PROBE_TEXT);
  } catch (error) {
    throw new FileError(`cannot write into ${what} ${dir}: ${fsReason(error)}`);
  } finally {
    rmSync(probe, { force: true });
  }
}

/**
 * Reads a regular file of at most `maxBytes` as UTF-8. Devices, pipes and directories are refused
 * before a byte is read (`/dev/zero` would never end), and so is a file that is too large.
 */
export function readRegularFile(path: string, maxBytes: number, what: string): string {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO without a writer would otherwise wait for ever.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new FileError(`cannot read ${what} ${path}: ${fsReason(error)}`);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new FileError(`cannot read ${what} ${path}: is a directory`);
    if (!stat.isFile()) throw new FileError(`cannot read ${what} ${path}: not a regular file (a device, pipe or socket)`);
    if (stat.size > maxBytes) {
      throw new FileError(`${what} ${path} is ${stat.size} bytes; refusing more than ${maxBytes}`);
    }
    return readFileSync(fd, "utf8");
  } catch (error) {
    if (error instanceof FileError) throw error;
    throw new FileError(`cannot read ${what} ${path}: ${fsReason(error)}`);
  } finally {
    closeSync(fd);
  }
}
