/**
 * A mutation campaign's runs: each mutant on its own floppy (scripts/mkimg.sh) in a worker thread
 * (mutate/worker.ts; J threads, each playing mutants one after another), every mutant playing the same
 * planned games.
 */
import { WorkerFailure, WorkerPool, type PoolWorker } from "../util/worker-pool.js";
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { GameSpec } from "../harness/model.js";
import { plannedGame } from "../harness/game-spec.js";
import type { GeneratedPolicyName } from "../checks/policy-names.js";
import type { MutantJob, MutantMessage, MutantRun } from "./mutant-run.js";
import type { MutantStart } from "./target.js";

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
 * The policy games a mutant plays by default (`--games`). With the default policies (engine, random,
 * sweep, two games each in turn) the sweep plays games 4, 5, 10, 11, 16 and 17: its slots 4, 5, 0,
 * 1, 6 and 7 (harness/sweep.ts), slot 7 in the odd tens (a key typed ahead of the computer's winning
 * move) followed by another game (the corner's Info score NewBoard must clear). The probes come next,
 * game 20 on: scenario 20 mod 8 = 4 first, so corner-tie (its corner scored) is followed by
 * scan-from-0, whose NewBoard must clear that score too.
 */
export const DEFAULT_POLICY_GAMES = 20;

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
 * A worker thread that plays mutants one after another (the asm target: one bundle for every mutant),
 * started again for a mutant of another script (a ts mutant's code is its bundle's) and after a run
 * that did not leave it free (its guest stuck). A worker silent for `silenceMs` (no sign of life: its
 * thread is stuck, as in a mutant of engine-ts that loops for ever) is ended: killed by timeout. An
 * error the worker throws (the harness on the mutant's behaviour: a cell index off the board) ends
 * its run as crashed.
 */
export class MutantWorker {
  private live?: { script: string; worker: PoolWorker<MutantJob> };
  /** A failure of the worker between runs, thrown by the next run. */
  private idleFailure?: Error;
  /** The run under way: its handlers of the worker's messages and of the worker's end. */
  private pending?: { onMessage: (message: MutantMessage) => void; onEnd: (failure?: Error) => void };

  constructor(private readonly silenceMs: number) {}

  /**
   * Plays `job` in a worker of `script`; `unloaded` makes the run of a worker that could not load its
   * mutant (without it, that is a crash), `silent` that of a worker that fell silent (without it, a
   * timeout).
   */
  run(
    script: string,
    job: MutantJob,
    { unloaded, silent }: Pick<MutantStart, "unloaded" | "silent"> = {},
  ): Promise<MutantRun> {
    const { idleFailure } = this;
    this.idleFailure = undefined;
    if (idleFailure !== undefined) return Promise.reject(idleFailure);
    if (this.live?.script !== script) this.close();
    const worker = (this.live ??= { script, worker: this.open(script) }).worker;
    return new Promise<MutantRun>((resolve, reject) => {
      this.pending = {
        onMessage: (message) => {
          if (message.kind === "progress") return;
          this.pending = undefined;
          if (message.kind === "run") {
            if (!message.free) this.close();
            resolve(message.run);
            return;
          }
          this.close();
          const error = Object.assign(new Error(message.message), { stack: message.stack });
          resolve(
            unloaded?.(error) ?? {
              status: "crashed",
              games: 1,
              message: `the worker did not load the mutant: ${message.message}`,
            },
          );
        },
        onEnd: (failure) => {
          this.pending = undefined;
          if (!(failure instanceof WorkerFailure) || failure.end === "exit")
            reject(failure ?? new Error("the mutant worker ended without its run"));
          else
            resolve(
              failure.end === "silent"
                ? (silent?.(job) ?? { status: "timeout", games: 1, message: failure.message })
                : { status: "crashed", games: 1, message: `the harness failed: ${failure.detail}` },
            );
        },
      };
      worker.post(job);
    });
  }

  /** Ends the worker (the next run starts another). */
  close(): void {
    const worker = this.live?.worker;
    this.live = undefined;
    worker?.done();
    worker?.terminate();
  }

  private open(script: string): PoolWorker<MutantJob> {
    // A pool of its own without a signal: a Ctrl+C lets the mutants under way finish (runEach starts no more).
    const { worker, ended } = new WorkerPool().start<undefined, MutantJob, MutantMessage>({
      script,
      data: undefined,
      label: "the worker",
      silenceMs: this.silenceMs,
      // Only the live worker's: a closed one's last messages (a stuck guest's repeated run) are dropped.
      onMessage: (message, from) => {
        if (this.live?.worker === from) this.pending?.onMessage(message);
      },
    });
    ended.then(
      () => this.ended(worker),
      (failure: unknown) =>
        this.ended(worker, failure instanceof Error ? failure : new Error(String(failure))),
    );
    return worker;
  }

  private ended(worker: PoolWorker<MutantJob>, failure?: Error): void {
    if (this.live?.worker !== worker) return;
    this.live = undefined;
    if (this.pending) this.pending.onEnd(failure);
    // Silence between runs is the worker waiting for its next job (the pool ended it: the next run
    // starts another); any other end there is the next run's failure.
    else if (!(failure instanceof WorkerFailure && failure.end === "silent")) this.idleFailure = failure;
  }
}
