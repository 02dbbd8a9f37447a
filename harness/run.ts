/**
 * A differential run: its games played by one emulator in this thread, or split over J emulators in
 * worker threads (contiguous blocks, so each worker alternates who starts too). A planned run makes
 * its games one at a time and keeps only counters, so its memory stays flat for any number of games;
 * an AbortSignal ends it early with the figures of the games finished so far.
 */
import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import type { MachineSnapshot } from "../emu/types.js";
import { openSession, type BootSpec } from "../guest/boot.js";
import type { GameSession } from "../guest/session.js";
import { plannedCount, plannedGame } from "./game-spec.js";
import { playGame, type EngineFactory } from "./runner.js";
import { addOutcome, emptyTotals, summarize, type RunSummary } from "./stats.js";
import type { MenuMessage, WorkerInput, WorkerMessage } from "./worker-protocol.js";
import type { GameOutcome, GameSlice, GameSpec, RunPlanOptions } from "./model.js";

export interface RunListener {
  onMove?: () => void;
  onGame?: (outcome: GameOutcome) => void;
}


interface DiffRunBase {
  boot: BootSpec;
  jobs: number;
  /** The bundled worker entry (build/diff-worker.mjs); needed when jobs > 1. */
  workerScript?: string;
  /** In-thread runs only: the reference engine (tests inject faults through it). */
  engine?: EngineFactory;
  /** Ends the run early: the games being played are dropped, the result covers the finished ones. */
  signal?: AbortSignal;
}

/** The games as a list (tests, bench: every outcome is returned) or as a plan (the CLI: counters only). */
export type DiffRunOptions = DiffRunBase & ({ specs: readonly GameSpec[]; plan?: undefined } | { plan: RunPlanOptions; specs?: undefined });

export interface RunResult {
  /** In the order of the specs; empty for a planned run, which keeps no outcomes. */
  outcomes: GameOutcome[];
  summary: RunSummary;
  /** The signal ended the run before all its games were played. */
  interrupted: boolean;
}

function sliceLength(slice: GameSlice): number {
  return "specs" in slice ? slice.specs.length : slice.to - slice.from;
}

function* gamesOf(slice: GameSlice): Generator<GameSpec> {
  if ("specs" in slice) {
    yield* slice.specs;
    return;
  }
  for (let index = slice.from; index < slice.to; index++) yield plannedGame(slice.plan, index);
}

/** The games [from, to) of `n` that job `j` of `count` plays (contiguous parts, in job order). */
export function jobPart(n: number, j: number, count: number): { from: number; to: number } {
  return { from: Math.floor((j * n) / count), to: Math.floor(((j + 1) * n) / count) };
}

/** Part `j` of `count` contiguous parts of a slice. */
function part(slice: GameSlice, j: number, count: number): GameSlice {
  const { from, to } = jobPart(sliceLength(slice), j, count);
  return "specs" in slice ? { specs: slice.specs.slice(from, to) } : { plan: slice.plan, from: slice.from + from, to: slice.from + to };
}

/** How one emulator starts and what it plays with (all optional). */
export interface PlayOptions {
  /** The reference engine (tests inject faults through it). */
  engine?: EngineFactory;
  /** Ends the games early. */
  signal?: AbortSignal;
  /** Continue from this machine state at the menu instead of booting (openSession). */
  menu?: MachineSnapshot;
  /** Called once the machine is at the game's menu, before the first game. */
  onMenu?: (session: GameSession) => Promise<void>;
}

/** Boots one emulator and plays the slice's games on it in order, until the signal (if any) aborts. */
export async function playGames(boot: BootSpec, slice: GameSlice, listener: RunListener, options: PlayOptions = {}): Promise<void> {
  const { engine, signal, menu, onMenu } = options;
  const session = await openSession(boot, menu);
  try {
    await onMenu?.(session);
    for (const spec of gamesOf(slice)) {
      if (signal?.aborted) return;
      const outcome = await playGame(session, spec, { engine, onMove: listener.onMove, stepTimeoutMs: boot.timeoutMs });
      if (signal?.aborted) return;
      listener.onGame?.(outcome);
    }
  } finally {
    await session.machine.destroy();
  }
}

export async function runDiff(options: DiffRunOptions, listener: RunListener = {}): Promise<RunResult> {
  const started = performance.now();
  const totals = emptyTotals();
  const outcomes: GameOutcome[] = [];
  const keepOutcomes = options.specs !== undefined;
  const slice: GameSlice = options.specs ? { specs: options.specs } : { plan: options.plan, from: 0, to: plannedCount(options.plan) };
  const { signal } = options;
  const collect: RunListener = {
    onMove: () => {
      if (!signal?.aborted) listener.onMove?.();
    },
    onGame: (outcome) => {
      if (signal?.aborted) return;
      addOutcome(totals, outcome);
      if (keepOutcomes) outcomes.push(outcome);
      listener.onGame?.(outcome);
    },
  };
  const jobs = Math.max(1, Math.min(options.jobs, sliceLength(slice)));
  if (jobs > 1 && options.engine) throw new Error("a custom engine runs in this thread only (jobs = 1)");
  const playing =
    jobs === 1 ? playGames(options.boot, slice, collect, { engine: options.engine, signal }) : runInWorkers(options, slice, jobs, collect);
  await untilDoneOrAborted(playing, signal);
  outcomes.sort((a, b) => a.spec.index - b.spec.index);
  return { outcomes, summary: summarize(totals, performance.now() - started, jobs), interrupted: signal?.aborted ?? false };
}

/** Waits for `playing`, or only until `signal` aborts (a game in progress is then left to stop on its own). */
function untilDoneOrAborted(playing: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return playing;
  if (signal.aborted) {
    playing.catch(() => undefined);
    return Promise.resolve();
  }
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => resolve();
    signal.addEventListener("abort", onAbort, { once: true });
    playing.then(
      () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        // After an abort the emulators are being torn down: their errors are not the run's.
        if (signal.aborted) resolve();
        else reject(error);
      },
    );
  });
}

/**
 * Plays the slice in `jobs` worker threads. Job 1 boots; the others start at once but wait for its
 * machine at the game's menu and continue from that snapshot: one boot per run instead of one per
 * job, without a boot before the workers start.
 */
function runInWorkers(options: DiffRunBase, slice: GameSlice, jobs: number, listener: RunListener): Promise<void> {
  const script = options.workerScript;
  if (!script || !existsSync(script)) {
    return Promise.reject(new Error(`--jobs needs the worker bundle ${script ?? "(none given)"}; run \`make\` first`));
  }
  return new Promise<void>((resolve, reject) => {
    const workers: Worker[] = [];
    let running = 0;
    let failed = false;
    const stopAll = (): void => {
      for (const w of workers) void w.terminate();
    };
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      stopAll();
      reject(error);
    };
    options.signal?.addEventListener("abort", stopAll, { once: true });
    for (let j = 0; j < jobs; j++) {
      const input: WorkerInput = { boot: options.boot, games: part(slice, j, jobs), sharesBoot: j === 0 };
      const worker = new Worker(script, { workerData: input });
      workers.push(worker);
      running++;
      let done = false;
      worker.on("message", (message: WorkerMessage) => {
        switch (message.kind) {
          case "moves":
            for (let m = 0; m < message.count; m++) listener.onMove?.();
            break;
          case "menu": {
            const shared: MenuMessage = { kind: "menu", menu: message.menu };
            for (const other of workers.slice(1)) other.postMessage(shared);
            break;
          }
          case "game":
            listener.onGame?.(message.outcome);
            break;
          case "error":
            fail(new Error(`job ${j + 1}: ${message.message}`));
            break;
          case "done":
            done = true;
            void worker.terminate();
            break;
        }
      });
      worker.on("error", (error) => fail(new Error(`job ${j + 1}: ${error.message}`)));
      worker.on("exit", (code) => {
        if (!done) fail(new Error(`job ${j + 1} stopped before finishing (exit code ${code})`));
        else if (--running === 0 && !failed) {
          options.signal?.removeEventListener("abort", stopAll);
          resolve();
        }
      });
    }
  });
}
