/**
 * Runs the pending games of an arena, in this thread (jobs = 1) or in J worker threads that each take
 * the next game when they finish one. Every finished game is recorded (PSQ + results file) here, in
 * the main thread, as it arrives, one worker message per turn of the event loop (so a signal is
 * handled between any two). An AbortSignal ends the run at once: the games being played are dropped,
 * the pbrain children of every thread are killed (their process groups), the workers terminated.
 */
import { nextTurn, untilDoneOrAborted } from "../util/abort.js";
import { killGroup, killTrackedGroups } from "../util/child-groups.js";
import { requireWorkerScript, WorkerPool, type PoolWorker } from "../util/worker-pool.js";
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
  await inWorkers(options, requireWorkerScript(options.workerScript, "the arena's --jobs"), jobs, onGame);
}

/** The games spread over `jobs` workers of the pool (util/worker-pool.ts), each taking the next game when it finishes one. */
async function inWorkers(
  options: ArenaRunOptions,
  script: string,
  jobs: number,
  onGame: (result: PlayedScheduledGame) => void,
): Promise<void> {
  const queue = options.pending;
  /** The pbrain process groups the workers started: killed here when the run is cut short. */
  const groups = new Set<number>();
  const pool = new WorkerPool({
    signal: options.signal,
    onStop: () => {
      for (const pid of groups) killGroup(pid);
      groups.clear();
    },
  });
  const handle = (message: FromArenaWorker, worker: PoolWorker<ToArenaWorker>): void => {
    switch (message.kind) {
      case "group":
        if (message.alive) groups.add(message.pid);
        else groups.delete(message.pid);
        return;
      case "error":
        throw new ArenaError(`an arena worker failed: ${message.message}`);
      case "played":
        onGame({ game: message.game, played: message.played, wallMs: message.wallMs });
        break;
      case "ready":
        break;
    }
    const next = queue.next();
    if (next.done === true) {
      // The worker closes its engines (pbrain children) and exits.
      worker.done();
      worker.post({ kind: "stop" });
    } else worker.post({ kind: "play", game: next.value });
  };
  const data: ArenaWorkerInput = { settings: options.settings, engines: options.engines };
  const started = Array.from({ length: jobs }, (_, j) =>
    pool.start<ArenaWorkerInput, ToArenaWorker, FromArenaWorker>({
      script,
      data,
      label: `arena worker ${j + 1}`,
      onMessage: handle,
      // At once: a signal right after a spawn must still find the child.
      urgent: (message) => message.kind === "group",
    }),
  );
  await pool.all(started);
}
