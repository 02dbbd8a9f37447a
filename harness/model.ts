/**
 * The differential harness's shared types: what a game of a run is (GameSpec, its plan and shard), what
 * it produced (GameOutcome) and what a worker thread is given (GameSlice). They live here, below the
 * modules that make and use them, so those modules import each other in one direction only.
 */
import type { GameResult, WhoStarts } from "../engine-ts/index.js";
import type { Diff } from "../checks/diff-types.js";
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

/** The first divergence of a game. */
export interface Mismatch {
  /** Stones on the asm's board (its MoveCount) when the divergence was seen. */
  ply: number;
  diffs: Diff[];
  /** The text screen at that moment. */
  screen: string[];
}

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
  /** engine-ts: the reference game's new game and moves. */
  engineMs: number;
  /** The opponent policy choosing the human's moves. */
  policyMs: number;
  /** Reading the asm's state and screen and comparing them with engine-ts. */
  checkMs: number;
  instructions: number;
  slices: number;
  jitCompilations: number;
}

/** The games one emulator plays: a list given in full, or games from..to-1 of a plan (made as needed). */
export type GameSlice = { specs: readonly GameSpec[] } | { plan: RunPlanOptions; from: number; to: number };
