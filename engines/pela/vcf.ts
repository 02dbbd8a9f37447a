/**
 * pela's threat search (seed 002): a depth-first search for a win by continuous fours (VCF). The
 * attacker makes a four on every move, so the defender has one reply (the cell that stops the five)
 * and the number of lines stays small enough to try them all, up to a depth limit and a node budget.
 * A defender's reply that makes a four of his own must be answered by the attacker's next stone, which
 * then has to make a four too. With `doubleThrees`, a line of play may also end in a double open three
 * while the defender has no four.
 */
import { EMPTY, other, type Stone } from "../common/board.js";
import type { ShapeBoard } from "./shape-board.js";
import { cellValue } from "./values.js";

/** The search must end: its deadline has passed or its answer is no longer wanted. */
export function pastDeadline(limits: {
  readonly deadlineMs: number;
  readonly stop?: () => boolean;
}): boolean {
  return performance.now() > limits.deadlineMs || limits.stop?.() === true;
}

export interface VcfLimits {
  /** Most attacker fours in a line of play. */
  readonly maxDepth: number;
  /** Most positions visited. */
  readonly maxNodes: number;
  /** performance.now() after which the search gives up. */
  readonly deadlineMs: number;
  /** MoveLimits.stop: ends the search as the deadline does. */
  readonly stop?: () => boolean;
  /**
   * Also count as a win a stone that makes two open threes (3+3) when the defender has no four to
   * answer with (piskasm's extension of pela's pure VCF).
   */
  readonly doubleThrees?: boolean;
}

export interface VcfResult {
  /** The winning line: attacker, defender, attacker, ... ending with the attacker's winning stone. */
  readonly line: readonly number[];
  /** Cells where the attacker's last stone threatens to complete five. */
  readonly finish: readonly number[];
}

const CLOCK_EVERY = 16;

class Search {
  nodes = 0;
  exhausted = false;
  /** The attacker's stones of the line being searched, first to last. */
  private readonly lineStones: number[] = [];
  /** Per cell, the stamp of the last foursFor call that looked at it (a set without allocation). */
  private readonly seen: Uint32Array;
  private stamp = 0;

  constructor(
    private readonly board: ShapeBoard,
    private readonly attacker: Stone,
    private readonly limits: VcfLimits,
    /** The empty cells near the stones when the search started. */
    private readonly near: readonly number[],
  ) {
    this.seen = new Uint32Array(board.cells.length);
  }

  /**
   * Where a new double open three can be: anywhere near the stones at the search's start (its fours'
   * cells are among them); deeper, only on the lines of the line's last attacker stone (a double three
   * that an earlier stone made is looked for at that stone's own node, once its fours have failed; the
   * defender's stones make none).
   */
  private doubleThreeZone(): readonly number[] {
    const last = this.lineStones[this.lineStones.length - 1];
    return last === undefined ? this.near : this.board.lineCells(last);
  }

  /** True when the defender can make a four somewhere near the stones. */
  private defenderHasFour(): boolean {
    const defender = other(this.attacker);
    return this.near.some((c) => this.board.cells[c] === EMPTY && this.board.fourKind(c, defender) >= 1);
  }

  /** The cells among `cells` where the attacker makes a four, best value first. */
  foursFor(cells: Iterable<number>): number[] {
    const stamp = ++this.stamp;
    const found: { cell: number; value: number }[] = [];
    for (const c of cells) {
      if (this.seen[c] === stamp || this.board.cells[c] !== EMPTY) continue;
      this.seen[c] = stamp;
      if (this.board.fourKind(c, this.attacker) >= 1)
        found.push({ cell: c, value: cellValue(this.board, c, this.attacker) });
    }
    return found.sort((a, b) => b.value - a.value).map((f) => f.cell);
  }

  private outOfBudget(): boolean {
    if (this.exhausted) return true;
    this.nodes++;
    if (this.nodes > this.limits.maxNodes || (this.nodes % CLOCK_EVERY === 0 && pastDeadline(this.limits))) {
      this.exhausted = true;
    }
    return this.exhausted;
  }

  /**
   * Attacker to move; `candidates` holds every cell where it may have a four (a cell becomes one only
   * on a line through an attacker's stone placed since), `threats` the defender's five cells.
   */
  run(depth: number, candidates: readonly number[], threats: readonly number[]): VcfResult | undefined {
    const defender = other(this.attacker);
    const open = threats.filter((c) => this.board.cells[c] === EMPTY);
    if (open.length >= 2 || depth === 0) return undefined;
    const moves = open.length === 1 ? this.foursFor(open) : this.foursFor(candidates);
    for (const c of moves) {
      if (this.outOfBudget()) return undefined;
      this.board.put(c, this.attacker);
      this.lineStones.push(c);
      const around = this.board.lineCells(c);
      const finish = this.board.completionsThrough(c);
      let found: VcfResult | undefined;
      if (finish.length >= 2) {
        found = { line: [c], finish };
      } else if (finish.length === 1) {
        const d = finish[0];
        this.board.put(d, defender);
        const next = [...moves, ...around].filter((x) => x !== c && x !== d);
        const sub = this.run(depth - 1, next, [...open, ...this.board.completionsThrough(d)]);
        this.board.take(d);
        if (sub) found = { line: [c, d, ...sub.line], finish: sub.finish };
      }
      this.lineStones.pop();
      this.board.take(c);
      if (found) return found;
    }
    if (this.limits.doubleThrees && open.length === 0) {
      const double = this.doubleThreeZone().find(
        (c) => this.board.cells[c] === EMPTY && this.board.openThrees(c, this.attacker) >= 2,
      );
      if (double !== undefined && !this.outOfBudget() && !this.defenderHasFour())
        return { line: [double], finish: [] };
    }
    return undefined;
  }
}

/** What a search (VCF, VCT) found, if anything, and how many positions it visited. */
export interface SearchOutcome<R> {
  readonly result: R | undefined;
  readonly nodes: number;
  /** False when the budget or the clock ended the search: "no result" then means "not found in time". */
  readonly complete: boolean;
}

/**
 * A win for `attacker` by continuous fours, `attacker` to move, or undefined. The board is changed
 * during the search and restored before it returns.
 */
export function searchVcf(board: ShapeBoard, attacker: Stone, limits: VcfLimits): SearchOutcome<VcfResult> {
  if (pastDeadline(limits)) return { result: undefined, nodes: 0, complete: false };
  const candidates = board.nearCells();
  const search = new Search(board, attacker, limits, candidates);
  const own = candidates.filter((c) => board.fourKind(c, attacker) === 3);
  if (own.length > 0) return { result: { line: [own[0]], finish: [own[0]] }, nodes: 0, complete: true };
  const threats = candidates.filter((c) => board.fourKind(c, other(attacker)) === 3);
  const result = search.run(limits.maxDepth, search.foursFor(candidates), threats);
  return { result, nodes: search.nodes, complete: result !== undefined || !search.exhausted };
}
