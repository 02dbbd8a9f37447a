/**
 * One arena game between two Engines: the opening's stones are given to each engine as a position
 * (the protocol's BOARD) when it first has to move, then the moves are passed on one by one (TURN).
 * The arena keeps its own board: an occupied or off-board answer, an engine error (a crash, a refusal)
 * or a move slower than the time limit plus the tolerance loses the game; five or more in a row wins;
 * a full board is a draw.
 */
import { Board, OPP, OWN } from "../engines/common/board.js";
import {
  DEFAULT_TOLERANCE_MS,
  EngineError,
  RULE_FREESTYLE,
  type Engine,
  type Point,
  type PositionStone,
} from "../engines/engine.js";
import type { RecordMove } from "../records/game-record.js";

export interface GameSetup {
  readonly size: number;
  /** Stones placed before the engines move, first player's first (Gomocup coordinates). */
  readonly opening: readonly Point[];
  /** Time per move, ms (0: the engines answer at once, no limit enforced). */
  readonly turnMs: number;
  readonly toleranceMs?: number;
  /** Seeds of the two engines' randomness: first player, second player. */
  readonly seeds: readonly [number, number];
}

export type GameEnd = "five" | "draw" | "error" | "illegal" | "time";

/** The reason of a game a player lost because it could not start (its program failed to launch...). */
export const COULD_NOT_START = "could not start the game";

export interface PlayedGame {
  /** 0: the first player won, 1: the second, undefined: a draw. */
  readonly winner: 0 | 1 | undefined;
  readonly end: GameEnd;
  /** A sentence saying how the game ended (the engine's error message included). */
  readonly reason: string;
  /** Every stone in order, the opening's first (their timeMs is 0). */
  readonly moves: readonly RecordMove[];
}

function describe(error: unknown): string {
  if (error instanceof EngineError) return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export async function playArenaGame(
  players: readonly [Engine, Engine],
  names: readonly [string, string],
  setup: GameSetup,
): Promise<PlayedGame> {
  const tolerance = setup.toleranceMs ?? DEFAULT_TOLERANCE_MS;
  const board = new Board(setup.size);
  const moves: RecordMove[] = [];
  const stoneOf = (index: number): typeof OWN | typeof OPP => (index % 2 === 0 ? OWN : OPP);
  for (const p of setup.opening) {
    if (!board.inside(p.x, p.y) || board.cells[board.cell(p)] !== 0)
      throw new Error(`opening stone ${p.x},${p.y} is off the board or repeated`);
    board.place(board.cell(p), stoneOf(board.stones));
    moves.push({ x: p.x, y: p.y, timeMs: 0 });
  }
  const lose = (side: 0 | 1, end: GameEnd, why: string): PlayedGame => ({
    winner: side === 0 ? 1 : 0,
    end,
    reason: `${names[side]} ${why}`,
    moves,
  });
  for (const side of [0, 1] as const) {
    try {
      await players[side].newGame({ size: setup.size, rule: RULE_FREESTYLE, seed: setup.seeds[side] });
    } catch (error) {
      return lose(side, "error", `${COULD_NOT_START}: ${describe(error)}`);
    }
  }
  const synced = [false, false];
  while (!board.isFull()) {
    const side = (board.stones % 2) as 0 | 1;
    const engine = players[side];
    let at: Point;
    const started = performance.now();
    try {
      if (!synced[side]) {
        if (board.stones > 0) {
          const stones: PositionStone[] = board.history.map((cell, i) => ({
            at: board.point(cell),
            own: i % 2 === side,
          }));
          await engine.setPosition(stones);
        }
        synced[side] = true;
      } else {
        await engine.opponentMove(board.point(board.history[board.history.length - 1]));
      }
      at = await engine.ownMove({ turnMs: setup.turnMs });
    } catch (error) {
      return lose(side, "error", `failed: ${describe(error)}`);
    }
    const took = performance.now() - started;
    if (!board.inside(at.x, at.y) || board.cells[board.cell(at)] !== 0) {
      return lose(side, "illegal", `played ${at.x},${at.y}, which is off the board or occupied`);
    }
    if (setup.turnMs > 0 && took > setup.turnMs + tolerance) {
      return lose(
        side,
        "time",
        `took ${Math.round(took)} ms, over the ${setup.turnMs} ms limit (+${tolerance} ms tolerance)`,
      );
    }
    const cell = board.cell(at);
    board.place(cell, stoneOf(board.stones));
    moves.push({ x: at.x, y: at.y, timeMs: Math.round(took) });
    if (board.makesFive(cell))
      return { winner: side, end: "five", reason: `${names[side]} made five`, moves };
  }
  return { winner: undefined, end: "draw", reason: "the board is full", moves };
}
