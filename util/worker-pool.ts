/**
 * The one pool of worker threads behind `piskasm diff --jobs`, `arena --jobs` and `mutate --jobs`.
 * Each worker is started from a bundled script with its workerData and the address-space limits of
 * util/address-space.ts. The messages of all the pool's workers are handled in order, one per turn of
 * the event loop (util/yielding-queue.ts: a signal's handler runs between any two); a message marked
 * urgent is handled at once (a child process group the run must be able to kill right after the spawn).
 *
 * A worker ends well once its handler has said it is done; every other end is a WorkerFailure that
 * names the worker and says why: an error it threw (with its message), an exit before it was done
 * (with the exit code), or silence for longer than `silenceMs` (a thread stuck in a loop). A handler's
 * exception ends that worker with the exception. `all()` runs workers side by side and fails with the
 * first failure, ending the others; `stop()` (the pool's signal) ends every worker at once, for a run
 * that drops the games under way. A run that lets its workers finish after a signal gives the pool no
 * signal and stops starting new ones (runEach).
 */
import { existsSync } from "node:fs";
import { parentPort, Worker, workerData, type MessagePort } from "node:worker_threads";
import { workerResourceLimits } from "./address-space.js";
import { YieldingQueue } from "./yielding-queue.js";

/** How a worker ended badly: it threw, it exited before it was done, or it said nothing for too long. */
export type WorkerEnd = "error" | "exit" | "silent";

export class WorkerFailure extends Error {
  constructor(
    readonly label: string,
    readonly end: WorkerEnd,
    /** The error's first line, the exit code, or the silence in ms. */
    readonly detail: string,
  ) {
    super(
      end === "error"
        ? `${label}: ${detail}`
        : end === "exit"
          ? `${label} stopped before finishing (exit code ${detail})`
          : `${label} was silent for ${detail} ms`,
    );
    this.name = "WorkerFailure";
  }
}

/** A worker of the pool, as the run sees it. */
export interface PoolWorker<In> {
  post(message: In): void;
  /** The worker has done its part: its exit from now on is its end, not a failure. */
  done(): void;
  /** Ends the thread now. */
  terminate(): void;
}

export interface WorkerSpec<Data, In, Out> {
  /** The bundled entry (build/*.mjs). */
  script: string;
  data: Data;
  /** The worker in messages: "job 2", "the worker". */
  label: string;
  onMessage(message: Out, worker: PoolWorker<In>): void;
  /** Handled at once instead of in its turn. */
  urgent?(message: Out): boolean;
  /** Ends a worker that posts nothing for this long: a WorkerFailure "silent". */
  silenceMs?: number;
}

export interface StartedWorker<In> {
  worker: PoolWorker<In>;
  /** Settles when the worker has ended: well (done, or the pool stopped) or with its failure. */
  ended: Promise<void>;
}

export interface PoolOptions {
  /** Ends every worker at once (stop()). */
  signal?: AbortSignal;
  /** Runs when the pool stops early (the signal, a failure in all()): ends what the workers started outside. */
  onStop?: () => void;
}

/** The bundled worker script, checked before any worker starts. */
export function requireWorkerScript(script: string | undefined, what: string): string {
  if (!script || !existsSync(script))
    throw new Error(`${what} needs the worker bundle ${script ?? "(none given)"}; run \`make\` first`);
  return script;
}

export class WorkerPool {
  /** The running workers, each with what settles its end once the pool stops, and its handle. */
  private readonly running = new Map<Worker, { settle: () => void; handle: PoolWorker<unknown> }>();
  private stopped = false;
  private readonly events = new YieldingQueue<() => void>((event) => event());
  private readonly onAbort = (): void => this.stop();

  constructor(private readonly options: PoolOptions = {}) {
    if (options.signal?.aborted) this.stopped = true;
    options.signal?.addEventListener("abort", this.onAbort, { once: true });
  }

  /** Starts a worker. */
  start<Data, In, Out>(spec: WorkerSpec<Data, In, Out>): StartedWorker<In> {
    const thread = new Worker(spec.script, {
      workerData: spec.data,
      resourceLimits: workerResourceLimits(),
    });
    let finished = false;
    let failure: Error | undefined;
    let silence: NodeJS.Timeout | undefined;
    const fail = (error: Error): void => {
      if (finished) return;
      failure ??= error;
      void thread.terminate();
    };
    const listen = (): void => {
      if (spec.silenceMs === undefined || finished) return;
      clearTimeout(silence);
      silence = setTimeout(
        () => fail(new WorkerFailure(spec.label, "silent", String(spec.silenceMs))),
        spec.silenceMs,
      );
    };
    const worker: PoolWorker<In> = {
      post: (message) => thread.postMessage(message),
      done: () => {
        finished = true;
        clearTimeout(silence);
      },
      terminate: () => void thread.terminate(),
    };
    const deliver = (message: Out): void => {
      try {
        spec.onMessage(message, worker);
      } catch (error) {
        fail(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const ended = new Promise<void>((resolve, reject) => {
      this.running.set(thread, { settle: resolve, handle: worker });
      thread.on("message", (message: Out) => {
        listen();
        if (spec.urgent?.(message)) deliver(message);
        else this.events.push(() => deliver(message));
      });
      thread.on("error", (error) =>
        fail(new WorkerFailure(spec.label, "error", error.message.split("\n")[0])),
      );
      // After the worker's last messages (the queue keeps their order).
      thread.on("exit", (code) =>
        this.events.push(() => {
          clearTimeout(silence);
          this.running.delete(thread);
          if (failure) reject(failure);
          else if (finished) resolve();
          else reject(new WorkerFailure(spec.label, "exit", String(code)));
        }),
      );
    });
    listen();
    // A pool stopped already (its signal came first) ends the worker at once, its end settled well.
    if (this.stopped) {
      void thread.terminate();
      this.running.get(thread)?.settle();
      this.running.delete(thread);
    }
    return { worker, ended };
  }

  /** Waits for workers that run side by side until each is done; the first failure ends the others and is thrown. */
  async all(started: readonly StartedWorker<unknown>[]): Promise<void> {
    try {
      await Promise.all(
        started.map(({ ended }) =>
          ended.catch((error: unknown) => {
            this.stop();
            throw error;
          }),
        ),
      );
    } finally {
      this.options.signal?.removeEventListener("abort", this.onAbort);
    }
  }

  /** Posts `message` to every running worker but `from` (diff's job 1 shares its machine at the menu so). */
  broadcast<In>(message: In, from: PoolWorker<In>): void {
    for (const { handle } of this.running.values()) if (handle !== from) handle.post(message);
  }

  /** Ends every worker at once; what they post from now on is dropped and their ends settle well. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.events.stop();
    this.options.onStop?.();
    for (const [thread, { settle }] of this.running) {
      void thread.terminate();
      settle();
    }
    this.running.clear();
  }
}

/** Runs `tasks` at most `jobs` at a time, in order; stops starting new ones once `signal` aborts. */
export async function runEach<T>(
  tasks: readonly (() => Promise<T>)[],
  jobs: number,
  onResult: (index: number, result: T) => void,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < tasks.length && !signal?.aborted) {
      const i = next++;
      onResult(i, await tasks[i]());
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, tasks.length)) }, lane));
}

/** A worker's side of the pool: its workerData and its port to the run (throws outside a worker thread). */
export function workerSide<Data, Out>(
  entry: string,
): { data: Data; port: MessagePort; post: (message: Out) => void } {
  const port = parentPort;
  if (!port) throw new Error(`${entry} must run in a worker thread`);
  return { data: workerData as Data, port, post: (message) => port.postMessage(message) };
}
