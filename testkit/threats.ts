/**
 * Threat facts of a gomoku position read from the stones alone, never from the evaluator's tables: the
 * cells where a side makes five, its wins in two (one stone that threatens five on two cells, which
 * no single stone stops) and its forks (one stone after which it wins whatever single stone answers).
 * The checker of the computer's decisions (testkit/blunders.ts) is built on them, so it judges the
 * evaluator by what happens on the board, not by the values of docs/evaluator.md 7.
 *
 * Static, like the rules it checks: the opponent's answers are its forced block of a four and single
 * stones near the threat; counter-fours elsewhere are not searched.
 */
import { AXES, BOARD_SIZE, EMPTY, opponent, type Side } from "../engine-ts/index.js";

/** Stones in a row that win (overlines win too, evaluator.md 5). */
const FIVE = 5;
/** A stone changes the five cells of a line at most this far from it. */
const REACH = 4;
/** The neighbour table reaches this far: the answers near a threat (REACH + 1), and a run of four. */
const SPAN = REACH + 1;
const WIDTH = 2 * SPAN + 1;

/**
 * For every cell and axis, the cells at offsets -SPAN..SPAN along the axis (-1 off the board): entry
 * ((cell * 4 + axis) * WIDTH + d + SPAN). Made once per board size.
 */
const neighbourTables = new Map<number, Int16Array>();

function neighbours(size: number): Int16Array {
  let table = neighbourTables.get(size);
  if (table) return table;
  table = new Int16Array(size * size * 4 * WIDTH);
  for (let cell = 0; cell < size * size; cell++) {
    for (let axis = 0; axis < 4; axis++) {
      for (let d = -SPAN; d <= SPAN; d++) {
        const r = Math.floor(cell / size) + d * AXES[axis].dr;
        const c = (cell % size) + d * AXES[axis].dc;
        table[(cell * 4 + axis) * WIDTH + d + SPAN] =
          r < 0 || r >= size || c < 0 || c >= size ? -1 : r * size + c;
      }
    }
  }
  neighbourTables.set(size, table);
  return table;
}

/** How a win in two is made: by the shape on one line, or by fours on two axes. */
export type WinInTwoShape = "open_four" | "line_double_four" | "long_line_double_four" | "four_four";

export interface WinInTwo {
  /** The stone that makes the two threats. */
  cell: number;
  shape: WinInTwoShape;
}

/** A position to read: the board (changed only for a moment, and restored) and its size. */
export class ThreatBoard {
  private readonly table: Int16Array;

  constructor(
    readonly plocha: Uint8Array,
    readonly size = BOARD_SIZE,
  ) {
    this.table = neighbours(size);
  }

  /** The cell `d` (-5..5) steps from `cell` along `axis`, or -1 off the board. */
  step(cell: number, axis: number, d: number): number {
    return this.table[(cell * 4 + axis) * WIDTH + d + SPAN];
  }

  /** Stones of `side` in a row from `cell` (not counted) going `sign` along `axis`, at most four. */
  private run(cell: number, axis: number, sign: 1 | -1, side: Side): number {
    let n = 0;
    while (n < FIVE - 1) {
      const at = this.step(cell, axis, sign * (n + 1));
      if (at < 0 || this.plocha[at] !== side) break;
      n++;
    }
    return n;
  }

  /** Whether a stone of `side` on the empty `cell` makes five or more along `axis`. */
  makesFiveAlong(cell: number, axis: number, side: Side): boolean {
    return 1 + this.run(cell, axis, 1, side) + this.run(cell, axis, -1, side) >= FIVE;
  }

  makesFive(cell: number, side: Side): boolean {
    if (this.plocha[cell] !== EMPTY) return false;
    for (let axis = 0; axis < 4; axis++) if (this.makesFiveAlong(cell, axis, side)) return true;
    return false;
  }

  /** Every empty cell where `side` makes five. */
  fiveCells(side: Side): number[] {
    return this.candidates(side, FIVE - 1).filter((cell) => this.makesFive(cell, side));
  }

  /** The offsets d (-REACH..REACH, ascending) along `axis` from `cell` of the five cells of `side` there. */
  fivesAlong(cell: number, axis: number, side: Side): number[] {
    const out: number[] = [];
    for (let d = -REACH; d <= REACH; d++) {
      const at = d === 0 ? -1 : this.step(cell, axis, d);
      if (at >= 0 && this.plocha[at] === EMPTY && this.makesFiveAlong(at, axis, side)) out.push(d);
    }
    return out;
  }

  /** Runs `look` with a stone of `side` on the empty `cell`, then takes the stone away again. */
  with<T>(cell: number, side: Side, look: () => T): T {
    this.plocha[cell] = side;
    try {
      return look();
    } finally {
      this.plocha[cell] = EMPTY;
    }
  }

  /**
   * What a stone of `side` on the empty `cell` makes, for a side with no five cell before it: a win in
   * two when two or more cells then make five, with its shape, else undefined.
   */
  winInTwoAt(cell: number, side: Side): WinInTwo | undefined {
    if (this.plocha[cell] !== EMPTY) return undefined;
    return this.with(cell, side, () => {
      // Fives on two axes are two cells (lines of two axes through `cell` meet only there): a fork.
      const axes = [0, 1, 2, 3]
        .map((axis) => this.fivesAlong(cell, axis, side))
        .filter((ds) => ds.length > 0);
      if (axes.length >= 2) return { cell, shape: "four_four" };
      const line = axes.length === 1 ? axes[0] : [];
      if (line.length < 2) return undefined;
      return { cell, shape: lineShape(line[line.length - 1] - line[0]) };
    });
  }

  /** Empty cells with at least `stones` stones of `side` within REACH on one axis: where threats start. */
  candidates(side: Side, stones: number): number[] {
    const out: number[] = [];
    for (let cell = 0; cell < this.plocha.length; cell++) {
      if (this.plocha[cell] !== EMPTY) continue;
      for (let axis = 0; axis < 4; axis++) {
        let n = 0;
        for (let d = -REACH; d <= REACH; d++) {
          const at = d === 0 ? -1 : this.step(cell, axis, d);
          if (at >= 0 && this.plocha[at] === side) n++;
        }
        if (n >= stones) {
          out.push(cell);
          break;
        }
      }
    }
    return out;
  }

  /** Every stone of `side` that makes a win in two (for a side with no five cell). */
  winsInTwo(side: Side): WinInTwo[] {
    const out: WinInTwo[] = [];
    for (const cell of this.candidates(side, 3)) {
      const win = this.winInTwoAt(cell, side);
      if (win) out.push(win);
    }
    return out;
  }
}

/**
 * The shape of five cells on one line, the outermost `span` steps apart: 5 `.XXXX.` (an open four),
 * 4 `X.XXX.X` (the line double four of evaluator.md 7.1), 3 or 2 `XX.XX.XX`, `XXX.X.XXX` (longer than
 * any window).
 */
function lineShape(span: number): WinInTwoShape {
  return span >= FIVE ? "open_four" : span === REACH ? "line_double_four" : "long_line_double_four";
}

/** A stone that wins at once, or makes a win in two. */
export type WinningStone = WinInTwo | { cell: number; shape: "five" };

/**
 * How `side`, to move, wins within its next two stones: its five cells, or the stones that give it two
 * five cells (only the forced block when the opponent has exactly one five cell). Empty when it does
 * not, also when the opponent has two five cells (the opponent wins first).
 */
export function winsWithinTwo(board: ThreatBoard, side: Side): WinningStone[] {
  const fives = board.fiveCells(side);
  if (fives.length > 0) return fives.map((cell) => ({ cell, shape: "five" }));
  const theirs = board.fiveCells(opponent(side));
  if (theirs.length >= 2) return [];
  if (theirs.length === 1) {
    const block = board.winInTwoAt(theirs[0], side);
    return block ? [block] : [];
  }
  return board.winsInTwo(side);
}

/** Forks: a four whose forced block leaves a win in two (4+3), or threats no single stone stops (3+3). */
export type ForkShape = "4_3" | "3_3";

/** The empty cells on the axes of `cell` within REACH + 1: the answers that can stop its threats. */
function nearAnswers(board: ThreatBoard, cell: number): number[] {
  const out: number[] = [];
  for (let axis = 0; axis < 4; axis++) {
    for (let d = -REACH - 1; d <= REACH + 1; d++) {
      const at = d === 0 ? -1 : board.step(cell, axis, d);
      if (at >= 0 && board.plocha[at] === EMPTY) out.push(at);
    }
  }
  return out;
}

/** The axes of `cell` with two or more other stones of `side` within REACH: a threat needs three. */
function busyAxes(board: ThreatBoard, cell: number, side: Side): number {
  let n = 0;
  for (let axis = 0; axis < 4; axis++) {
    let stones = 0;
    for (let d = -REACH; d <= REACH; d++) {
      const at = d === 0 ? -1 : board.step(cell, axis, d);
      if (at >= 0 && board.plocha[at] === side) stones++;
    }
    if (stones >= 2) n++;
  }
  return n;
}

/** The axes of `cell` (holding a stone of `side`) on which one more stone within REACH gives two five cells there. */
function threatAxes(board: ThreatBoard, cell: number, side: Side): number {
  let n = 0;
  for (let axis = 0; axis < 4; axis++) {
    for (let d = -REACH; d <= REACH; d++) {
      const at = d === 0 ? -1 : board.step(cell, axis, d);
      if (at < 0 || board.plocha[at] !== EMPTY) continue;
      if (board.with(at, side, () => board.fivesAlong(at, axis, side).length >= 2)) {
        n++;
        break;
      }
    }
  }
  return n;
}

/**
 * Whether a stone of `side` on the empty `cell` is a fork, for a side to move that has no win within
 * two and an opponent without a five cell. 4+3: the stone makes exactly one five cell and after the
 * opponent's block there `side` still wins within two. 3+3: it makes no five cell, threats on two axes,
 * and every opponent stone near them leaves `side` a win within two.
 */
export function forkAt(board: ThreatBoard, cell: number, side: Side): ForkShape | undefined {
  const them = opponent(side);
  return board.with(cell, side, () => {
    const fives = [0, 1, 2, 3].flatMap((axis) =>
      board.fivesAlong(cell, axis, side).map((d) => board.step(cell, axis, d)),
    );
    const distinct = [...new Set(fives)];
    if (distinct.length >= 2) return undefined;
    if (distinct.length === 1) {
      return board.with(distinct[0], them, () => winsWithinTwo(board, side).length > 0) ? "4_3" : undefined;
    }
    if (busyAxes(board, cell, side) < 2 || threatAxes(board, cell, side) < 2) return undefined;
    const stopped = nearAnswers(board, cell).some((answer) =>
      board.with(answer, them, () => winsWithinTwo(board, side).length === 0),
    );
    return stopped ? undefined : "3_3";
  });
}

/** The forks `side` (to move) has, 4+3 before 3+3; empty when none. */
export function forks(board: ThreatBoard, side: Side): Array<{ cell: number; shape: ForkShape }> {
  const out: Array<{ cell: number; shape: ForkShape }> = [];
  for (const cell of board.candidates(side, 2)) {
    const shape = forkAt(board, cell, side);
    if (shape) out.push({ cell, shape });
  }
  return out.sort((a, b) => (a.shape === b.shape ? 0 : a.shape === "4_3" ? -1 : 1));
}
