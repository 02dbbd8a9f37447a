/**
 * The brain's standard input, read in a thread of its own: an engine's search runs in the main
 * thread and would otherwise keep END unread until it finished. The reader thread posts what it reads
 * and raises a shared flag the moment a line END arrives, which the searches poll (MoveLimits.stop),
 * so END is honoured within milliseconds even mid-search. Flow control is shared the same way: the
 * main thread pauses the reader while its output cannot be written (a slow manager), so neither
 * input nor output is buffered without bound.
 */
import { Worker } from "node:worker_threads";

/** Flags shared with the reader thread (Int32Array indices). */
const END_SEEN = 0;
const PAUSED = 1;

/**
 * The reader thread, as source (an eval worker: no bundle of its own). It blocks in readSync on fd 0,
 * waits while PAUSED, and looks for END on line starts itself (an END line is short: a partial line
 * longer than 16 characters is not END).
 */
const READER = `
const { parentPort, workerData } = require("node:worker_threads");
const { readSync } = require("node:fs");
const flags = new Int32Array(workerData.flags);
const buffer = Buffer.alloc(65536);
let tail = "";
for (;;) {
  while (Atomics.load(flags, ${PAUSED}) === 1) Atomics.wait(flags, ${PAUSED}, 1, 100);
  let n;
  try {
    n = readSync(0, buffer, 0, buffer.length, null);
  } catch (error) {
    if (error.code === "EAGAIN") { Atomics.wait(flags, ${PAUSED}, 0, 10); continue; }
    if (error.code === "EOF") n = 0;
    else { parentPort.postMessage({ error: error.message }); break; }
  }
  if (n === 0) break;
  const chunk = buffer.subarray(0, n);
  const text = tail + chunk.toString("latin1");
  const lines = text.split(/\\r\\n|\\r|\\n/);
  tail = lines.pop().slice(-16);
  if (lines.some((line) => line.trim().toUpperCase() === "END")) Atomics.store(flags, ${END_SEEN}, 1);
  parentPort.postMessage({ chunk: new Uint8Array(chunk) });
}
parentPort.postMessage({ end: true });
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
  const shared = new SharedArrayBuffer(8);
  const flags = new Int32Array(shared);
  const worker = new Worker(READER, { eval: true, workerData: { flags: shared } });
  worker.on("message", (message: { chunk?: Uint8Array; end?: boolean; error?: string }) => {
    if (message.chunk) handlers.onData(message.chunk);
    else if (message.error !== undefined) handlers.onError(message.error);
    else if (message.end) handlers.onEnd();
  });
  worker.on("error", (error) => handlers.onError(error.message));
  return {
    endSeen: () => Atomics.load(flags, END_SEEN) === 1,
    pause: () => Atomics.store(flags, PAUSED, 1),
    resume: () => {
      Atomics.store(flags, PAUSED, 0);
      Atomics.notify(flags, PAUSED);
    },
    close: () => void worker.terminate(),
  };
}
