/**
 * Runs the pending games of an arena, in this thread (jobs = 1) or in J worker threads that each take
 * the next game when they finish one. Every finished game is recorded (PSQ + results file) here, in
 * the main thread, as it arrives, one worker message per turn of the event loop (so a signal is
 * handled between any two). An AbortSignal ends the run at once: the games being played are dropped,
 * the pbrain children of every thread are killed (their process groups), the workers terminated.
 */
import { workerResourceLimits } from "../util/address-space.js";
import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { nextTurn, untilDoneOrAborted } from "../util/abort.js";
import { killGroup, killTrackedGroups } from "../util/child-groups.js";
import { YieldingQueue } from "../util/yielding-queue.js";
import { ArenaError } from "./errors.js";
import type { ArenaEngineOptions } from "./players.js";
import type { ScheduledGame } from "./schedule.js";
import { ArenaTable, type PlayedScheduledGame } from "./table-player.js";
import type { ArenaWorkerInput, FromArenaWorker, ToArenaWorker } from "./worker-protocol.js";
import type { ArenaSettings } from "./model.js";

export interface ArenaRunOptions {
  readonly settings: ArenaSettings;
  readonly engines: ArenaEngineOptions;
  /** The games to play, taken one at a time as a thread is free (never listed whole). */
  readonly pending: Iterator<ScheduledGame>;
  readonly pendingCount: number;
  readonly jobs: number;
  /** The bundled worker (build/arena-worker.mjs); needed when jobs > 1. */
  readonly workerScript?: string;
  /** Ends the run early (a signal): the result covers the games recorded so far. */
  readonly signal?: AbortSignal;
}

export async function runArena(
  options: ArenaRunOptions,
  onGame: (result: PlayedScheduledGame) => void,
): Promise<void> {
  const jobs = Math.max(1, Math.min(options.jobs, options.pendingCount));
  const { signal } = options;
  if (jobs === 1) {
    const table = ArenaTable.withEngines(options.settings, options.engines);
    const playing = (async (): Promise<void> => {
      try {
        for (let next = options.pending.next(); next.done !== true; next = options.pending.next()) {
          const game = next.value;
          const result = await table.play(game);
          if (signal?.aborted) return;
          onGame(result);
          await nextTurn();
        }
      } finally {
        await table.close();
      }
    })();
    signal?.addEventListener("abort", killTrackedGroups, { once: true });
    await untilDoneOrAborted(playing, signal);
    signal?.removeEventListener("abort", killTrackedGroups);
    return;
  }
  const script = options.workerScript;
  if (!script || !existsSync(script))
    throw new ArenaError(`the arena worker ${script ?? "(none)"} is missing: run \`make\` first`);
  await untilDoneOrAborted(inWorkers(options, script, jobs, onGame), signal);
}

function inWorkers(
  options: ArenaRunOptions,
  script: string,
  jobs: number,
  onGame: (result: PlayedScheduledGame) => void,
): Promise<void> {
  const queue = options.pending;
  return new Promise<void>((resolve, reject) => {
    let running = jobs;
    let failed = false;
    const workers: Worker[] = [];
    /** The pbrain process groups the workers started: killed here when the run is cut short. */
    const groups = new Set<number>();
    const stopAll = (): void => {
      events.stop();
      for (const pid of groups) killGroup(pid);
      groups.clear();
      workers.forEach((w) => void w.terminate());
    };
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      stopAll();
      reject(error);
    };
    const events = new YieldingQueue<() => void>((event) => {
      try {
        event();
      } catch (error) {
        fail(error instanceof Error ? error : new Error(String(error)));
      }
    });
    options.signal?.addEventListener("abort", stopAll, { once: true });
    for (let j = 0; j < jobs; j++) {
      const input: ArenaWorkerInput = { settings: options.settings, engines: options.engines };
      const worker = new Worker(script, { workerData: input, resourceLimits: workerResourceLimits() });
      workers.push(worker);
      const next = (): void => {
        const next = queue.next();
        const message: ToArenaWorker =
          next.done === true ? { kind: "stop" } : { kind: "play", game: next.value };
        worker.postMessage(message);
      };
      const handle = (message: FromArenaWorker): void => {
        if (message.kind === "group") {
          if (message.alive) groups.add(message.pid);
          else groups.delete(message.pid);
          return;
        }
        if (message.kind === "error") {
          fail(new ArenaError(`an arena worker failed: ${message.message}`));
          return;
        }
        if (message.kind === "played") {
          const { game, played, wallMs } = message;
          onGame({ game, played, wallMs });
        }
        next();
      };
      // Group messages are handled at once: a signal right after a spawn must still find the child.
      worker.on("message", (message: FromArenaWorker) =>
        message.kind === "group" ? handle(message) : events.push(() => handle(message)),
      );
      worker.on("error", (error) => fail(error));
      worker.on("exit", () =>
        events.push(() => {
          running--;
          if (running === 0 && !failed) {
            options.signal?.removeEventListener("abort", stopAll);
            resolve();
          }
        }),
      );
    }
  });
}
