/**
 * Plays games of the real PISKASM.COM against an opponent policy and checks every computer move
 * against engine-ts on the full state and the screen, and that the program's code and read-only data
 * are still the bytes it was loaded with. A game stops at its first divergence.
 */
import { COMPUTER, EMPTY, formatCell, Game, NO_CELL, type WhoStarts } from "../engine-ts/index.js";
import { compareStates, compareTables } from "../checks/compare.js";
import { MismatchError, ProgramChecker, type CheckerTime } from "../checks/checker.js";
import { cellToScreen, readBodovani, type GameState } from "../guest/game-view.js";
import { BadMoveError } from "../checks/inspect.js";
import { scalarDiff } from "../checks/diff-types.js";
import type { StormTurn } from "./policies.js";
import { createOpponent, type Opponent } from "./policy-registry.js";
import { StartStallError, type FailedStart, type GameSession, type MoveTiming } from "../guest/session.js";
import type { MouseSetUp } from "../program-ts/index.js";
import { costTracker, emptyCost } from "./stats.js";
import { performEscape, performMove, performNoise } from "./storm.js";
import { performMenuNoise, playSetUp, type SetUpResult } from "./sweep-run.js";
import type { GameOutcome, GameSpec, Mismatch, StormCounts } from "./model.js";

/** Creates the reference game for a seed; tests pass one that corrupts a state or a table. */
export type EngineFactory = (seed: number, whoStarts: WhoStarts) => Game;

export const defaultEngine: EngineFactory = (seed, whoStarts) => Game.newGame(seed, whoStarts);

export interface RunHooks {
  engine?: EngineFactory;
  /** After every checked computer move. */
  onMove?: () => void;
  /** Longest wait for the program in one step of the storm policy (default DEFAULT_STEP_TIMEOUT_MS). */
  stepTimeoutMs?: number;
}

/** The CLI's default --timeout-ms. */
export const DEFAULT_STEP_TIMEOUT_MS = 20_000;

function emptyStormCounts(): StormCounts {
  return { wander: 0, click: 0, drag: 0, key: 0, between: 0, double: 0, escape: 0 };
}

/** A human turn: the cell played and how long the answer took, or why the game stops here. */
type Turn = { cell: number; timing: MoveTiming } | { stop: "escaped" | "no-move" | "mismatch" };

/**
 * The evaluator's state against the reference game the runner keeps (a test's EngineFactory may
 * corrupt it); the whole program against its model is the checker's, after every input.
 */
function check(session: GameSession, asm: GameState, engine: Game): Mismatch | undefined {
  const diffs = compareStates(asm, engine.state);
  return diffs.length === 0
    ? undefined
    : { ply: asm.moveCount, diffs, screen: [...session.machine.screen().lines] };
}

/**
 * The human's turn. A generated or replayed move is clicked on its cell (an occupied cell is refused
 * at once: the program would ignore the click and the wait would only time out). The storm policy's
 * noise comes first, each action followed by the full check (the state must not have changed), then
 * its move or Esc.
 */
async function humanTurn(
  session: GameSession,
  plan: number | undefined | StormTurn,
  engine: Game,
  outcome: GameOutcome,
  hooks: RunHooks,
): Promise<Turn> {
  if (typeof plan !== "object") {
    const cell = plan;
    if (cell === undefined) return { stop: "no-move" };
    // engine-ts's board is the asm's: the check after the last move found no difference.
    const stone = engine.state.plocha[cell];
    if (stone !== EMPTY) {
      const whose = stone === COMPUTER ? "the computer's" : "the human's";
      throw new BadMoveError(
        `move ${formatCell(cell)} (human move ${outcome.humanMoves.length + 1}) is on ${whose} stone`,
      );
    }
    outcome.humanMoves.push(cell);
    return { cell, timing: await session.humanMove(cell) };
  }
  const timeoutMs = hooks.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS;
  const turn = plan;
  const counts = (outcome.storm ??= emptyStormCounts());
  for (const noise of turn.noise) {
    counts[noise.kind]++;
    await performNoise(session, noise);
    // The checker has compared the whole program after the noise; a test's engine is compared here.
    if (engine === ProgramChecker.of(session)?.model.game) continue;
    outcome.mismatch = check(session, session.readState(), engine);
    if (outcome.mismatch) return { stop: "mismatch" };
  }
  if (turn.escape) {
    counts.escape++;
    await performEscape(session, timeoutMs);
    return { stop: "escaped" };
  }
  if (turn.move.double) counts.double++;
  if (turn.move.at.col !== cellToScreen(session.layout.geometry, turn.move.cell).col) counts.between++;
  outcome.humanMoves.push(turn.move.cell);
  return { cell: turn.move.cell, timing: await performMove(session, turn.move, timeoutMs) };
}

/** How a game began: its first state, the reference game, and what the opening already found. */
interface Opening extends Omit<SetUpResult, "computerMove"> {
  /** The computer's stones so far (set-up stones are not its moves). */
  computerMoves: number[];
}

/**
 * The opening's check with the score tables compared word for word: a table word that no board of
 * the game reaches would otherwise never be seen (its mutants survived every game).
 */
function withTables(session: GameSession, opening: Opening): Opening {
  const diffs = compareTables(readBodovani(session.machine.memory, session.layout), opening.engine.bodovani);
  if (diffs.length === 0) return opening;
  const mismatch = opening.mismatch ?? {
    ply: opening.asm.moveCount,
    diffs: [],
    screen: [...session.machine.screen().lines],
  };
  return { ...opening, mismatch: { ...mismatch, diffs: [...mismatch.diffs, ...diffs] } };
}

/**
 * The game of the checker's model when the checker follows the program (no mismatch has stopped it):
 * it plays every click already, so the runner needs no second engine-ts game of its own.
 */
function modelGame(session: GameSession): Game | undefined {
  const checker = ProgramChecker.of(session);
  return checker && !checker.found ? checker.model.game : undefined;
}

/**
 * From the menu to the first human turn: the policy's opening (menu noise, a seed, set-up) first (each
 * step checked), or simply the menu key of who starts.
 */
async function openGame(
  session: GameSession,
  spec: GameSpec,
  policy: Opponent,
  hooks: RunHooks,
): Promise<Opening> {
  const timeoutMs = hooks.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS;
  const opening = policy.opening?.(spec.index, session.layout.geometry);
  if (opening) await performMenuNoise(session, opening.menu, timeoutMs);
  const seed = opening?.seed ?? spec.seed;
  if (seed !== undefined && seed !== "counted") await session.useSeed(seed);
  if (opening?.setUp) {
    const setUp = await playSetUp(
      session,
      opening.setUp,
      (asm, engine) => check(session, asm, engine),
      timeoutMs,
    );
    return { ...setUp, computerMoves: setUp.computerMove === undefined ? [] : [setUp.computerMove] };
  }
  const asm = await session.startGame(spec.whoStarts);
  const engine =
    hooks.engine?.(asm.seed, spec.whoStarts) ?? modelGame(session) ?? defaultEngine(asm.seed, spec.whoStarts);
  const computerMoves = asm.lastPC === NO_CELL ? [] : [asm.lastPC];
  return { asm, engine, mismatch: check(session, asm, engine), escaped: false, computerMoves };
}

/**
 * The program's start checked alone, on a machine with `mouse`: the game `spec` is a mismatch before any
 * input when the program differs from the model there (its menu, or its exit without a mouse);
 * undefined when they agree. `stall`: what the program did instead of coming to its menu (absent: it
 * is at its menu).
 */
export function startOutcome(
  session: GameSession,
  stall: string | undefined,
  spec: GameSpec,
  settleTimeoutMs: number,
  mouse?: MouseSetUp,
): GameOutcome | undefined {
  const checker = ProgramChecker.attach(session, { settleTimeoutMs, sink: "throw", mouse });
  const mismatch = checker.startDiffers(stall);
  if (!mismatch) return undefined;
  return { ...noMovesOutcome(spec, session.readState().seed, emptyCost()), mismatch };
}

/**
 * A boot that failed to open a session (guest/session.ts StartStallError, HeaderMissingError): the game
 * `spec` as the mismatch of the program's start; undefined when the program does what the model does.
 */
export function failedStartOutcome(
  error: FailedStart,
  spec: GameSpec,
  settleTimeoutMs: number,
): GameOutcome | undefined {
  if (error instanceof StartStallError)
    return startOutcome(error.session, error.stall, spec, settleTimeoutMs);
  const mismatch = ProgramChecker.headerMissing(error.machine, error.stall, {});
  return { ...noMovesOutcome(spec, 0, emptyCost()), mismatch };
}

/**
 * A game that ended in a mismatch before any move was counted (its start, or its first input); with
 * its opening's result and moves, a game that begins.
 */
export function noMovesOutcome(spec: GameSpec, seed: number, cost: GameOutcome["cost"]): GameOutcome {
  return {
    spec,
    seed,
    result: "mismatch",
    humanMoves: [],
    computerMoves: [],
    checkedComputerMoves: 0,
    instructions: [],
    wallMs: 0,
    harnessMs: 0,
    cost,
  };
}

/** Plays one game from the menu and returns to the menu. */
export async function playGame(
  session: GameSession,
  spec: GameSpec,
  hooks: RunHooks = {},
): Promise<GameOutcome> {
  const started = performance.now();
  const tracker = costTracker(session.machine);
  const policy = createOpponent(spec);
  const game: GameInProgress = { spec, policy, tracker };
  const before: CheckerTime = { ...(ProgramChecker.of(session)?.spent ?? { modelMs: 0, compareMs: 0 }) };
  let outcome: GameOutcome;
  try {
    // A program that differs from its model at its start is a mismatch of this game too.
    const checker = ProgramChecker.for(session, {
      settleTimeoutMs: hooks.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS,
      sink: "throw",
    });
    checker.resume();
    outcome = await playChecked(session, hooks, game);
  } catch (error) {
    if (!(error instanceof MismatchError)) throw error;
    outcome = await mismatchOutcome(session, game, error);
  }
  tracker.finish();
  outcome.wallMs = performance.now() - started;
  // The checker's model plays each input (engine-ts's moves among them); its comparisons are checks.
  const spent = ProgramChecker.of(session)?.spent;
  if (spent) {
    outcome.cost.engineMs += spent.modelMs - before.modelMs;
    outcome.cost.checkMs += spent.compareMs - before.compareMs;
  }
  return outcome;
}

/** What playGame knows of the game while it runs, for an end by the checker. */
interface GameInProgress {
  spec: GameSpec;
  policy: Opponent;
  tracker: ReturnType<typeof costTracker>;
  /** Once the opening is done. */
  outcome?: GameOutcome;
  /** The asm's MoveCount before the human turn under way. */
  stonesBefore?: number;
}

/**
 * A game the checker ended: the program differs from its model after one of the inputs. The moves so
 * far (the one whose click showed the difference included) are kept for the report and its replay;
 * the program is taken back to its menu for the next game, and when it cannot be that is said too.
 */
async function mismatchOutcome(
  session: GameSession,
  game: GameInProgress,
  error: MismatchError,
): Promise<GameOutcome> {
  const { spec, policy, tracker } = game;
  const mismatch = error.mismatch;
  const outcome = game.outcome ?? noMovesOutcome(spec, session.readState().seed, tracker.cost);
  outcome.result = "mismatch";
  outcome.mismatch = mismatch;
  // The click that showed the difference may have been answered: that answer is part of the game.
  const asm = session.readState();
  if (game.stonesBefore !== undefined && asm.moveCount === ((game.stonesBefore + 2) & 0xffff)) {
    outcome.computerMoves.push(asm.lastPC);
    outcome.checkedComputerMoves++;
  }
  await policy.close?.();
  // A program that did not come to wait for input again would not take the key that leaves the game.
  const waits = !mismatch.diffs.some((d) => d.field === "Settle");
  if (waits) {
    try {
      await session.backToMenu();
    } catch (failure) {
      mismatch.diffs.push(
        scalarDiff(
          "Settle",
          `not back at the menu after the mismatch: ${(failure as Error).message.split("\n")[0]}`,
          "the menu",
        ),
      );
    }
  }
  return outcome;
}

async function playChecked(
  session: GameSession,
  hooks: RunHooks,
  game: GameInProgress,
): Promise<GameOutcome> {
  const { spec, policy, tracker } = game;
  // The score tables are compared at once.
  const opened = withTables(session, await openGame(session, spec, policy, hooks));
  const engine = opened.engine;
  let mark = performance.now();
  const outcome: GameOutcome = {
    ...noMovesOutcome(spec, opened.asm.seed, tracker.cost),
    result: opened.escaped ? "escaped" : "playing",
    computerMoves: opened.computerMoves,
    checkedComputerMoves: opened.computerMoves.length,
    mismatch: opened.mismatch,
  };
  game.outcome = outcome;
  if (outcome.checkedComputerMoves > 0) hooks.onMove?.();
  while (!outcome.mismatch && !opened.escaped && engine.result === "playing") {
    if (outcome.checkedComputerMoves >= spec.maxComputerMoves) {
      outcome.result = "capped";
      break;
    }
    const plan = await tracker.timeAsync("policyMs", () =>
      policy.turn(engine.state.plocha, session.layout.geometry),
    );
    outcome.harnessMs += performance.now() - mark;
    const stonesBefore = session.moveCount();
    game.stonesBefore = stonesBefore;
    const turn = await humanTurn(session, plan, engine, outcome, hooks);
    // The turn is recorded below: a mismatch found later (leaving the game) must not record it again.
    game.stonesBefore = undefined;
    mark = performance.now();
    if ("stop" in turn) {
      if (turn.stop === "escaped") outcome.result = "escaped";
      break;
    }
    const { cell, timing } = turn;
    // The model has played the click already when the engine is its game.
    const separate = engine !== ProgramChecker.of(session)?.model.game;
    if (separate) tracker.time("engineMs", () => engine.humanMove(cell));
    // Two words of the state tell the answer; the whole state is read only for a separate engine's
    // check (the checker has compared every byte already).
    const answered = session.moveCount() === ((stonesBefore + 2) & 0xffff);
    if (answered) {
      outcome.computerMoves.push(session.lastPC());
      outcome.checkedComputerMoves++;
      outcome.instructions.push(timing.instructions);
    }
    if (separate)
      outcome.mismatch = tracker.time("checkMs", () => check(session, session.readState(), engine));
    if (answered) hooks.onMove?.();
  }
  if (outcome.mismatch) outcome.result = "mismatch";
  else if (outcome.result === "playing") outcome.result = engine.result;
  outcome.harnessMs += performance.now() - mark;
  await policy.close?.();
  await session.backToMenu();
  return outcome;
}
