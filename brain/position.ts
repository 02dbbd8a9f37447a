/**
 * The position as the protocol layer knows it: which cells hold the brain's and the opponent's stones,
 * in the order they came. It checks every move and every BOARD before an engine sees it, so bad input
 * gets an ERROR and leaves both this board and the engine as they were.
 */
import type { Point, PositionStone, RuleMask } from "../engines/engine.js";
import { EMPTY, OPP, OWN } from "../engines/common/board.js";
import { winsAt } from "../engines/rules.js";

/** BOARD's field values (protocl2en.htm): 1 own stone, 2 opponent's, 3 a stone of a continuous game's winning line. */
export const FIELD_OWN = 1;
export const FIELD_OPPONENT = 2;
export const FIELD_CONTINUOUS = 3;

export type Winner = "brain" | "opponent";

export class BrainBoard {
  private readonly cells: Uint8Array;
  private readonly placed: PositionStone[] = [];
  private won: Winner | undefined;

  constructor(
    readonly size: number,
    readonly rule: RuleMask,
  ) {
    this.cells = new Uint8Array(size * size);
  }

  get stones(): readonly PositionStone[] {
    return this.placed;
  }

  /** Every cell holds a stone (a draw when nobody has five). */
  get full(): boolean {
    return this.placed.length === this.size * this.size;
  }

  /** Who has won under the rule (five or more in a row; exactly five), if anyone. */
  get winner(): Winner | undefined {
    return this.won;
  }

  /** Why a stone cannot go to `at` (off the board, occupied, game over), or undefined. */
  problemAt(at: Point): string | undefined {
    const problem = this.cellProblem(at);
    if (problem) return problem;
    if (this.won)
      return `the game is over: ${this.won === "brain" ? "the brain" : "the opponent"} has five in a row`;
    return undefined;
  }

  /** Why `at` can take no stone: off the board or occupied (undefined: it can). */
  cellProblem(at: Point): string | undefined {
    if (at.x >= this.size || at.y >= this.size)
      return `${at.x},${at.y} is off the ${this.size}x${this.size} board (0..${this.size - 1})`;
    if (this.cells[this.index(at)] !== EMPTY) return `${at.x},${at.y} is occupied`;
    return undefined;
  }

  /** Places a stone that problemAt() accepted. */
  place(at: Point, own: boolean): void {
    const cell = this.index(at);
    this.cells[cell] = own ? OWN : OPP;
    this.placed.push({ at, own });
    if (winsAt(this.cells, this.size, cell, this.rule)) this.won = own ? "brain" : "opponent";
  }

  /** Why `at` cannot be taken back (TAKEBACK removes the last stone only), or undefined. */
  takeBackProblem(at: Point): string | undefined {
    const last = this.placed.at(-1);
    if (!last) return "the board is empty";
    if (last.at.x !== at.x || last.at.y !== at.y)
      return `${at.x},${at.y} is not the last stone (${last.at.x},${last.at.y} is)`;
    return undefined;
  }

  /** Removes the last stone (after takeBackProblem() accepted it). */
  removeLast(): void {
    const last = this.placed.pop();
    if (!last) return;
    this.cells[this.index(last.at)] = EMPTY;
    this.judge();
  }

  /** Who has won on the board as it is (the order of the stones aside). */
  judge(): void {
    this.won = undefined;
    for (const stone of this.placed) {
      if (winsAt(this.cells, this.size, this.index(stone.at), this.rule))
        this.won = stone.own ? "brain" : "opponent";
    }
  }

  private index(at: Point): number {
    return at.y * this.size + at.x;
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
