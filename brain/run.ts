/**
 * The brain's main loop: lines from the manager (CR LF, LF or CR endings) go to the protocol one at a
 * time, in order. END ends after the answers to the lines before it, but never later than
 * END_GRACE_MS after it arrived, even while an earlier command is still being answered (managers kill a
 * brain about a second after END). End of input ends after the last answer.
 */
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { parseCommand } from "./commands.js";
import type { BrainProtocol } from "./protocol.js";

export type BrainEnd = "END" | "EOF";

/** How long END waits for the answers to earlier lines (Piskvork kills the brain after about 1 s). */
export const END_GRACE_MS = 500;

/** Reads `input` until END or its end; resolves with which it was. */
export function runBrain(protocol: BrainProtocol, input: Readable): Promise<BrainEnd> {
  return new Promise((resolve, reject) => {
    // readline ends lines at LF, CR LF and a lone CR (crlfDelay: a CR LF split across reads is one end).
    const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
    let queue: Promise<void> = Promise.resolve();
    let ended = false;
    const end = (why: BrainEnd): void => {
      if (ended) return;
      ended = true;
      lines.close();
      resolve(why);
    };
    lines.on("line", (line) => {
      if (ended) return;
      const parsed = parseCommand(line);
      if (parsed.ok === true && parsed.command.kind === "END") {
        setTimeout(() => end("END"), END_GRACE_MS).unref();
        queue.then(() => end("END"), reject);
        return;
      }
      queue = queue.then(async () => {
        if (ended) return;
        await protocol.handle(line);
      });
      queue.catch(reject);
    });
    lines.on("close", () => {
      queue.then(() => end("EOF"), reject);
    });
  });
}
