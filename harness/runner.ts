/**
 * Plays games of the real PISKASM.COM against an opponent policy and checks every computer move
 * against engine-ts on the full state and the screen. A game stops at its first divergence.
 */
import { formatCell, Game, NO_CELL, type GameResult, type WhoStarts } from "../engine-ts/index.js";
import { compareStates } from "./compare.js";
import type { Diff } from "./diff-types.js";
import type { GameSpec } from "./game-spec.js";
import type { GameState } from "./game-view.js";
import { createEnginePolicy, isEnginePolicyName } from "./engine-policy.js";
import { createPolicy, replayPolicy, type OpponentPolicy } from "./policies.js";
import { checkScreen } from "./screen-check.js";
import type { GameSession } from "./session.js";
import { costTracker, type GameCost } from "./stats.js";

/** Creates the reference game for a seed; tests pass one that corrupts a state or a table. */
export type EngineFactory = (seed: number, whoStarts: WhoStarts) => Game;

export const defaultEngine: EngineFactory = (seed, whoStarts) => Game.newGame(seed, whoStarts);

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
  result: GameResult | "capped" | "mismatch";
  /** The human moves played, in order (cell indices). */
  humanMoves: number[];
  /** The asm's computer moves, in order. */
  computerMoves: number[];
  /** Computer moves compared (the first-move rule included). */
  checkedComputerMoves: number;
  /** Emulated instructions from each click to the program's answer (answered clicks only). */
  instructions: number[];
  mismatch?: Mismatch;
  wallMs: number;
  /** Time spent in the harness itself: policy, engine-ts, reads and comparisons. */
  harnessMs: number;
  /** Where the game's host time went, and what the emulator did meanwhile (benchmarks). */
  cost: GameCost;
}

export interface RunHooks {
  engine?: EngineFactory;
  /** After every checked computer move. */
  onMove?: () => void;
}

function policyFor(spec: GameSpec): OpponentPolicy {
  if (spec.policy === "replay") return replayPolicy(spec.moves ?? []);
  if (isEnginePolicyName(spec.policy)) return createEnginePolicy(spec.policy, spec.policySeed);
  return createPolicy(spec.policy, spec.policySeed);
}

function check(session: GameSession, asm: GameState, engine: Game): Mismatch | undefined {
  const diffs = compareStates(asm, engine.state);
  const screen = session.machine.screen();
  diffs.push(...checkScreen(screen, session.layout.geometry, asm.plocha, asm.lastPC, session.pointer()));
  return diffs.length === 0 ? undefined : { ply: asm.moveCount, diffs, screen: [...screen.lines] };
}

/** Plays one game from the menu and returns to the menu. */
export async function playGame(session: GameSession, spec: GameSpec, hooks: RunHooks = {}): Promise<GameOutcome> {
  const started = performance.now();
  const tracker = costTracker(session.machine);
  if (spec.seed !== undefined) await session.useSeed(spec.seed);
  let asm = await session.startGame(spec.whoStarts);
  let mark = performance.now();
  const engine = tracker.time("engineMs", () => (hooks.engine ?? defaultEngine)(asm.seed, spec.whoStarts));
  const policy = policyFor(spec);
  const outcome: GameOutcome = {
    spec,
    seed: asm.seed,
    result: "playing",
    humanMoves: [],
    computerMoves: asm.lastPC === NO_CELL ? [] : [asm.lastPC],
    checkedComputerMoves: asm.lastPC === NO_CELL ? 0 : 1,
    instructions: [],
    wallMs: 0,
    harnessMs: 0,
    cost: tracker.cost,
  };
  outcome.mismatch = tracker.time("checkMs", () => check(session, asm, engine));
  if (outcome.checkedComputerMoves > 0) hooks.onMove?.();
  while (!outcome.mismatch && engine.result === "playing") {
    if (outcome.checkedComputerMoves >= spec.maxComputerMoves) {
      outcome.result = "capped";
      break;
    }
    const cell = await tracker.time("policyMs", () => policy.next(engine.state.plocha));
    if (cell === undefined) break;
    outcome.harnessMs += performance.now() - mark;
    const stonesBefore = asm.moveCount;
    const timing = await session.humanMove(cell);
    mark = performance.now();
    outcome.humanMoves.push(cell);
    tracker.time("engineMs", () => engine.humanMove(cell));
    asm = tracker.time("checkMs", () => session.readState());
    const answered = asm.moveCount === ((stonesBefore + 2) & 0xffff);
    if (answered) {
      outcome.computerMoves.push(asm.lastPC);
      outcome.checkedComputerMoves++;
      outcome.instructions.push(timing.instructions);
    }
    outcome.mismatch = tracker.time("checkMs", () => check(session, asm, engine));
    if (answered) hooks.onMove?.();
  }
  if (outcome.mismatch) outcome.result = "mismatch";
  else if (outcome.result === "playing") outcome.result = engine.result;
  outcome.harnessMs += performance.now() - mark;
  await policy.close?.();
  await session.backToMenu();
  tracker.finish();
  outcome.wallMs = performance.now() - started;
  return outcome;
}

/** One-line description of a game for logs. */
export function describeGame(outcome: GameOutcome): string {
  const { spec } = outcome;
  const moves = outcome.humanMoves.map(formatCell).join(",");
  return `game ${spec.index} (seed ${outcome.seed}, ${spec.whoStarts} starts, policy ${spec.policy}): ${outcome.result} after ${outcome.checkedComputerMoves} computer moves [${moves}]`;
}
