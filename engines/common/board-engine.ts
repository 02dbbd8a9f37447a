/**
 * The Engine (engines/engine.ts) of the built-in engines: the protocol's bookkeeping (new game, moves,
 * set-up positions, take-back, sizes 10..22, freestyle and standard rule) on a Board, the choice of a
 * move left to a Strategy. Deterministic: the strategy's random numbers come from the game's seed.
 * Under the standard rule the strategies still value six in a row as five; a choice that would make
 * only an overline (no win) is replaced here (overlineFree).
 */
import { Prng } from "../../util/prng.js";
import {
  cellOf,
  EngineError,
  type CellScores,
  type Engine,
  type EngineAbout,
  type GameSettings,
  type MoveLimits,
  type Point,
  type PositionStone,
} from "../engine.js";
import { ruleRefusal } from "../rules.js";
import { Board, EMPTY, OPP, OWN, type Stone } from "./board.js";

export const MIN_SIZE = 10;
export const MAX_SIZE = 22;
/** How far from the stones overlineFree looks for another cell first. */
const OVERLINE_FREE_RADIUS = 2;

/** What a strategy gets when it is asked for a move. */
export interface MoveContext {
  readonly rng: Prng;
  readonly limits: MoveLimits;
  /** performance.now() when the move was asked for. */
  readonly startedMs: number;
}

export interface Strategy {
  /** A new game starts on this (empty) board; set-up positions follow as placed() calls. */
  reset?(board: Board): void;
  /** A stone was placed on the board (already on it). */
  placed?(cell: number, stone: Stone): void;
  /** A stone was removed from the board (already off it). */
  removed?(cell: number, stone: Stone): void;
  /** The cell to play: empty, on the board. */
  choose(board: Board, context: MoveContext): number;
  /** Per-cell values of the current position, row-major. */
  scores?(board: Board): Float64Array;
}

export class BoardEngine implements Engine {
  private board: Board | undefined;
  private rng = new Prng(0);

  constructor(
    readonly about: EngineAbout,
    private readonly strategy: Strategy,
  ) {}

  refuse(settings: GameSettings): string | undefined {
    if (!Number.isInteger(settings.size) || settings.size < MIN_SIZE || settings.size > MAX_SIZE) {
      return `${this.about.name} plays boards of ${MIN_SIZE}x${MIN_SIZE} to ${MAX_SIZE}x${MAX_SIZE}, not ${settings.size}x${settings.size}`;
    }
    return ruleRefusal(settings.rule);
  }

  async newGame(settings: GameSettings): Promise<void> {
    const refusal = this.refuse(settings);
    if (refusal) throw new EngineError(refusal);
    this.board = new Board(settings.size, settings.rule);
    this.rng = new Prng(settings.seed);
    this.strategy.reset?.(this.board);
  }

  async opponentMove(at: Point): Promise<void> {
    this.put(this.cell(at), OPP);
  }

  async ownMove(limits: MoveLimits): Promise<Point> {
    const board = this.requireBoard();
    if (board.isFull()) throw new EngineError("the board is full");
    const chosen = this.strategy.choose(board, { rng: this.rng, limits, startedMs: performance.now() });
    const cell = board.cells[chosen] === EMPTY ? this.overlineFree(board, chosen) : chosen;
    if (board.cells[cell] !== EMPTY)
      throw new EngineError(`${this.about.name} chose the occupied cell ${cell}`);
    this.put(cell, OWN);
    return board.point(cell);
  }

  /**
   * `chosen`, or when it would make only an overline (standard rule: no win) a cell that does not: one
   * that wins if there is one, else the strategy's best-valued one (a random one without values) among
   * the cells near the stones. `chosen` stays when every empty cell makes an overline.
   */
  private overlineFree(board: Board, chosen: number): number {
    if (!board.makesOverlineOnly(chosen, OWN)) return chosen;
    const freeWithin = (radius: number): number[] =>
      board.cellsNearStones(radius).filter((cell) => !board.makesOverlineOnly(cell, OWN));
    const near = freeWithin(OVERLINE_FREE_RADIUS);
    const free = near.length > 0 ? near : freeWithin(board.size);
    if (free.length === 0) return chosen;
    const win = free.find((cell) => {
      board.cells[cell] = OWN;
      const wins = board.makesFive(cell);
      board.cells[cell] = EMPTY;
      return wins;
    });
    if (win !== undefined) return win;
    const values = this.strategy.scores?.(board);
    if (!values) return free[this.rng.below(free.length)];
    return free.reduce((best, cell) => (values[cell] > values[best] ? cell : best));
  }

  async setPosition(stones: readonly PositionStone[]): Promise<void> {
    const board = this.requireBoard();
    this.board = new Board(board.size, board.rule);
    this.strategy.reset?.(this.board);
    for (const s of stones) this.put(this.cell(s.at), s.own ? OWN : OPP);
  }

  async takeBack(at: Point): Promise<void> {
    const board = this.requireBoard();
    const cell = this.cell(at);
    if (board.history[board.history.length - 1] !== cell)
      throw new EngineError(`take-back of ${at.x},${at.y}, which is not the last stone`);
    const stone = board.cells[cell] as Stone;
    board.removeLast(cell);
    this.strategy.removed?.(cell, stone);
  }

  scores(): CellScores | undefined {
    if (!this.board || !this.strategy.scores) return undefined;
    return { size: this.board.size, values: this.strategy.scores(this.board) };
  }

  async close(): Promise<void> {}

  private requireBoard(): Board {
    if (!this.board) throw new EngineError(`${this.about.name}: no game started`);
    return this.board;
  }

  private cell(at: Point): number {
    return cellOf(at, this.requireBoard().size);
  }

  private put(cell: number, stone: Stone): void {
    const board = this.requireBoard();
    if (board.cells[cell] !== EMPTY) {
      const p = board.point(cell);
      throw new EngineError(`${p.x},${p.y} is occupied`);
    }
    board.place(cell, stone);
    this.strategy.placed?.(cell, stone);
  }
}
