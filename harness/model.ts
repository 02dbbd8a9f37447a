/**
 * The differential harness's shared types: what a game of a run is (GameSpec, its plan and shard), what
 * it produced (GameOutcome) and what a worker thread is given (GameSlice). They live here, below the
 * modules that make and use them, so those modules import each other in one direction only.
 */
import type { GameResult, WhoStarts } from "../engine-ts/index.js";
import type { Mismatch } from "../checks/diff-types.js";
import type { EnginePolicyName, GeneratedPolicyName, PolicyName } from "../checks/policy-names.js";

export interface GameSpec {
  /** Position of the game in its run (0-based). */
  index: number;
  whoStarts: WhoStarts;
  policy: PolicyName;
  /** Seed of the policy's own PRNG. */
  policySeed: number;
  /** Seed forced through the game's menu key S (as PISKASM /S:n does); undefined: the program counts its own seed at the menu. */
  seed?: number;
  /** The human moves of a replayed game (policy "replay"). */
  moves?: readonly number[];
  /** The game is abandoned (Esc) after this many checked computer moves. */
  maxComputerMoves: number;
}

export interface RunPlanOptions {
  games: number;
  policy: GeneratedPolicyName | EnginePolicyName;
  /** Seeds every policy PRNG of the run. */
  runSeed: number;
  /** When set, game i starts with Seed = (fixedSeed + i) mod 65536 via /S:. */
  fixedSeed?: number;
  maxComputerMoves: number;
  /** Play only this shard of the run's games (harness/shard.ts); game indices stay the whole run's. */
  shard?: Shard;
}

export interface Shard {
  /** 0-based. */
  index: number;
  count: number;
}

export type { Mismatch } from "../checks/diff-types.js";

/** The smallest reproduction of a mismatch that shrinking found (harness/shrink.ts). */
export interface ShrunkGame {
  /** Its human moves (all of them were played before the divergence). */
  humanMoves: number[];
  computerMoves: number[];
  mismatch: Mismatch;
  /** Games replayed while shrinking. */
  tries: number;
  ms: number;
  /** ddmin ran to its end (1-minimal) within the budget. */
  complete: boolean;
}

/** Why a mismatch has no shrunk game. */
export interface NotShrunk {
  reason: string;
  tries: number;
  ms: number;
}

export type ShrinkResult = ShrunkGame | NotShrunk;

export interface GameOutcome {
  spec: GameSpec;
  /** The game's Seed as the asm reported it. */
  seed: number;
  /** capped: maxComputerMoves reached; escaped: the storm policy gave the game up with Esc. */
  result: GameResult | "capped" | "escaped" | "mismatch";
  /** The human moves played, in order (cell indices). */
  humanMoves: number[];
  /** The asm's computer moves, in order. */
  computerMoves: number[];
  /** Computer moves compared (the first-move rule included). */
  checkedComputerMoves: number;
  /** Emulated instructions from each click to the program's answer (answered clicks only). */
  instructions: number[];
  mismatch?: Mismatch;
  /** The smallest game found that still diverges (harness/shrink.ts), when the run shrinks mismatches. */
  shrunk?: ShrinkResult;
  /** Storm policy only: how many of each kind of input the game was given besides its moves. */
  storm?: StormCounts;
  wallMs: number;
  /** Time spent in the harness itself: policy, engine-ts, reads and comparisons. */
  harnessMs: number;
  /** Where the game's host time went, and what the emulator did meanwhile (benchmarks). */
  cost: GameCost;
}

export interface StormCounts {
  wander: number;
  click: number;
  drag: number;
  key: number;
  /** Moves clicked on a gap column (between two cells) instead of the cell's character. */
  between: number;
  double: number;
  escape: number;
}

/** Where one game's host time went (ms), and what the emulator did meanwhile. */
export interface GameCost {
  /** Inside v86's run loop: the guest, its devices and the JIT (Machine.stats). */
  runLoopMs: number;
  /** engine-ts: the reference game's new game and moves (with the checker: its model playing every input). */
  engineMs: number;
  /**
   * The opponent policy choosing the human's moves, awaited to the end (an asynchronous policy such as
   * pela thinks after its first await), less the emulator's run loop meanwhile.
   */
  policyMs: number;
  /** Reading the asm's state and screen and comparing them with engine-ts (and the checker's comparisons). */
  checkMs: number;
  instructions: number;
  slices: number;
  jitCompilations: number;
}

/** The games one emulator plays: a list given in full, or games from..to-1 of a plan (made as needed). */
export type GameSlice = { specs: readonly GameSpec[] } | { plan: RunPlanOptions; from: number; to: number };
