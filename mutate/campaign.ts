/**
 * A mutation campaign's runs: each mutant on its own floppy (scripts/mkimg.sh) in its own worker
 * thread (mutate/worker.ts), J at a time, every mutant playing the same planned games.
 */
import { WorkerFailure, WorkerPool } from "../util/worker-pool.js";
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { GameSpec } from "../harness/model.js";
import { plannedGame } from "../harness/game-spec.js";
import type { GeneratedPolicyName } from "../checks/policy-names.js";
import type { MutantJob, MutantMessage, MutantRun } from "./mutant-run.js";

export interface GamePlan {
  games: number;
  /** The policies the games go through, two games (one per starter) each in turn. */
  policies: readonly GeneratedPolicyName[];
  /** Seeds the games' Seeds and the policies. */
  seed: number;
  maxComputerMoves: number;
  /**
   * Probe games after the others (harness/probe.ts: set-up positions aimed at paths played games
   * seldom reach); the probe game numbered i plays scenario i mod PROBES.length, so PROBES.length of
   * them play every scenario once.
   */
  probes: number;
  /** Only these games, in this order (`--games-from`: the minimal set of a campaign's killing games). */
  only?: readonly number[];
}

/**
 * Game i's Seed: spread over 0..65535 by an odd multiplier. Consecutive small Seeds (s + i) would
 * hide mutants of the first move: its first GetRandom returns the Seed itself, and r mod 25 equals
 * r mod 24 or r mod 26 for every r below 24.
 */
export const SEED_STRIDE = 40503;

/**
 * The games every mutant plays, in order: the policies' games, then the probes (last: they are set-ups
 * of up to 146 stones, dearer than most of the games that kill, and the mutants they alone kill are few).
 */
export function mutantGames(plan: GamePlan): GameSpec[] {
  const probes = Array.from({ length: plan.probes }, (_, k): GameSpec => {
    const index = plan.games + k;
    return {
      index,
      whoStarts: "human",
      policy: "probe",
      policySeed: 0,
      seed: (plan.seed + index * SEED_STRIDE) & 0xffff,
      maxComputerMoves: plan.maxComputerMoves,
    };
  });
  const all = [...policyGames(plan), ...probes];
  // An index past them names a start check (mutate/mutant-run.ts), which every campaign runs anyway.
  return plan.only ? plan.only.flatMap((i) => all[i] ?? []) : all;
}

function policyGames(plan: GamePlan): GameSpec[] {
  return Array.from({ length: plan.games }, (_, i) => {
    const policy = plan.policies[Math.floor(i / 2) % plan.policies.length];
    const game = plannedGame(
      { games: plan.games, policy, runSeed: plan.seed, maxComputerMoves: plan.maxComputerMoves },
      i,
    );
    return { ...game, seed: (plan.seed + i * SEED_STRIDE) & 0xffff };
  });
}

export interface FloppyFiles {
  autoexec: string;
  mouse: string;
  mkimg: string;
}

/** Writes `program` as PISKASM.COM of a new floppy `dir`/NAME.img and returns its path. */
export function mutantFloppy(dir: string, name: string, program: Uint8Array, files: FloppyFiles): string {
  const work = join(dir, name);
  mkdirSync(work, { recursive: true });
  const com = join(work, "PISKASM.COM");
  writeFileSync(com, program);
  const image = join(dir, `${name}.img`);
  execFileSync(files.mkimg, [image, files.autoexec, files.mouse, com]);
  rmSync(work, { recursive: true, force: true });
  return image;
}

/**
 * Runs one mutant's games in a worker of `script` (a new thread per mutant: a ts mutant's code is
 * its bundle's). A worker silent for `silenceMs` (no sign of life: its thread is stuck, as in a
 * mutant of engine-ts that loops for ever) is ended: killed by timeout. An error the worker throws
 * (the harness on the mutant's behaviour: a cell index off the board) ends its run as crashed.
 */
export async function runMutant(script: string, job: MutantJob, silenceMs: number): Promise<MutantRun> {
  let result: MutantRun | undefined;
  // A pool of its own without a signal: a Ctrl+C lets the mutants under way finish (runEach starts no more).
  const { ended } = new WorkerPool().start<MutantJob, never, MutantMessage>({
    script,
    data: job,
    label: "the worker",
    silenceMs,
    onMessage: (message, worker) => {
      if (message.kind === "progress") return;
      result = message.run;
      worker.done();
      worker.terminate();
    },
  });
  try {
    await ended;
  } catch (error) {
    if (!(error instanceof WorkerFailure) || error.end === "exit") throw error;
    return error.end === "silent"
      ? { status: "timeout", games: 1, message: error.message }
      : { status: "crashed", games: 1, message: `the harness failed: ${error.detail}` };
  }
  if (!result) throw new Error("the mutant worker ended without its run");
  return result;
}
