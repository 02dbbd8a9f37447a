/**
 * A differential run: its games played by one emulator in this thread, or split over J emulators in
 * worker threads (contiguous blocks, so each worker alternates who starts too).
 */
import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { openSession, type BootSpec } from "./boot.js";
import type { GameSpec } from "./game-spec.js";
import { playGame, type EngineFactory, type GameOutcome } from "./runner.js";
import { addOutcome, emptyTotals, summarize, type RunSummary } from "./stats.js";
import type { WorkerInput, WorkerMessage } from "./worker-protocol.js";

export interface RunListener {
  onMove?: () => void;
  onGame?: (outcome: GameOutcome) => void;
}

export interface DiffRunOptions {
  boot: BootSpec;
  specs: GameSpec[];
  jobs: number;
  /** The bundled worker entry (build/diff-worker.mjs); needed when jobs > 1. */
  workerScript?: string;
  /** In-thread runs only: the reference engine (tests inject faults through it). */
  engine?: EngineFactory;
}

export interface RunResult {
  /** In the order of the specs. */
  outcomes: GameOutcome[];
  summary: RunSummary;
}

/** Boots one emulator and plays `specs` on it in order. */
export async function playGames(
  boot: BootSpec,
  specs: readonly GameSpec[],
  listener: RunListener,
  engine?: EngineFactory,
): Promise<void> {
  const session = await openSession(boot);
  try {
    for (const spec of specs) {
      const outcome = await playGame(session, spec, { engine, onMove: listener.onMove });
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
  const collect: RunListener = {
    onMove: listener.onMove,
    onGame: (outcome) => {
      addOutcome(totals, outcome);
      outcomes.push(outcome);
      listener.onGame?.(outcome);
    },
  };
  const jobs = Math.max(1, Math.min(options.jobs, options.specs.length));
  if (jobs === 1) {
    await playGames(options.boot, options.specs, collect, options.engine);
  } else {
    if (options.engine) throw new Error("a custom engine runs in this thread only (jobs = 1)");
    await runInWorkers(options, jobs, collect);
  }
  outcomes.sort((a, b) => a.spec.index - b.spec.index);
  return { outcomes, summary: summarize(totals, performance.now() - started, jobs) };
}

function blocks<T>(items: readonly T[], count: number): T[][] {
  return Array.from({ length: count }, (_, j) =>
    items.slice(Math.floor((j * items.length) / count), Math.floor(((j + 1) * items.length) / count)),
  );
}

function runInWorkers(options: DiffRunOptions, jobs: number, listener: RunListener): Promise<void> {
  const script = options.workerScript;
  if (!script || !existsSync(script)) {
    return Promise.reject(new Error(`--jobs needs the worker bundle ${script ?? "(none given)"}; run \`make\` first`));
  }
  return new Promise<void>((resolve, reject) => {
    const workers: Worker[] = [];
    let running = 0;
    let failed = false;
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      for (const w of workers) void w.terminate();
      reject(error);
    };
    for (const [j, specs] of blocks(options.specs, jobs).entries()) {
      const input: WorkerInput = { boot: options.boot, specs };
      const worker = new Worker(script, { workerData: input });
      workers.push(worker);
      running++;
      let done = false;
      worker.on("message", (message: WorkerMessage) => {
        if (message.kind === "move") listener.onMove?.();
        else if (message.kind === "game") listener.onGame?.(message.outcome);
        else if (message.kind === "error") fail(new Error(`job ${j + 1}: ${message.message}`));
        else {
          done = true;
          void worker.terminate();
        }
      });
      worker.on("error", (error) => fail(new Error(`job ${j + 1}: ${error.message}`)));
      worker.on("exit", (code) => {
        if (!done) fail(new Error(`job ${j + 1} stopped before finishing (exit code ${code})`));
        else if (--running === 0 && !failed) resolve();
      });
    }
  });
}
