/**
 * Runs the pending games of an arena, in this thread (jobs = 1) or in J worker threads that each take
 * the next game when they finish one. Every finished game is recorded (PSQ + results file) here, in
 * the main thread, as it arrives.
 */
import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { ArenaError } from "./errors.js";
import type { ArenaEngineOptions } from "./players.js";
import type { ScheduledGame } from "./schedule.js";
import { ArenaTable, type PlayedScheduledGame } from "./table-player.js";
import type { ArenaWorkerInput, FromArenaWorker, ToArenaWorker } from "./worker-protocol.js";
import type { ArenaSettings } from "./model.js";

export interface ArenaRunOptions {
  readonly settings: ArenaSettings;
  readonly engines: ArenaEngineOptions;
  readonly pending: readonly ScheduledGame[];
  readonly jobs: number;
  /** The bundled worker (build/arena-worker.mjs); needed when jobs > 1. */
  readonly workerScript?: string;
}

export async function runArena(options: ArenaRunOptions, onGame: (result: PlayedScheduledGame) => void): Promise<void> {
  const jobs = Math.max(1, Math.min(options.jobs, options.pending.length));
  if (jobs === 1) {
    const table = ArenaTable.withEngines(options.settings, options.engines);
    try {
      for (const game of options.pending) onGame(await table.play(game));
    } finally {
      await table.close();
    }
    return;
  }
  const script = options.workerScript;
  if (!script || !existsSync(script)) throw new ArenaError(`the arena worker ${script ?? "(none)"} is missing: run \`make\` first`);
  const queue = [...options.pending];
  await new Promise<void>((resolve, reject) => {
    let running = jobs;
    let failed = false;
    const workers: Worker[] = [];
    const stopAll = (): void => workers.forEach((w) => void w.terminate());
    for (let j = 0; j < jobs; j++) {
      const input: ArenaWorkerInput = { settings: options.settings, engines: options.engines };
      const worker = new Worker(script, { workerData: input });
      workers.push(worker);
      const next = (): void => {
        const game = queue.shift();
        const message: ToArenaWorker = game ? { kind: "play", game } : { kind: "stop" };
        worker.postMessage(message);
      };
      worker.on("message", (message: FromArenaWorker) => {
        if (message.kind === "error") {
          failed = true;
          stopAll();
          reject(new ArenaError(`an arena worker failed: ${message.message}`));
          return;
        }
        if (message.kind === "played") {
          const { game, played, wallMs } = message;
          onGame({ game, played, wallMs });
        }
        next();
      });
      worker.on("error", (error) => {
        failed = true;
        stopAll();
        reject(error);
      });
      worker.on("exit", () => {
        running--;
        if (running === 0 && !failed) resolve();
      });
    }
  });
}
