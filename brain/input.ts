/**
 * The brain's standard input, read in the main thread (no reader thread: it cost a Node environment's
 * start, 0.1-0.8 s on a loaded host, before END could be read): a pipe or socket as net.Socket, a
 * terminal as tty.ReadStream, a file as fs.ReadStream. Flow control pauses the stream, which then
 * stops reading, so a manager that writes faster than the brain answers blocks in its own write and
 * nothing is buffered without bound. An engine's search runs in the main thread too and would keep
 * END unread until it ended, so searches call poll() (through MoveLimits.stop): on a pipe or socket
 * it reads what has arrived without waiting (libuv keeps those descriptors non-blocking) and hands it
 * to the same handlers, in order, so an END line is seen within POLL_INTERVAL_MS mid-search.
 */
import { createReadStream, fstatSync, readSync } from "node:fs";
import { Socket } from "node:net";
import type { Readable } from "node:stream";
import { isatty, ReadStream } from "node:tty";

/** The shortest time between two reads of poll(): a search calls it at every position. */
const POLL_INTERVAL_MS = 5;
const POLL_BYTES = 64 * 1024;

export interface ProtocolInput {
  /**
   * Reads what has arrived, without waiting, while the event loop cannot (a search): pipes and
   * sockets only, at most every POLL_INTERVAL_MS, never while paused or while the stream holds bytes
   * it has not handed on yet (the order of the bytes is kept).
   */
  poll(): void;
  pause(): void;
  resume(): void;
  close(): void;
}

export interface ProtocolInputHandlers {
  readonly onData: (chunk: Uint8Array) => void;
  readonly onEnd: () => void;
  readonly onError: (message: string) => void;
}

function isWouldBlock(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "EAGAIN" || code === "EWOULDBLOCK";
}

/** Starts reading standard input; the handlers are called from the next turn of the event loop on. */
export function readProtocolInput(handlers: ProtocolInputHandlers): ProtocolInput {
  const stat = fstatSync(0);
  const pollable = stat.isFIFO() || stat.isSocket();
  const input: Readable = pollable
    ? new Socket({ fd: 0, readable: true, writable: false })
    : isatty(0)
      ? new ReadStream(0)
      : createReadStream("", { fd: 0, autoClose: false });
  input.on("data", (chunk: Buffer) => handlers.onData(chunk));
  input.on("end", () => handlers.onEnd());
  input.on("error", (error: Error) => handlers.onError(error.message));
  let paused = false;
  let closed = false;
  let lastPoll = 0;
  const buffer = new Uint8Array(POLL_BYTES);
  return {
    poll: () => {
      if (!pollable || paused || closed || input.readableLength > 0) return;
      const now = performance.now();
      if (now - lastPoll < POLL_INTERVAL_MS) return;
      lastPoll = now;
      let bytes: number;
      try {
        bytes = readSync(0, buffer, 0, POLL_BYTES, null);
      } catch (error) {
        // Nothing has arrived: the search goes on.
        if (isWouldBlock(error)) return;
        handlers.onError((error as Error).message);
        return;
      }
      // 0 is the end of input, which the stream reports itself at its next read.
      if (bytes > 0) handlers.onData(buffer.slice(0, bytes));
    },
    pause: () => {
      paused = true;
      input.pause();
    },
    resume: () => {
      paused = false;
      if (!closed) input.resume();
    },
    close: () => {
      closed = true;
      input.pause();
      input.removeAllListeners("data");
    },
  };
}
