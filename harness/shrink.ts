/**
 * Shrinking a mismatch: the smallest game the emulator still diverges on, found by delta debugging
 * (Zeller's ddmin) over the game's recorded human moves within a time budget. Every candidate is a
 * real game replayed from the menu with the same Seed and starter: a candidate that plays a move on an
 * occupied cell (the computer answered differently) or runs out of moves before a divergence is not a
 * reproduction. Better means fewer human moves, then an earlier divergence (fewer stones). A storm
 * game is first replayed without its noise: when its moves alone do not diverge, it is not shrunk.
 */
import { formatCell } from "../engine-ts/index.js";
import { BadMoveError } from "../checks/inspect.js";
import type { GameSession } from "../guest/session.js";
import type { GameOutcome, GameSpec, Mismatch, ShrinkResult } from "./model.js";
import { playGame, type RunHooks } from "./runner.js";
import { ProgramChecker } from "../checks/checker.js";
import type { MachineSnapshot } from "../emu/types.js";

/** The CLI's default --shrink-ms. */
export const DEFAULT_SHRINK_MS = 5000;

/** The hooks of every replay, and where it starts. */
export interface ShrinkOptions extends RunHooks {
  /** The machine at the session's first menu: every replay starts there (else where the last ended). */
  fresh?: MachineSnapshot;
}

interface Candidate {
  moves: number[];
  outcome: GameOutcome & { mismatch: Mismatch };
}

function better(a: Candidate, b: Candidate): boolean {
  const [ma, mb] = [a.outcome.humanMoves.length, b.outcome.humanMoves.length];
  return ma < mb || (ma === mb && a.outcome.mismatch.ply < b.outcome.mismatch.ply);
}

/** Splits `list` into `n` nearly equal contiguous chunks. */
function chunks<T>(list: readonly T[], n: number): T[][] {
  return Array.from({ length: n }, (_, i) =>
    list.slice(Math.floor((i * list.length) / n), Math.floor(((i + 1) * list.length) / n)),
  );
}

class Shrinker {
  tries = 0;
  private readonly seen = new Set<string>();
  private broken = false;
  best: Candidate | undefined;

  constructor(
    private readonly session: GameSession,
    private readonly original: GameOutcome,
    private readonly deadline: number,
    private readonly options: ShrinkOptions,
  ) {}

  outOfTime(): boolean {
    return this.broken || performance.now() >= this.deadline;
  }

  /** Replays `moves`; true when the game diverges (and records it when it is the best so far). */
  async diverges(moves: number[]): Promise<boolean> {
    const key = moves.join(",");
    if (this.seen.has(key) || this.outOfTime()) return false;
    this.seen.add(key);
    this.tries++;
    const { spec } = this.original;
    const replay: GameSpec = {
      ...spec,
      seed: this.original.seed,
      policy: "replay",
      moves,
      maxComputerMoves: Number.POSITIVE_INFINITY,
    };
    let outcome: GameOutcome;
    try {
      await this.startFresh();
      outcome = await playGame(this.session, replay, this.options);
    } catch (error) {
      if (!(error instanceof BadMoveError)) {
        // The machine is in an unknown state (a hung guest, a lost menu): no more replays on it.
        this.broken = true;
        return false;
      }
      await this.session.backToMenu();
      return false;
    }
    if (!outcome.mismatch) return false;
    const candidate: Candidate = {
      moves: outcome.humanMoves,
      outcome: { ...outcome, mismatch: outcome.mismatch },
    };
    if (!this.best || better(candidate, this.best)) this.best = candidate;
    return true;
  }

  /**
   * Each replay starts from the program as it started (the session's first menu), as `piskasm replay`
   * does: a mutant may leave damage in its memory that a later game would otherwise diverge by.
   */
  private async startFresh(): Promise<void> {
    if (this.options.fresh) await restartAt(this.session, this.options.fresh);
  }

  /** ddmin from `start`: returns true when it ran to a 1-minimal list. */
  async ddmin(start: number[]): Promise<boolean> {
    let current = start;
    let n = 2;
    while (current.length >= 2) {
      if (this.outOfTime()) return false;
      const parts = chunks(current, Math.min(n, current.length));
      let reduced = false;
      for (const part of parts) {
        if (await this.diverges(part)) {
          current = this.best?.moves ?? part;
          n = 2;
          reduced = true;
          break;
        }
      }
      if (!reduced && parts.length > 2) {
        for (let i = 0; i < parts.length; i++) {
          const complement = parts.filter((_, j) => j !== i).flat();
          if (await this.diverges(complement)) {
            current = this.best?.moves ?? complement;
            n = Math.max(n - 1, 2);
            reduced = true;
            break;
          }
        }
      }
      if (!reduced) {
        if (n >= current.length) return !this.outOfTime();
        n = Math.min(2 * n, current.length);
      }
    }
    return !this.outOfTime();
  }
}

/**
 * Shrinks the mismatch of `original` (played on `session`, which is back at the menu) within
 * `budgetMs`. The session is at the menu again afterwards unless a replay broke it (then later games
 * on it fail with their own error).
 */
export async function shrinkGame(
  session: GameSession,
  original: GameOutcome,
  budgetMs: number,
  options: ShrinkOptions = {},
): Promise<ShrinkResult> {
  const started = performance.now();
  const shrinker = new Shrinker(session, original, started + budgetMs, options);
  const moves = original.humanMoves;
  /** The result so far; `complete`: ddmin ran to its end (a shrunk game only). */
  const done = (complete = false): ShrinkResult => {
    const ms = performance.now() - started;
    const best = shrinker.best;
    if (!best) {
      const reason =
        original.spec.policy === "storm"
          ? `the human moves alone (${moves.map(formatCell).join(" ")}) do not diverge: the storm's other inputs are needed`
          : "the recorded game did not diverge again within the budget";
      return { reason, tries: shrinker.tries, ms };
    }
    const { humanMoves, computerMoves, mismatch } = best.outcome;
    return { humanMoves, computerMoves, mismatch, tries: shrinker.tries, ms, complete };
  };
  if (await shrinker.diverges([])) return done(true);
  if (!(await shrinker.diverges(moves))) return done();
  return done(await shrinker.ddmin(shrinker.best?.moves ?? moves));
}

/** The machine restored to `menu` (a snapshot at the program's menu), and the checker's model with it. */
export async function restartAt(session: GameSession, menu: MachineSnapshot): Promise<void> {
  await session.machine.restore(menu);
  ProgramChecker.of(session)?.restarted();
}
