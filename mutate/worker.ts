/**
 * Worker-thread entry of `piskasm mutate`: mutants' games, one job after another as the run thread
 * posts them, each mutant on its own emulator (bundled as build/mutate-worker.mjs; one thread plays
 * many asm mutants, so only the first pays the thread's start and the emulator's cold code). The games
 * are the differential harness's (harness/run.ts playGames), stopped at the first mismatch, which is
 * shrunk when the job asks.
 *
 * A hang is measured in guest instructions, not in wall time: a mutant that runs HANG_INSTRUCTIONS
 * without the harness seeing progress (the boot's menu, a checked computer move, a game's end) is
 * killed by timeout at once. Wall-time step limits alone would depend on the machine's load (on a
 * loaded host the unmutated boot can take longer than a hung mutant's budget); they stay as the
 * last resort (the job's timeoutMs).
 */
import { workerSide } from "../util/worker-pool.js";
import { messageOf } from "../util/error-message.js";
import type { Machine } from "../emu/types.js";
import { buildReport } from "../harness/mismatch-report.js";
import { playGames } from "../harness/run.js";
import { checkStart } from "../harness/start-check.js";
import type { GameOutcome, GameSpec } from "../harness/model.js";
import { Progress, type MutantJob, type MutantMessage, type MutantRun } from "./mutant-run.js";

const { port, post } = workerSide<undefined, MutantMessage>("mutate/worker");

/**
 * Guest instructions without progress that count as a hang: the boot takes about 6 million, an
 * answer to a move well under 2 million (docs/evaluator.md's worst case), a game's start or a typed
 * seed a few hundred thousand while the guest polls the keyboard.
 */
export const HANG_INSTRUCTIONS = 60_000_000;
const WATCH_MS = 200;
/** Signs of life to the run thread, which ends a worker that stays silent (a mutant of engine-ts that loops). */
const PROGRESS_MS = 1000;
let lastSign = 0;
const signOfLife = (): void => {
  const now = performance.now();
  if (now - lastSign < PROGRESS_MS) return;
  lastSign = now;
  post({ kind: "progress" });
};

/** The killing game's run; a report that cannot be made (a LastPC off the board) is said in its place. */
function killed(job: MutantJob, outcome: GameOutcome, games: number): MutantRun {
  try {
    return { status: "killed", games, report: buildReport(outcome, job.boot.dos) };
  } catch (error) {
    return { status: "killed", games, message: `no report: ${messageOf(error)}` };
  }
}

/**
 * A start without a PS/2 mouse: the BIOS busy-waits through the device's time-outs, in MOUSE.COM's
 * probe and in the program's (about 2.3 billion instructions from the boot to the program's end).
 */
const NO_PS2_START_INSTRUCTIONS = 4_000_000_000;

/** Calls `onHang` when the machine runs `allowance` (HANG_INSTRUCTIONS) past the last progress(). */
function watchdog(onHang: (instructions: number) => void): {
  attach: (m: Machine, allowance?: number) => void;
  progress: () => void;
  stop: () => void;
} {
  let machine: Machine | undefined;
  let mark = 0;
  let limit = HANG_INSTRUCTIONS;
  const timer = setInterval(() => {
    // The thread turns: a sign of life, however long the guest runs (the instructions judge a hang).
    signOfLife();
    if (!machine) return;
    const spent = machine.instructionCount() - mark;
    if (spent > limit) onHang(spent);
  }, WATCH_MS);
  return {
    attach: (m, allowance = HANG_INSTRUCTIONS) => {
      machine = m;
      mark = m.instructionCount();
      limit = allowance;
    },
    progress: () => {
      if (machine) mark = machine.instructionCount();
      signOfLife();
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * The job's start checks, in order, until one differs from the model: its outcome, a game numbered
 * after the job's games.
 */
async function checkStarts(
  job: MutantJob,
  dog: ReturnType<typeof watchdog>,
): Promise<GameOutcome | undefined> {
  for (const [k, start] of (job.starts ?? []).entries()) {
    const spec: GameSpec = {
      index: job.specs.length + k,
      whoStarts: "human",
      policy: "replay",
      policySeed: 0,
      moves: [],
      maxComputerMoves: 0,
    };
    const allowance = start.mouse === "no-ps2-mouse" ? NO_PS2_START_INSTRUCTIONS : HANG_INSTRUCTIONS;
    const outcome = await checkStart(start.boot, start.mouse, spec, (m) => dog.attach(m, allowance));
    dog.progress();
    if (outcome) return outcome;
  }
  return undefined;
}

async function play(job: MutantJob): Promise<MutantRun> {
  const stop = new AbortController();
  let games = 0;
  const progress = job.progress && new Int32Array(job.progress);
  let inputs = 0;
  let killer: GameOutcome | undefined;
  const dog = watchdog((spent) => {
    // The guest is stuck: answer now, the run thread ends this worker. A hang while a killing game is
    // shrunk leaves that game's report unshrunk.
    const run: MutantRun = killer
      ? killed(job, killer, games + 1)
      : { status: "timeout", games: games + 1, message: `no progress in ${spent} guest instructions` };
    post({ kind: "run", run, free: false });
  });
  try {
    await playGames(
      job.boot,
      { specs: job.specs },
      {
        onMove: dog.progress,
        onMismatch: (outcome) => {
          killer = outcome;
        },
        onGame: (outcome) => {
          dog.progress();
          games++;
          if (progress) {
            progress[Progress.GAMES] = games;
            progress[Progress.GAME_START] = inputs;
          }
          if (outcome.mismatch) stop.abort();
        },
      },
      {
        signal: stop.signal,
        shrinkMs: job.shrinkMs,
        menu: job.menu,
        onMachine: dog.attach,
        // Every input is progress too: the checker then gives the program SETTLE_INSTRUCTIONS (fewer
        // than HANG_INSTRUCTIONS) to wait again, so a hang after an input is its mismatch.
        // Each input is counted before the checker (attached later, in the first game) feeds it to the
        // reference: a reference that never returns leaves the input it was given in `progress`.
        onMenu: async (session) => {
          session.inputs.listen(async () => {
            inputs = session.inputs.count;
            if (progress) progress[Progress.INPUTS] = inputs;
            dog.progress();
          });
          dog.progress();
        },
      },
    );
    if (!killer) {
      killer = await checkStarts(job, dog);
      // A start check counts as a game only when it kills (the plan's games are what `games` counts).
      if (killer) games++;
    }
  } catch (error) {
    const message = messageOf(error).split("\n")[0];
    if (killer) return killed(job, killer, games + 1);
    return { status: /timed out|^stuck:/.test(message) ? "timeout" : "crashed", games: games + 1, message };
  } finally {
    dog.stop();
  }
  return killer ? killed(job, killer, games) : { status: "survived", games };
}

port.on("message", (job: MutantJob) => void play(job).then((run) => post({ kind: "run", run, free: true })));
