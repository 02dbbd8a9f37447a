/**
 * Files of one record per line, kept on disk rather than in memory: appended to a line at a time,
 * read back a chunk at a time (bounded lines, only regular files), and rewritten by streaming the
 * lines kept into a temporary file that is flushed and renamed over the old one, so memory stays flat
 * however many lines there are and a crash never leaves a half-rewritten file under the real name.
 */
import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { FileError, fsReason, openRegularFile, temporaryBeside } from "./files.js";
import { LineSplitter } from "./lines.js";

const CHUNK_BYTES = 1024 * 1024;

/** Calls `onLine` for every line of the regular file `path`; a line over `maxLineChars` is skipped. */
export function forEachLine(
  path: string,
  what: string,
  maxLineChars: number,
  onLine: (line: string) => void,
): void {
  const fd = openRegularFile(path, what);
  const decoder = new StringDecoder("utf8");
  const splitter = new LineSplitter({ maxLineChars, onLine, onTooLong: () => undefined });
  const buffer = Buffer.alloc(CHUNK_BYTES);
  try {
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      } catch (error) {
        throw new FileError(`cannot read ${what} ${path}: ${fsReason(error)}`);
      }
      if (n === 0) break;
      splitter.push(decoder.write(buffer.subarray(0, n)));
    }
    splitter.push(decoder.end());
    splitter.end();
  } finally {
    closeSync(fd);
  }
}

/** A file open for appending whole lines; every failure names the file. */
export class LineAppender {
  private fd: number | undefined;

  constructor(
    path: string,
    private readonly what: string,
    flags: "a" | "wx" = "a",
    /** The name errors give (a temporary file's user-facing name). */
    private readonly shown = path,
  ) {
    try {
      this.fd = openSync(path, flags);
    } catch (error) {
      throw new FileError(`cannot write ${what} ${shown}: ${fsReason(error)}`);
    }
  }

  /** Writes `line` and its LF (repeating short writes: a full disk raises ENOSPC). */
  append(line: string): void {
    const bytes = Buffer.from(`${line}\n`, "utf8");
    try {
      for (let done = 0; done < bytes.length;) done += writeSync(this.fd ?? -1, bytes, done);
    } catch (error) {
      throw new FileError(`cannot write ${this.what} ${this.shown}: ${fsReason(error)}`);
    }
  }

  /** Flushes what was written to the disk. */
  sync(): void {
    try {
      fsyncSync(this.fd ?? -1);
    } catch (error) {
      throw new FileError(`cannot write ${this.what} ${this.shown}: ${fsReason(error)}`);
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}

/**
 * Rewrites the line file `path` with the lines `keep` returns (undefined drops a line), streaming
 * through a temporary file beside it that replaces `path` once whole and flushed.
 */
export function rewriteLines(
  path: string,
  what: string,
  maxLineChars: number,
  keep: (line: string) => string | undefined,
): void {
  const temporary = temporaryBeside(path);
  const out = new LineAppender(temporary, what, "wx", path);
  try {
    forEachLine(path, what, maxLineChars, (line) => {
      const kept = keep(line);
      if (kept !== undefined) out.append(kept);
    });
    out.sync();
    out.close();
    renameSync(temporary, path);
  } catch (error) {
    out.close();
    rmSync(temporary, { force: true });
    if (error instanceof FileError) throw error;
    throw new FileError(`cannot write ${what} ${path}: ${fsReason(error)}`);
  }
}
