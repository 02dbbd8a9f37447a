/** Worker-thread entry: one emulator playing its share of a differential run (bundled separately). */
import { parentPort, workerData } from "node:worker_threads";
import { playGames } from "./run.js";
import type { WorkerInput, WorkerMessage } from "./worker-protocol.js";

const port = parentPort;
if (!port) throw new Error("harness/diff-worker must run in a worker thread");
const post = (message: WorkerMessage): void => port.postMessage(message);
const input = workerData as WorkerInput;

try {
  await playGames(input.boot, input.games, {
    onMove: () => post({ kind: "move" }),
    onGame: (outcome) => post({ kind: "game", outcome }),
  });
  post({ kind: "done" });
} catch (error) {
  post({ kind: "error", message: error instanceof Error ? error.message : String(error) });
}
