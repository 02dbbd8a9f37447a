/**
 * One bounded line reader for every child and protocol stream (a pbrain's standard output, the brain's
 * standard input): lines end at LF, CR LF or a lone CR (a CR LF split across two reads is one end), and
 * a line longer than `maxLineChars` is reported once through `onTooLong` and skipped up to its end
 * instead of growing a string until the process dies (readline keeps the whole line in memory).
 */
import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";

export interface LineReaderOptions {
  /** The longest line delivered; a longer one is reported and skipped. */
  readonly maxLineChars: number;
  readonly onLine: (line: string) => void;
  /** A line over the limit began; `chars` is how much of it was seen. Its remainder is skipped. */
  readonly onTooLong: (chars: number) => void;
  /** The stream ended (the last line, if unterminated, has been delivered). */
  readonly onEnd?: () => void;
}

const LINE_END = /\r\n|\r|\n/g;

/** Splits text fed in pieces into bounded lines (the stream-independent part, tested on its own). */
export class LineSplitter {
  private partial = "";
  /** Inside a line over the limit: characters are dropped until its end. */
  private skipping = false;
  /** The last piece ended with CR: a LF at the start of the next piece belongs to that end. */
  private afterCr = false;

  constructor(private readonly options: LineReaderOptions) {}

  push(text: string): void {
    let start = 0;
    if (this.afterCr && text.startsWith("\n")) start = 1;
    this.afterCr = false;
    LINE_END.lastIndex = start;
    for (let m = LINE_END.exec(text); m; m = LINE_END.exec(text)) {
      if (m[0] === "\r" && m.index === text.length - 1) this.afterCr = true;
      this.take(text.slice(start, m.index), true);
      start = m.index + m[0].length;
    }
    this.take(text.slice(start), false);
  }

  /** The input ended: an unterminated last line is delivered. */
  end(): void {
    if (this.partial !== "" && !this.skipping) this.options.onLine(this.partial);
    this.partial = "";
    this.skipping = false;
    this.options.onEnd?.();
  }

  private take(piece: string, ended: boolean): void {
    if (!this.skipping) {
      if (this.partial.length + piece.length > this.options.maxLineChars) {
        this.skipping = true;
        this.options.onTooLong(this.partial.length + piece.length);
        this.partial = "";
      } else {
        this.partial += piece;
      }
    }
    if (!ended) return;
    const line = this.partial;
    const skipped = this.skipping;
    this.partial = "";
    this.skipping = false;
    if (!skipped) this.options.onLine(line);
  }
}

export interface LineReader {
  /** Stop reading (the stream is paused; no more callbacks). */
  close(): void;
  /** Flow control: stop and restart delivering lines (a slow consumer). */
  pause(): void;
  resume(): void;
}

/** Reads `input` as UTF-8 lines under the options' limit. */
export function readLines(input: Readable, options: LineReaderOptions): LineReader {
  const decoder = new StringDecoder("utf8");
  let closed = false;
  const splitter = new LineSplitter({
    ...options,
    onLine: (line) => {
      if (!closed) options.onLine(line);
    },
    onTooLong: (chars) => {
      if (!closed) options.onTooLong(chars);
    },
    onEnd: () => {
      if (!closed) options.onEnd?.();
    },
  });
  const onData = (chunk: Buffer | string): void => {
    splitter.push(typeof chunk === "string" ? chunk : decoder.write(chunk));
  };
  const onEnd = (): void => {
    splitter.push(decoder.end());
    splitter.end();
  };
  input.on("data", onData);
  input.on("end", onEnd);
  return {
    close: () => {
      closed = true;
      input.off("data", onData);
      input.off("end", onEnd);
      input.pause();
    },
    pause: () => input.pause(),
    resume: () => {
      if (!closed) input.resume();
    },
  };
}
