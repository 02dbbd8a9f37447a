/**
 * The harness's files on disk: reports and records are written under a temporary name, flushed and
 * renamed, so a full disk or a crash never leaves a truncated file under the real name;
 * input files are read only when they are regular files of a sane size. Every failure is a FileError
 * whose message names the user's path and the reason in words, never a temporary name.
 */
import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
  type Stats,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { messageOf } from "./error-message.js";

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
  if (code === undefined) return messageOf(error);
  return `${REASONS[code] ?? code.toLowerCase()} (${code})`;
}

let temporaries = 0;

/** A hidden temporary file's name beside `path`, unique in this process. */
export const temporaryBeside = (path: string): string =>
  join(dirname(path), `.${basename(path)}.${process.pid}.${temporaries++}.tmp`);

/**
 * Writes `text` to `path` atomically: a hidden temporary file beside it, written whole, flushed, then
 * renamed over `path`; on any failure the temporary file is removed and `path` is untouched. What is
 * at `path` must be a regular file (or nothing): a device, FIFO or folder (a link to one included) is
 * refused, never renamed over (`/dev/null` replaced by a file would break the whole machine).
 * (Not the write-file-atomic package: its sync writer does not check for a short write, so a full
 * disk leaves a truncated file under the real name, the very fault this guards against.)
 */
export function writeFileAtomically(path: string, text: string | Uint8Array, what: string): void {
  const existing = statIfExists(path, what);
  if (existing !== undefined) refuseNonRegularFile(existing, path, what);
  try {
    writeThenRename(path, text);
  } catch (error) {
    throw new FileError(`cannot write ${what} ${path}: ${fsReason(error)}`);
  }
}

function writeThenRename(path: string, text: string | Uint8Array): void {
  const temporary = temporaryBeside(path);
  let fd: number | undefined;
  try {
    fd = openSync(temporary, "wx");
    // writeFileSync repeats short writes until all is written, so a full disk raises ENOSPC here.
    writeFileSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, path);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** A small file written to `dir` and removed again, so a useless directory is found before any work. */
const PROBE_TEXT = "piskasm checks that this directory can be written\n";

/** Creates `dir` when missing and proves that a file can be written in it (then removes the probe). */
export function ensureWritableDir(dir: string, what: string): void {
  makeOutputDir(dir, what);
  probeDir(dir, (reason) => `cannot write into ${what} ${dir}: ${reason}`);
}

/**
 * Proves before any work that the file `path` can be written later by writeFileAtomically: a place
 * checkOutputPlace accepts, in an existing folder where a file can be made (the probe is removed).
 */
export function ensureWritableFile(path: string, what: string): void {
  checkOutputPlace(path, what, "file");
  probeDir(dirname(path), (reason) => `cannot write ${what} ${path}: ${reason}`);
}

function probeDir(dir: string, message: (reason: string) => string): void {
  const probe = join(dir, `.piskasm-probe-${process.pid}`);
  try {
    writeThenRename(probe, PROBE_TEXT);
  } catch (error) {
    throw new FileError(message(fsReason(error)));
  } finally {
    rmSync(probe, { force: true });
  }
}

/**
 * Reads a regular file of at most `maxBytes` as UTF-8. Devices, pipes and directories are refused
 * before a byte is read (`/dev/zero` would never end), and so is a file that is too large.
 */
export function readRegularFile(path: string, maxBytes: number, what: string): string {
  return Buffer.from(readRegularBytes(path, maxBytes, what)).toString("utf8");
}

/** readRegularFile's bytes. */
export function readRegularBytes(path: string, maxBytes: number, what: string): Uint8Array {
  const fd = openRegularFile(path, what, maxBytes);
  try {
    return readFileSync(fd);
  } catch (error) {
    throw new FileError(`cannot read ${what} ${path}: ${fsReason(error)}`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens a regular file of at most `maxBytes` for reading (the caller closes the descriptor); devices,
 * pipes and directories are refused before a byte is read.
 */
export function openRegularFile(path: string, what: string, maxBytes = Number.MAX_SAFE_INTEGER): number {
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
    if (!stat.isFile())
      throw new FileError(`cannot read ${what} ${path}: not a regular file (a device, pipe or socket)`);
    if (stat.size > maxBytes) {
      throw new FileError(`${what} ${path} is ${stat.size} bytes; refusing more than ${maxBytes}`);
    }
    return fd;
  } catch (error) {
    closeSync(fd);
    if (error instanceof FileError) throw error;
    throw new FileError(`cannot read ${what} ${path}: ${fsReason(error)}`);
  }
}

/**
 * Kernel file systems (statfs magic numbers): their files are not storage, and creating folders in
 * them can loop for ever (`mkdir -p` under /proc), so no output may go there. (devtmpfs shares
 * tmpfs's number, so /dev is left to the file-type checks.)
 */
const PSEUDO_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, "proc"],
  [0x62656572, "sysfs"],
  [0x1cd1, "devpts"],
  [0x63677270, "cgroup2"],
  [0x27e0eb, "cgroup"],
  [0x64626720, "debugfs"],
  [0x74726163, "tracefs"],
  [0x73636673, "securityfs"],
  [0xcafe4a11, "bpf"],
  [0x62656570, "configfs"],
  [0x6165676c, "pstore"],
  [0xde5e81e4, "efivarfs"],
]);

/** The nearest part of `path` that exists (the path itself, or a parent folder). */
function nearestExisting(path: string): string {
  let at = resolve(path);
  for (;;) {
    try {
      lstatSync(at);
      return at;
    } catch {
      const up = dirname(at);
      if (up === at) return at;
      at = up;
    }
  }
}

/**
 * Checks an output the user named (`--out`, `-o`, `--svg`...) before any work: it must not be on a
 * kernel file system (/proc, /sys, /dev), and what is there already must be of the kind written (a
 * regular file for a file, a folder for a folder). Whether it can really be written is found when
 * it is written (or by ensureWritableDir's probe).
 */
export function checkOutputPlace(path: string, what: string, kind: "file" | "directory"): void {
  const existing = nearestExisting(path);
  let type: number;
  try {
    type = statfsSync(existing).type;
  } catch (error) {
    throw new FileError(`cannot write ${what} ${path}: ${fsReason(error)}`);
  }
  const pseudo = PSEUDO_FILE_SYSTEMS.get(type);
  if (pseudo !== undefined)
    throw new FileError(
      `cannot write ${what} ${path}: it is on the kernel's ${pseudo} file system, not on a disk`,
    );
  if (existing !== resolve(path)) return;
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    throw new FileError(`cannot write ${what} ${path}: ${fsReason(error)}`);
  }
  if (kind === "file") refuseNonRegularFile(stat, path, what);
  else if (!stat.isDirectory())
    throw new FileError(`cannot create ${what} ${path}: exists and is not a directory (EEXIST)`);
}

/** What `path` is (links followed), or undefined when nothing is there (a dangling link included). */
function statIfExists(path: string, what: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return undefined;
    throw new FileError(`cannot write ${what} ${path}: ${fsReason(error)}`);
  }
}

/** Refuses to write the file `path` over a folder, device, FIFO or socket. */
function refuseNonRegularFile(stat: Stats, path: string, what: string): void {
  if (stat.isDirectory()) throw new FileError(`cannot write ${what} ${path}: is a directory (EISDIR)`);
  if (!stat.isFile())
    throw new FileError(`cannot write ${what} ${path}: not a regular file (a device, pipe or socket)`);
}

/** Creates the folder `dir` (and its parents) for output, after checkOutputPlace. */
export function makeOutputDir(dir: string, what: string): void {
  checkOutputPlace(dir, what, "directory");
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    // A recursive mkdir on a read-only disk can say ENOENT: the folder that exists tells the truth.
    let reason = fsReason(error);
    try {
      accessSync(nearestExisting(dir), constants.W_OK);
    } catch (denied) {
      reason = fsReason(denied);
    }
    throw new FileError(`cannot create ${what} ${dir}: ${reason}`);
  }
}
