/**
 * pela's look-ahead (piskasm's addition to seed 002): a negamax alpha-beta search, a few moves deep,
 * that chooses among cells the threat searches already found safe. It sees what those searches do
 * not: a quiet reply that prepares two threats at once, and the open threes and fours a side can
 * still make after the other side's answer.
 *
 * At each position, for the side to move (from one scan of the cells near the stones):
 *   - a cell that makes five: a win;
 *   - two cells where the other side makes five: a loss; one: the only move is to block it (this
 *     costs no depth: the line of play is forced);
 *   - a cell that makes an open four or two fours while the other side has no four to answer with: a
 *     win in two moves;
 *   - the other side can make an open four or two fours (it has an open three): the moves are the
 *     cells where it would make any four (they stop the three) and the mover's own fours;
 *   - otherwise the WIDTH best cells by pela's attack + defence value.
 * At depth 0 a position is worth the summed cell values of the side to move minus the other's
 * (OPP_WEIGHT), an open three of the other side's counting as a threat the mover must answer.
 * Iterative deepening by two plies while the node budget and the clock allow; the scores of the
 * deepest finished iteration count.
 */
import { other, type Stone } from "../common/board.js";
import type { ShapeBoard } from "./shape-board.js";
import { cellValue, combined } from "./values.js";
import { pastDeadline, type VcfLimits } from "./vcf.js";

/** The deadline and stop as the threat searches' (the last finished iteration counts). */
export interface LookaheadLimits extends Pick<VcfLimits, "deadlineMs" | "stop"> {
  /** Deepest iteration, in plies (own and opponent's moves). */
  readonly maxDepth: number;
  /** Cells tried per position when nothing is forced. */
  readonly width: number;
  /** Positions visited, summed over the iterations. */
  readonly maxNodes: number;
}

export interface LookaheadResult {
  /** The candidates' scores from the deepest finished iteration, in the order given. */
  readonly scores: readonly number[];
  /** Depth of that iteration (0: none finished; the scores are then all 0). */
  readonly depth: number;
  readonly nodes: number;
}

/** A won position's score; a win found sooner scores more (WIN - plies). */
export const WIN = 1_000_000;
/** The other side's cell values count this much against the mover's own (the mover moves first). */
const OPP_WEIGHT = 1.2;
/** Forced blocks of a five do not cost depth; this caps the plies a line of play may reach. */
const MAX_PLY = 24;
/** At depth 0, an open three of the other side's costs the mover this much (it must answer it). */
const THREATENED = 1000;
/**
 * Past the search's depth, the mover may still play up to this many fours in a line of play (each
 * answered by the forced block) before the position is valued: the fours that end in an open four, a
 * double four or a four and an open three are seen.
 */
const QUIESCENCE_FOURS = 3;
const MINE = 1;
const THEIRS = 2;
const CLOCK_EVERY = 64;
/** Root scores this close to the best so far are searched exactly (scores are sums of cell values). */
const TIE = 1;

class OutOfBudget extends Error {}

interface Scan {
  /** A cell where the mover makes five, or -1. */
  readonly five: number;
  /** The cells where the other side makes five. */
  readonly blocks: readonly number[];
  /** A cell where the mover makes an open four or two fours, or -1. */
  readonly winInTwo: number;
  /** True when the other side can make an open four or two fours somewhere. */
  readonly threatened: boolean;
  /** True when the other side can make a four somewhere (it could answer an open four with fours). */
  readonly foeFour: boolean;
  /** How many empty cells near the stones the ply's buffers hold (cells, values, fours). */
  readonly count: number;
  /** The ply's buffers: the cells, per cell the mover's attack + defence value, and MINE when the mover makes a four there, THEIRS when the other side does (bits). */
  readonly cells: Int32Array;
  readonly values: Float64Array;
  readonly fours: Uint8Array;
  readonly eval: number;
}

class Lookahead {
  nodes = 0;
  /**
   * Per ply, the scan's buffers, reused by every position at that ply: a search visits thousands of
   * positions, and arrays allocated per position kept the garbage collector's threads busy enough to
   * take a third more processor time than the move's own (pela's per-move time test caught it).
   */
  private readonly buffers: { cells: Int32Array; values: Float64Array; fours: Uint8Array }[] = [];

  constructor(
    private readonly board: ShapeBoard,
    private readonly limits: LookaheadLimits,
  ) {
    const n = board.cells.length;
    for (let ply = 0; ply <= MAX_PLY; ply++)
      this.buffers.push({ cells: new Int32Array(n), values: new Float64Array(n), fours: new Uint8Array(n) });
  }

  private scan(mover: Stone, ply: number): Scan {
    const foe = other(mover);
    const { cells, values, fours } = this.buffers[ply];
    const count = this.board.nearCellsInto(cells);
    let five = -1;
    let winInTwo = -1;
    let threatened = false;
    let foeFour = false;
    const blocks: number[] = [];
    let score = 0;
    for (let i = 0; i < count; i++) {
      const c = cells[i];
      const mine = this.board.fourKind(c, mover);
      const theirs = this.board.fourKind(c, foe);
      if (mine === 3 && five < 0) five = c;
      if (mine === 2 && winInTwo < 0) winInTwo = c;
      if (theirs === 3) blocks.push(c);
      if (theirs === 2) threatened = true;
      if (theirs >= 1) foeFour = true;
      const attack = cellValue(this.board, c, mover);
      const defence = cellValue(this.board, c, foe);
      values[i] = combined(attack, defence);
      fours[i] = (mine >= 1 ? MINE : 0) | (theirs >= 1 ? THEIRS : 0);
      score += attack - OPP_WEIGHT * defence;
    }
    return { five, blocks, winInTwo, threatened, foeFour, count, cells, values, fours, eval: score };
  }

  private spend(): void {
    this.nodes++;
    if (this.nodes > this.limits.maxNodes || (this.nodes % CLOCK_EVERY === 0 && pastDeadline(this.limits))) {
      throw new OutOfBudget();
    }
  }

  /**
   * The `width` cells of the scan with the highest values, best first; with a `fours` mask (MINE,
   * THEIRS), only the cells where those sides make a four.
   */
  private best(s: Scan, fours: number): number[] {
    const width = this.limits.width;
    const top: number[] = [];
    const topValues: number[] = [];
    for (let i = 0; i < s.count; i++) {
      if (fours !== 0 && (s.fours[i] & fours) === 0) continue;
      const v = s.values[i];
      if (top.length === width && v <= topValues[width - 1]) continue;
      let at = Math.min(top.length, width - 1);
      while (at > 0 && topValues[at - 1] < v) {
        top[at] = top[at - 1];
        topValues[at] = topValues[at - 1];
        at--;
      }
      top[at] = s.cells[i];
      topValues[at] = v;
    }
    return top;
  }

  /** The score of the position for `mover`, searched `depth` plies deep. */
  negamax(mover: Stone, depth: number, ply: number, alpha: number, beta: number): number {
    this.spend();
    const s = this.scan(mover, ply);
    if (s.five >= 0) return WIN - ply;
    if (s.blocks.length >= 2) return -(WIN - ply - 1);
    if (!s.foeFour && s.winInTwo >= 0) return WIN - ply - 2;
    let moves: readonly number[];
    let next = depth - 1;
    let bestScore = -WIN;
    if (ply >= MAX_PLY) return s.eval;
    if (s.blocks.length === 1) {
      moves = s.blocks;
      next = depth;
    } else if (depth <= 0) {
      const standPat = s.threatened ? s.eval - THREATENED : s.eval;
      if (s.threatened || depth <= -QUIESCENCE_FOURS || standPat >= beta) return standPat;
      moves = this.best(s, MINE);
      if (moves.length === 0) return standPat;
      bestScore = standPat;
      if (standPat > alpha) alpha = standPat;
    } else if (s.threatened) {
      moves = this.best(s, MINE | THEIRS);
    } else {
      moves = this.best(s, 0);
    }
    for (const m of moves) {
      this.board.put(m, mover);
      const v = -this.negamax(other(mover), next, ply + 1, -beta, -alpha);
      this.board.take(m);
      if (v > bestScore) bestScore = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return bestScore;
  }
}

/**
 * The look-ahead scores (for `mover`) of playing each of `candidates` (empty cells), from the deepest
 * iteration (2, 4, ... plies) that finished within the limits. Alpha-beta runs across the candidates
 * too: a score within TIE of the best so far is exact, a lower one is only an upper bound (the
 * candidate is at most that good), so the candidates that share the best score are exactly the best.
 * The board is restored before it returns.
 */
export function lookahead(
  board: ShapeBoard,
  mover: Stone,
  candidates: readonly number[],
  limits: LookaheadLimits,
): LookaheadResult {
  const search = new Lookahead(board, limits);
  let scores: number[] = candidates.map(() => 0);
  let depth = 0;
  for (let d = 2; d <= limits.maxDepth; d += 2) {
    const history = board.history.length;
    try {
      let alpha = -WIN;
      const iteration = candidates.map((c) => {
        board.put(c, mover);
        const v = -search.negamax(other(mover), d - 1, 1, -WIN, TIE - alpha);
        board.take(c);
        if (v > alpha) alpha = v;
        return v;
      });
      scores = iteration;
      depth = d;
    } catch (e) {
      if (!(e instanceof OutOfBudget)) throw e;
      while (board.history.length > history) board.take(board.history[board.history.length - 1]);
      break;
    }
  }
  return { scores, depth, nodes: search.nodes };
}
