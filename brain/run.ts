/**
 * The brain's main loop: lines from the manager (CR LF, LF or CR endings, each at most
 * MAX_LINE_CHARS) go to the protocol one at a time, in order. END ends after the answers to the lines
 * before it, but never later than END_GRACE_MS after it arrived, even while an earlier command is
 * still being answered (managers kill a brain about a second after END); a search in progress sees
 * END through stop() (which reads input mid-search, brain/input.ts) and ends, and its move is not sent.
 * End of input ends after the answers to the lines read. Input is paused while more than
 * MAX_WAITING_LINES lines wait or the output waits to be written, so whatever a manager sends (or
 * fails to read) the brain holds at most those lines and one read's worth more; the caller exits only
 * once the output is written (drainOutput).
 */
import type { Writable } from "node:stream";
import { LineSplitter } from "../util/lines.js";
import { parseCommand } from "./commands.js";
import type { ProtocolInput, ProtocolInputHandlers } from "./input.js";
import type { BrainProtocol } from "./protocol.js";

export type BrainEnd = "END" | "EOF";

/** How long END waits for the answers to earlier lines (Piskvork kills the brain after about 1 s). */
export const END_GRACE_MS = 500;
/** The longest command line; a BOARD line or a command is a few characters. */
export const MAX_LINE_CHARS = 64 * 1024;
/** Lines read but not yet answered, and output bytes not yet written, above which input is paused. */
const MAX_WAITING_LINES = 1000;
const MAX_WAITING_OUTPUT = 1024 * 1024;

export interface BrainIo {
  /** Starts the reader with the handlers (brain/input.ts in the CLI); it calls them only after it returns. */
  readonly open: (handlers: ProtocolInputHandlers) => ProtocolInput;
  readonly output: Writable;
  /** Writes one line of the protocol (a too-long input line is answered through it). */
  readonly send: (line: string) => void;
}

/**
 * Reads the manager's lines until END or the end of input; resolves with which it was. `protocol`
 * gets the `stop` of its engines' searches: true once an END line has arrived.
 */
export function runBrain(protocol: (stop: () => boolean) => BrainProtocol, io: BrainIo): Promise<BrainEnd> {
  return new Promise((resolve, reject) => {
    let queue: Promise<void> = Promise.resolve();
    let waiting = 0;
    let ended = false;
    let endArrived = false;
    let paused = false;
    const brain = protocol(() => {
      input.poll();
      return endArrived;
    });
    const end = (why: BrainEnd): void => {
      if (ended) return;
      ended = true;
      input.close();
      resolve(why);
    };
    const flow = (): void => {
      const full = waiting > MAX_WAITING_LINES || io.output.writableLength > MAX_WAITING_OUTPUT;
      if (full === paused) return;
      paused = full;
      if (full) input.pause();
      else input.resume();
    };
    io.output.on("drain", flow);
    const onLine = (line: string): void => {
      if (ended || endArrived) return;
      const parsed = parseCommand(line);
      if (parsed.ok === true && parsed.command.kind === "END") {
        endArrived = true;
        setTimeout(() => end("END"), END_GRACE_MS).unref();
        queue.then(() => end("END"), reject);
        return;
      }
      waiting++;
      flow();
      queue = queue.then(async () => {
        waiting--;
        if (!ended) await brain.handle(line);
        flow();
      });
      queue.catch(reject);
    };
    const lines = new LineSplitter({
      maxLineChars: MAX_LINE_CHARS,
      onLine,
      onTooLong: (chars) => {
        queue = queue.then(() =>
          io.send(`ERROR a line of more than ${MAX_LINE_CHARS} characters (${chars} so far) was skipped`),
        );
      },
      onEnd: () => void queue.then(() => end("EOF"), reject),
    });
    const decoder = new TextDecoder();
    const input = io.open({
      onData: (chunk) => lines.push(decoder.decode(chunk, { stream: true })),
      onEnd: () => {
        lines.push(decoder.decode());
        lines.end();
      },
      onError: (message) => reject(new Error(`standard input: ${message}`)),
    });
  });
}

/** Resolves once everything written to `output` has left the process (or writing failed). */
export function drainOutput(output: Writable): Promise<void> {
  if (output.writableLength === 0) return Promise.resolve();
  // The callback of an empty write runs once every earlier write is done ('drain' comes only after a
  // write that returned false).
  return new Promise((resolve) => {
    output.write("", () => resolve());
  });
}
