/**
 * The brain's standard input, read in a thread of its own: an engine's search runs in the main
 * thread and would otherwise keep END unread until it finished. The reader thread posts what it reads
 * and raises a shared flag the moment a line END arrives, which the searches poll (MoveLimits.stop),
 * so END is honoured within milliseconds even mid-search. Flow control is shared the same way: the
 * main thread pauses the reader while its output cannot be written (a slow manager), so neither
 * input nor output is buffered without bound.
 */
import { workerResourceLimits } from "../util/address-space.js";
import { Worker } from "node:worker_threads";

/** The flag shared with the reader thread (an Int32Array index): END has arrived. */
const END_SEEN = 0;

/**
 * The reader thread, as source (an eval worker: no bundle of its own). It reads standard input with a
 * stream of its own event loop (a pipe or socket as net.Socket, a terminal as tty.ReadStream, a file
 * as fs.ReadStream): never a read() blocked for ever, so the thread, and the process, can always
 * stop. It pauses and resumes when the main thread says so, and raises END_SEEN on a line END (an END
 * line is short: a partial line longer than 16 characters is not END).
 */
const READER = `
const { parentPort, workerData } = require("node:worker_threads");
const { createReadStream, fstatSync } = require("node:fs");
const { Socket } = require("node:net");
const { isatty, ReadStream } = require("node:tty");
const flags = new Int32Array(workerData.flags);
const stat = fstatSync(0);
const input = stat.isFIFO() || stat.isSocket()
  ? new Socket({ fd: 0, readable: true, writable: false })
  : isatty(0) ? new ReadStream(0) : createReadStream(null, { fd: 0, autoClose: false });
let tail = "";
input.on("data", (chunk) => {
  const lines = (tail + chunk.toString("latin1")).split(/\\r\\n|\\r|\\n/);
  tail = lines.pop().slice(-16);
  if (lines.some((line) => line.trim().toUpperCase() === "END")) Atomics.store(flags, ${END_SEEN}, 1);
  parentPort.postMessage({ chunk: new Uint8Array(chunk) });
});
input.on("end", () => parentPort.postMessage({ end: true }));
input.on("error", (error) => parentPort.postMessage({ error: error.message }));
parentPort.on("message", (message) => (message === "pause" ? input.pause() : input.resume()));
`;

export interface ProtocolInput {
  /** True from the moment the reader saw an END line (before the main thread reads it). */
  endSeen(): boolean;
  pause(): void;
  resume(): void;
  close(): void;
}

export interface ProtocolInputHandlers {
  readonly onData: (chunk: Uint8Array) => void;
  readonly onEnd: () => void;
  readonly onError: (message: string) => void;
}

/** Starts reading standard input in a thread. */
export function readProtocolInput(handlers: ProtocolInputHandlers): ProtocolInput {
  const shared = new SharedArrayBuffer(4);
  const flags = new Int32Array(shared);
  const worker = new Worker(READER, {
    eval: true,
    workerData: { flags: shared },
    resourceLimits: workerResourceLimits(),
  });
  worker.on("message", (message: { chunk?: Uint8Array; end?: boolean; error?: string }) => {
    if (message.chunk) handlers.onData(message.chunk);
    else if (message.error !== undefined) handlers.onError(message.error);
    else if (message.end) handlers.onEnd();
  });
  worker.on("error", (error) => handlers.onError(error.message));
  return {
    endSeen: () => Atomics.load(flags, END_SEEN) === 1,
    pause: () => worker.postMessage("pause"),
    resume: () => worker.postMessage("resume"),
    close: () => void worker.terminate(),
  };
}
