/**
 * pela's threat-space search (piskasm's addition to seed 002's VCF): a win by continuous threats
 * (VCT). The attacker's moves are fours (one reply: the cell that stops the five; up to `tempoFours`
 * of them in a line of play besides those of the VCFs at its positions) and open threes
 * (the defender may reply on any cell of that line that leaves the attacker no open four there); a
 * line of play wins when a VCF (with its double-three ending) is found from a position. The number
 * of threes in a line is limited (`threes`), and only the best `widths` three-making cells by value are
 * tried at each level, so the search stays a few thousand positions.
 *
 * The defender's own fours are answered in one of two ways: for the engine's own attack
 * (`counterFours`), an open three is only played when the defender has no four anywhere near the stones
 * (it could gain a tempo with it); for the opponent's threats they are ignored, so the defence sees a
 * threat a little more often than it really exists.
 */
import { EMPTY, other, type Stone } from "../common/board.js";
import { OPEN3, OPEN4 } from "../common/shapes.js";
import type { ShapeBoard } from "./shape-board.js";
import { cellValue } from "./values.js";
import { pastDeadline, searchVcf, type SearchOutcome, type VcfLimits } from "./vcf.js";

export interface VctLimits extends VcfLimits {
  /** Most open threes in a line of play. */
  readonly threes: number;
  /** How many three-making cells (best value first) are tried at each level. */
  readonly width: number;
  /** Play a three only when the defender has no four (the engine's own attack). */
  readonly counterFours: boolean;
  /** The node budget of each VCF search at the leaves. */
  readonly leafNodes: number;
  /**
   * How many fours a line of play may use to gain a tempo before or between its threes (a four that
   * forces the block, then a three that the blocking stone does not stop); the VCFs at its positions
   * have their own fours besides.
   */
  readonly tempoFours: number;
}

export interface VctResult {
  /** The attacker's first stone. */
  readonly first: number;
  /** Every cell either side played in the winning tree (where a defence may start). */
  readonly cells: readonly number[];
}

class ThreatSearch {
  nodes = 0;
  exhausted = false;
  private readonly defender: Stone;

  constructor(
    private readonly board: ShapeBoard,
    private readonly attacker: Stone,
    private readonly limits: VctLimits,
  ) {
    this.defender = other(attacker);
  }

  private spend(nodes: number): boolean {
    this.nodes += nodes;
    if (this.nodes > this.limits.maxNodes || pastDeadline(this.limits)) this.exhausted = true;
    return this.exhausted;
  }

  /** True when the attacker can make an open four on the line DIRECTIONS[dir] through `cell`. */
  private openFourOnLine(cell: number, dir: number): boolean {
    return this.board.lineEmpties(cell, dir).some((e) => this.board.level(e, dir, this.attacker) === OPEN4);
  }

  /** The defender's replies to the open three the attacker's stone at `cell` made on the line DIRECTIONS[dir]. */
  private repliesToThree(cell: number, dir: number): number[] {
    const replies: number[] = [];
    for (const r of this.board.lineEmpties(cell, dir)) {
      this.board.put(r, this.defender);
      if (!this.openFourOnLine(cell, dir)) replies.push(r);
      this.board.take(r);
    }
    return replies;
  }

  /** The direction (index into DIRECTIONS) of the single open three a stone of the attacker's at `cell` makes, or -1. */
  private threeDirection(cell: number): number {
    let found = -1;
    for (let d = 0; d < 4; d++) {
      if (this.board.level(cell, d, this.attacker) !== OPEN3) continue;
      if (found >= 0) return -1;
      found = d;
    }
    return found;
  }

  private defenderThreatens(near: readonly number[]): { five: boolean; four: boolean } {
    let four = false;
    for (const c of near) {
      if (this.board.cells[c] !== EMPTY) continue;
      const kind = this.board.fourKind(c, this.defender);
      if (kind === 3) return { five: true, four: true };
      if (kind >= 1) four = true;
    }
    return { five: false, four };
  }

  /**
   * Attacker to move: a winning tree with at most `threes` open threes and `fours` fours played
   * between them (fours that do not win by themselves: the VCF at each position covers those), or
   * undefined.
   */
  run(threes: number, fours: number): VctResult | undefined {
    if (this.exhausted) return undefined;
    const leaf = searchVcf(this.board, this.attacker, {
      ...this.limits,
      maxNodes: Math.min(this.limits.leafNodes, Math.max(0, this.limits.maxNodes - this.nodes)),
      doubleThrees: true,
    });
    if (this.spend(leaf.nodes + 1)) return undefined;
    if (leaf.result)
      return { first: leaf.result.line[0], cells: [...leaf.result.line, ...leaf.result.finish] };
    if (threes === 0) return undefined;
    const near = this.board.nearCells();
    const threat = this.defenderThreatens(near);
    if (threat.five || (this.limits.counterFours && threat.four)) return undefined;
    const best = (keep: (c: number) => boolean): number[] =>
      near
        .filter((c) => this.board.cells[c] === EMPTY && keep(c))
        .map((c) => ({ c, v: cellValue(this.board, c, this.attacker) }))
        .sort((a, b) => b.v - a.v)
        .slice(0, this.limits.width)
        .map(({ c }) => c);
    const tempo = fours > 0 ? best((c) => this.board.fourKind(c, this.attacker) === 1) : [];
    for (const c of tempo) {
      this.board.put(c, this.attacker);
      const tree = this.refuteAll(this.board.completionsThrough(c), threes, fours - 1);
      this.board.take(c);
      if (tree) return { first: c, cells: [c, ...tree] };
      if (this.exhausted) return undefined;
    }
    const moves = best((c) => this.board.fourKind(c, this.attacker) === 0 && this.threeDirection(c) >= 0);
    for (const c of moves) {
      const direction = this.threeDirection(c);
      this.board.put(c, this.attacker);
      const tree = this.refuteAll(this.repliesToThree(c, direction), threes - 1, fours);
      this.board.take(c);
      if (tree) return { first: c, cells: [c, ...tree] };
      if (this.exhausted) return undefined;
    }
    return undefined;
  }

  /** The cells of the trees that beat every reply, or undefined when one reply holds. */
  private refuteAll(replies: readonly number[], threes: number, fours: number): number[] | undefined {
    const cells: number[] = [];
    for (const r of replies) {
      this.board.put(r, this.defender);
      const fives = this.board.completionsThrough(r);
      const sub = fives.length === 0 ? this.run(threes, fours) : undefined;
      this.board.take(r);
      if (!sub) return undefined;
      cells.push(r, ...sub.cells);
    }
    return replies.length > 0 ? cells : undefined;
  }
}

/**
 * A win for `attacker` by continuous threats (fours and open threes), `attacker` to move, or
 * undefined. The board is changed during the search and restored before it returns.
 */
export function searchVct(board: ShapeBoard, attacker: Stone, limits: VctLimits): SearchOutcome<VctResult> {
  if (pastDeadline(limits)) return { result: undefined, nodes: 0, complete: false };
  const search = new ThreatSearch(board, attacker, limits);
  const result = search.run(limits.threes, limits.tempoFours);
  return { result, nodes: search.nodes, complete: result !== undefined || !search.exhausted };
}
