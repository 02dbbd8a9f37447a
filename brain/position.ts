/**
 * The position as the protocol layer knows it: which cells hold the brain's and the opponent's stones,
 * in the order they came. It checks every move and every BOARD before an engine sees it, so bad input
 * gets an ERROR and leaves both this board and the engine as they were.
 */
import type { Point, PositionStone, RuleMask } from "../engines/engine.js";
import { Board, EMPTY, OPP, OWN } from "../engines/common/board.js";

/** BOARD's field values (protocl2en.htm): 1 own stone, 2 opponent's, 3 a stone of a continuous game's winning line. */
export const FIELD_OWN = 1;
export const FIELD_OPPONENT = 2;
export const FIELD_CONTINUOUS = 3;

export type Winner = "brain" | "opponent";

export class BrainBoard {
  private readonly board: Board;
  private won: Winner | undefined;

  constructor(
    readonly size: number,
    readonly rule: RuleMask,
  ) {
    this.board = new Board(size, rule);
  }

  /** The stones in the order they came. */
  get stones(): readonly PositionStone[] {
    const { board } = this;
    return board.history.map((cell) => ({ at: board.point(cell), own: board.cells[cell] === OWN }));
  }

  /** Who has won under the rule (five or more in a row; exactly five), if anyone. */
  get winner(): Winner | undefined {
    return this.won;
  }

  /** Why no stone may come any more: a five on the board, or every cell taken (a draw). */
  get gameOver(): string | undefined {
    if (this.won)
      return `the game is over: ${this.won === "brain" ? "the brain" : "the opponent"} has five in a row`;
    return this.board.isFull() ? "the game is over: the board is full (a draw)" : undefined;
  }

  /** Why a stone cannot go to `at` (off the board, occupied, game over), or undefined. */
  problemAt(at: Point): string | undefined {
    return this.cellProblem(at) ?? this.gameOver;
  }

  /** Why `at` can take no stone: off the board or occupied (undefined: it can). */
  cellProblem(at: Point): string | undefined {
    if (at.x >= this.size || at.y >= this.size)
      return `${at.x},${at.y} is off the ${this.size}x${this.size} board (0..${this.size - 1})`;
    if (this.board.cells[this.board.cell(at)] !== EMPTY) return `${at.x},${at.y} is occupied`;
    return undefined;
  }

  /** Places a stone that problemAt() accepted. */
  place(at: Point, own: boolean): void {
    const cell = this.board.cell(at);
    this.board.place(cell, own ? OWN : OPP);
    if (this.board.makesFive(cell)) this.won = own ? "brain" : "opponent";
  }

  /** Why `at` cannot be taken back (TAKEBACK removes the last stone only), or undefined. */
  takeBackProblem(at: Point): string | undefined {
    const last = this.board.history.at(-1);
    if (last === undefined) return "the board is empty";
    const { x, y } = this.board.point(last);
    if (x !== at.x || y !== at.y) return `${at.x},${at.y} is not the last stone (${x},${y} is)`;
    return undefined;
  }

  /** Removes the last stone (after takeBackProblem() accepted it). */
  removeLast(): void {
    const last = this.board.history.at(-1);
    if (last === undefined) return;
    this.board.removeLast(last);
    this.judge();
  }

  /** Who has won on the board as it is (the order of the stones aside). */
  judge(): void {
    this.won = undefined;
    for (const cell of this.board.history)
      if (this.board.makesFive(cell)) this.won = this.board.cells[cell] === OWN ? "brain" : "opponent";
  }
}

/**
 * The board of a BOARD ... DONE block, or why it is impossible: a field other than 1 and 2, a cell off
 * the board or given twice, stone counts that no alternating game with the brain to move can have
 * (the brain has as many stones as the opponent, or one fewer), or a five already on the board.
 */
export function boardFromLines(
  size: number,
  rule: RuleMask,
  lines: readonly { at: Point; field: number }[],
): BrainBoard | string {
  const board = new BrainBoard(size, rule);
  let own = 0;
  for (const { at, field } of lines) {
    if (field === FIELD_CONTINUOUS)
      return `field 3 at ${at.x},${at.y}: continuous games are not played by this brain`;
    if (field !== FIELD_OWN && field !== FIELD_OPPONENT)
      return `field ${field} at ${at.x},${at.y} is not 1 (own) or 2 (opponent)`;
    const problem = board.cellProblem(at);
    if (problem) return problem;
    board.place(at, field === FIELD_OWN);
    if (field === FIELD_OWN) own++;
  }
  // Judged as a whole: under the standard rule five stones of a six placed first are no five.
  board.judge();
  if (board.winner) return "the position already has five in a row";
  const opponent = lines.length - own;
  if (own !== opponent && own !== opponent - 1) {
    return `${own} own and ${opponent} opponent stones: with the brain to move it has as many stones as the opponent, or one fewer`;
  }
  return board;
}
