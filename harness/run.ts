/**
 * A differential run: its games played by one emulator in this thread, or split over J emulators in
 * worker threads (contiguous blocks, so each worker alternates who starts too). A planned run makes
 * its games one at a time and keeps only counters, so its memory stays flat for any number of games;
 * an AbortSignal ends it early with the figures of the games finished so far.
 */
import { CoverageTracer, type CoverageHits, type CoveragePlan } from "../debug/coverage.js";
import { mergeHits } from "../debug/coverage-report.js";
import { untilDoneOrAborted } from "../util/abort.js";
import { requireWorkerScript, WorkerPool, type PoolWorker, type StartedWorker } from "../util/worker-pool.js";
import type { Machine, MachineSnapshot } from "../emu/types.js";
import { openSession, type BootSpec } from "../guest/boot.js";
import { Phase } from "../guest/game-view.js";
import { isFailedStart, startMachine, type FailedStart, type GameSession } from "../guest/session.js";
import { plannedCount, plannedGame } from "./game-spec.js";
import { failedStartOutcome, playGame, type EngineFactory, type RunHooks } from "./runner.js";
import { restartAt, shrinkGame } from "./shrink.js";
import { addOutcome, emptyTotals, summarize, type RunSummary } from "./stats.js";
import type { MenuMessage, WorkerInput, WorkerMessage } from "./worker-protocol.js";
import type { GameOutcome, GameSlice, GameSpec, RunPlanOptions } from "./model.js";

export interface RunListener {
  onMove?: () => void;
  onGame?: (outcome: GameOutcome) => void;
  /** With a coverage plan: what one emulator's tracer saw, once its games are over. */
  onCoverage?: (hits: CoverageHits) => void;
  /** A game diverged: called before it is shrunk (onGame follows with the shrunk game). */
  onMismatch?: (outcome: GameOutcome) => void;
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
  /** Trace the blocks and jumps of PISKASM.COM that run (debug/coverage.ts). */
  coverage?: CoveragePlan;
  /** Time budget for shrinking each mismatch (harness/shrink.ts); 0 or undefined: no shrinking. */
  shrinkMs?: number;
}

/** The games as a list (tests, bench: every outcome is returned) or as a plan (the CLI: counters only). */
export type DiffRunOptions = DiffRunBase &
  ({ specs: readonly GameSpec[]; plan?: undefined } | { plan: RunPlanOptions; specs?: undefined });

export interface RunResult {
  /** In the order of the specs; empty for a planned run, which keeps no outcomes. */
  outcomes: GameOutcome[];
  summary: RunSummary;
  /** The signal ended the run before all its games were played. */
  interrupted: boolean;
  /** With a coverage plan: what the tracers of every emulator saw together. */
  coverage?: CoverageHits;
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
  return "specs" in slice
    ? { specs: slice.specs.slice(from, to) }
    : { plan: slice.plan, from: slice.from + from, to: slice.from + to };
}

/** How one emulator starts and what it plays with (all optional; the picked fields as the run's). */
export interface PlayOptions extends Pick<DiffRunBase, "engine" | "signal" | "coverage" | "shrinkMs"> {
  /** Continue from this machine state at the menu instead of booting (openSession). */
  menu?: MachineSnapshot;
  /**
   * Called once the machine is at the game's menu, before the first game; coverage is traced after it
   * (a shared menu snapshot holds no INT 3).
   */
  onMenu?: (session: GameSession) => Promise<void>;
  /** Gets the machine as soon as it exists, before the boot (openSession). */
  onMachine?: (machine: Machine) => void;
}

/** Boots one emulator and plays the slice's games on it in order, until the signal (if any) aborts. */
export async function playGames(
  boot: BootSpec,
  slice: GameSlice,
  listener: RunListener,
  options: PlayOptions = {},
): Promise<void> {
  const { engine, signal, menu, onMenu, coverage, shrinkMs } = options;
  let session: GameSession;
  try {
    session = await openSession(boot, menu, options.onMachine);
  } catch (error) {
    if (!isFailedStart(error)) throw error;
    await failedStart(error, slice, listener, boot.timeoutMs);
    return;
  }
  try {
    await onMenu?.(session);
    // Shrinking replays each candidate from the program as it started (harness/shrink.ts), and a game
    // that left the program away from its menu (a mismatch it could not leave) is followed by the
    // next one from there too.
    const fresh = menu ?? (await session.machine.snapshot());
    const tracer = coverage && new CoverageTracer(session.machine, coverage);
    tracer?.attach();
    if (tracer) session.setPlantedBytes(tracer.plantedBytes());
    const hooks: RunHooks = { engine, onMove: listener.onMove, stepTimeoutMs: boot.timeoutMs };
    for (const spec of gamesOf(slice)) {
      if (signal?.aborted) return;
      const outcome = await playGame(session, spec, hooks);
      tracer?.gameOver();
      if (signal?.aborted) return;
      if (outcome.mismatch) listener.onMismatch?.(outcome);
      if (outcome.mismatch && shrinkMs)
        outcome.shrunk = await shrinkGame(session, outcome, shrinkMs, { ...hooks, fresh });
      listener.onGame?.(outcome);
      if (signal?.aborted || session.phase() === Phase.MENU) continue;
      // The machine back at its first menu, and the checker's model with it; a coverage tracer's INT 3s,
      // which the snapshot does not hold, are armed again (what they found stays).
      tracer?.detach();
      await restartAt(session, fresh);
      tracer?.attach();
    }
    if (tracer) listener.onCoverage?.(tracer.hits());
  } finally {
    await session.machine.destroy();
  }
}

/**
 * A program that did not come to its menu (or showed no header): its first game is a mismatch at the
 * start (nothing after it can be played), told to the listener as every diverged game is; the machine
 * is released after.
 */
async function failedStart(
  error: FailedStart,
  slice: GameSlice,
  listener: RunListener,
  timeoutMs: number,
): Promise<void> {
  try {
    const first = gamesOf(slice).next();
    if (first.done) return;
    const outcome = failedStartOutcome(error, first.value, timeoutMs);
    if (!outcome) throw error;
    listener.onMismatch?.(outcome);
    listener.onGame?.(outcome);
  } finally {
    await startMachine(error).destroy();
  }
}

export async function runDiff(options: DiffRunOptions, listener: RunListener = {}): Promise<RunResult> {
  const started = performance.now();
  const totals = emptyTotals();
  const outcomes: GameOutcome[] = [];
  const keepOutcomes = options.specs !== undefined;
  const slice: GameSlice = options.specs
    ? { specs: options.specs }
    : { plan: options.plan, from: 0, to: plannedCount(options.plan) };
  const { signal } = options;
  let coverage: CoverageHits | undefined;
  const collect: RunListener = {
    onCoverage: (hits) => {
      coverage = coverage ? mergeHits(coverage, hits) : hits;
    },
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
    jobs === 1
      ? playGames(options.boot, slice, collect, options)
      : runInWorkers(options, slice, jobs, collect);
  await untilDoneOrAborted(playing, signal);
  outcomes.sort((a, b) => a.spec.index - b.spec.index);
  return {
    outcomes,
    summary: summarize(totals, performance.now() - started, jobs),
    interrupted: signal?.aborted ?? false,
    coverage,
  };
}

/**
 * Plays the slice in `jobs` worker threads (util/worker-pool.ts). Job 1 boots; the others start at
 * once but wait for its machine at the game's menu and continue from that snapshot: one boot per run
 * instead of one per job, without a boot before the workers start.
 */
async function runInWorkers(
  options: DiffRunBase,
  slice: GameSlice,
  jobs: number,
  listener: RunListener,
): Promise<void> {
  const script = requireWorkerScript(options.workerScript, "--jobs");
  const pool = new WorkerPool({ signal: options.signal });
  const started: StartedWorker<MenuMessage>[] = [];
  const handle = (message: WorkerMessage, worker: PoolWorker<MenuMessage>, j: number): void => {
    switch (message.kind) {
      case "moves":
        for (let m = 0; m < message.count; m++) listener.onMove?.();
        break;
      case "menu":
        pool.broadcast<MenuMessage>({ kind: "menu", menu: message.menu }, worker);
        break;
      case "game":
        listener.onGame?.(message.outcome);
        break;
      case "coverage":
        listener.onCoverage?.(message.hits);
        break;
      case "error":
        throw new Error(`job ${j + 1}: ${message.message}`);
      case "done":
        worker.done();
        worker.terminate();
        break;
    }
  };
  for (let j = 0; j < jobs; j++) {
    const data: WorkerInput = {
      boot: options.boot,
      games: part(slice, j, jobs),
      sharesBoot: j === 0,
      coverage: options.coverage,
      shrinkMs: options.shrinkMs,
    };
    started.push(
      pool.start<WorkerInput, MenuMessage, WorkerMessage>({
        script,
        data,
        label: `job ${j + 1}`,
        onMessage: (message, worker) => handle(message, worker, j),
      }),
    );
  }
  await pool.all(started);
}
