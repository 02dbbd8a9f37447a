/**
 * A mutation campaign's runs: each mutant on its own floppy (scripts/mkimg.sh) in its own worker
 * thread (mutate/worker.ts), J at a time, every mutant playing the same planned games.
 */
import { workerResourceLimits } from "../util/address-space.js";
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
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
 * Runs one mutant's games in a worker of `script`. A worker silent for `silenceMs` (no sign of life:
 * its thread is stuck, as in a mutant of engine-ts that loops for ever) is ended: killed by timeout.
 */
export function runMutant(script: string, job: MutantJob, silenceMs: number): Promise<MutantRun> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: job, resourceLimits: workerResourceLimits() });
    let result: MutantRun | undefined;
    let silence: NodeJS.Timeout | undefined;
    const listen = (): void => {
      clearTimeout(silence);
      silence = setTimeout(() => {
        result ??= { status: "timeout", games: 1, message: `the worker was silent for ${silenceMs} ms` };
        void worker.terminate();
      }, silenceMs);
    };
    listen();
    worker.on("message", (message: MutantMessage) => {
      if (message.kind === "progress") return listen();
      clearTimeout(silence);
      result ??= message.run;
      void worker.terminate();
    });
    // An error thrown by the harness on the mutant's behaviour (a cell index off the board) ends its run.
    worker.once("error", (error) => {
      result ??= {
        status: "crashed",
        games: 1,
        message: `the harness failed: ${error.message.split("\n")[0]}`,
      };
    });
    worker.once("exit", (code) => {
      clearTimeout(silence);
      if (result) resolve(result);
      else reject(new Error(`mutant worker stopped without a result (exit code ${code})`));
    });
  });
}

/** Runs `tasks` `jobs` at a time; stops starting new ones once `signal` aborts. */
export async function runPool<T>(
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
