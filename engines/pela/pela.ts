/**
 * pela (seed 002, after the description of Pela's pbrain-pela; piskasm's own code). A move is:
 *   1. a five when the engine has a four; the block when the opponent has one;
 *   2. the first stone of a win by continuous fours (VCF), when the search finds one (piskasm's
 *      addition: a line may also end in a double open three when the defender has no four); then
 *      (piskasm's addition, engines/pela/vct.ts) the first stone of a win by threats that may include
 *      up to OWN_THREES open threes; then (piskasm's addition, engines/pela/lookahead.ts) the best of
 *      the LOOK_WIN_CANDIDATES best cells when the look-ahead finds that it wins by force and the
 *      opponent has no threat win with two open threes after it;
 *   3. when the opponent has such a win (a VCF, or piskasm's addition: a threat win with one open
 *      three): the cells of its winning line, best value first, then the best other cells, each tried
 *      until one leaves the opponent without such a win (else without a VCF); when every one loses,
 *      the engine's best four (delaying the loss);
 *   4. otherwise the cell with the highest attack + defence value, with a small random choice among
 *      the cells within 5 % of the best; piskasm's additions: the best cells are first checked, best
 *      first, for leaving the opponent a threat win (then a VCF) until SAFE_POOL safe ones are found,
 *      and only safe ones are chosen when there are any; those are checked again against threat wins
 *      with 2, 3, 4 open threes while one passes and the clock allows (iterative deepening), and the
 *      ones left are compared by the look-ahead (an alpha-beta search LOOK_DEPTH plies deep): the
 *      random choice is made among those with its best score. The defence in 3. chooses among its
 *      safe cells the same way.
 * The searches stop at a depth of MAX_DEPTH fours, NODE_BUDGET positions, or a share of the move's
 * time (turnMs; 0 means DEFAULT_TURN_MS), whichever comes first. Within the node budget the engine is
 * deterministic for a seed; only a deadline that cuts a search short can change its move.
 */
import { BoardEngine, type MoveContext, type Strategy } from "../common/board-engine.js";
import { EMPTY, OPP, OWN, type Board } from "../common/board.js";
import type { Engine } from "../engine.js";
import { ShapeBoard } from "./shape-board.js";
import { lookahead, WIN, type LookaheadResult } from "./lookahead.js";
import { combinedValue } from "./values.js";
import { searchVcf, type VcfLimits } from "./vcf.js";
import { searchVct, type VctLimits, type VctResult } from "./vct.js";

export const MAX_DEPTH = 20;
export const NODE_BUDGET = 20000;
/** When the protocol says "answer at once" (timeout_turn 0), the searches still get this long. */
export const DEFAULT_TURN_MS = 1000;
/**
 * The shares of the turn's time by which the searches must end, in the order they run: the own VCF,
 * the own threat search, the look-ahead for an own forced win, the opponent's VCF, the opponent's
 * threat search, and the defence, safety checks and look-ahead among the safe cells (the rest covers
 * the value scan and overhead). Each search gets its own share, so a long own search cannot leave the
 * opponent's threats unseen. (With the own look-ahead ending where the opponent's VCF did, at 0.35,
 * pela won 88.0 to 93.0 % against piskasm-asm over seeds 1, 5, 77, 9; with these shares 91.5 to 93.0 %.)
 */
const OWN_SEARCH_SHARE = 0.1;
const OWN_THREAT_SHARE = 0.2;
const OWN_LOOK_SHARE = 0.3;
const THREAT_SEARCH_SHARE = 0.4;
const THREAT_TREE_SHARE = 0.5;
const SEARCH_SHARE = 0.85;
/**
 * The threat-space searches (piskasm's addition): the engine's own attack may use up to OWN_THREES
 * open threes, the opponent's threats are looked for with up to OPP_THREES; each level tries the
 * THREAT_WIDTH best three-making cells, and each leaf's VCF gets LEAF_NODES positions.
 */
const OWN_THREES = 3;
const OPP_THREES = 1;
const THREAT_WIDTH = 8;
const LEAF_NODES = 300;
/** Fours a threat line may play for tempo before or between its threes. */
const TEMPO_FOURS = 2;
const OPENING_RADIUS = 0;
/** Cells within 1/NEAR_BEST_DIVISOR of the best value are near-best. */
const NEAR_BEST_DIVISOR = 20;
/** How many of the best cells are checked for leaving the opponent a VCF. */
const SAFETY_CHECKS = 40;
/** How many of the safe best cells the look-ahead compares. */
const LOOK_CANDIDATES = 10;
/**
 * What "safe" means, strictest first: the opponent has no win with OPP_THREES open threes, then none by
 * fours alone (a cell is taken from the strictest level that has one).
 */
const SAFETY_LEVELS = [OPP_THREES, 0];
/**
 * The safe cells are looked for best first and the scan stops at SAFE_POOL of them; those are then
 * checked for leaving the opponent a win with more open threes (up to MAX_DEEP_THREES, each level
 * DEEP_WIDTH wide), and the ones that pass go to the look-ahead. Measured against piskasm-asm (200
 * games at 200 ms per move, seeds 5 and 77, with the look-ahead): a pool of 5 won 87.5 and 86.0 %,
 * 8 won 92.0 and 88.0 %, 12 won 94.0 and 90.5 %, 16 (the look-ahead comparing all 16) 90.0 and 89.5 %.
 */
const SAFE_POOL = 12;
/** The look-ahead (engines/pela/lookahead.ts) among the safe cells: plies, cells per position, positions. */
const LOOK_DEPTH = 6;
const LOOK_WIDTH = 8;
const LOOK_NODES = 40000;
/** The look-ahead for a forced win tries this many of the best cells. */
const LOOK_WIN_CANDIDATES = 10;
const MAX_DEEP_THREES = 4;
const DEEP_WIDTH = 6;

export interface PelaOptions {
  readonly maxDepth?: number;
  readonly nodeBudget?: number;
}

export class PelaStrategy implements Strategy {
  /** Positions the last move's searches visited (for tests and benchmarks). */
  lastNodes = 0;

  constructor(private readonly options: PelaOptions = {}) {}

  choose(position: Board, context: MoveContext): number {
    this.lastNodes = 0;
    if (position.stones === 0) return position.cellsNearCentre(OPENING_RADIUS)[0];
    const board = ShapeBoard.from(position);
    const cells = board.nearCells();
    const win = cells.find((c) => board.fourKind(c, OWN) === 3);
    if (win !== undefined) return win;
    const blocks = cells.filter((c) => board.fourKind(c, OPP) === 3);
    if (blocks.length > 0) return byValue(blocks, board)[0];
    const turnMs = context.limits.turnMs > 0 ? context.limits.turnMs : DEFAULT_TURN_MS;
    const limitsUntil = (share: number): VcfLimits => ({
      maxDepth: this.options.maxDepth ?? MAX_DEPTH,
      maxNodes: this.options.nodeBudget ?? NODE_BUDGET,
      deadlineMs: context.startedMs + turnMs * share,
      stop: context.limits.stop,
      doubleThrees: true,
    });
    const own = this.vcf(board, OWN, limitsUntil(OWN_SEARCH_SHARE));
    if (own) return own[0];
    const ownThreats = this.vct(board, OWN, limitsUntil(OWN_THREAT_SHARE), OWN_THREES);
    if (ownThreats) return ownThreats.first;
    const forced = this.lookWin(board, cells, limitsUntil(OWN_LOOK_SHARE));
    if (
      forced !== undefined &&
      this.safeAfter(board, forced, limitsUntil(THREAT_SEARCH_SHARE), OPP_THREES + 1)
    )
      return forced;
    const threat = this.vcf(board, OPP, limitsUntil(THREAT_SEARCH_SHARE));
    const limits = limitsUntil(SEARCH_SHARE);
    if (threat) return this.defend(board, threat, cells, limits);
    const tree = this.vct(board, OPP, limitsUntil(THREAT_TREE_SHARE), OPP_THREES);
    if (tree) return this.defend(board, tree.cells, cells, limits);
    return this.nearBest(board, cells, context, limits);
  }

  scores(position: Board): Float64Array {
    const board = ShapeBoard.from(position);
    const out = new Float64Array(board.cells.length);
    for (const c of board.nearCells()) out[c] = combinedValue(board, c, OWN);
    return out;
  }

  private vcf(board: ShapeBoard, attacker: typeof OWN | typeof OPP, limits: VcfLimits): number[] | undefined {
    const { result, nodes } = searchVcf(board, attacker, limits);
    this.lastNodes += nodes;
    return result ? [...result.line, ...result.finish] : undefined;
  }

  private vct(
    board: ShapeBoard,
    attacker: typeof OWN | typeof OPP,
    limits: VcfLimits,
    threes: number,
  ): VctResult | undefined {
    const { result, nodes } = searchVct(board, attacker, this.threatLimits(limits, attacker, threes));
    this.lastNodes += nodes;
    return result;
  }

  private threatLimits(limits: VcfLimits, attacker: typeof OWN | typeof OPP, threes: number): VctLimits {
    return {
      ...limits,
      threes,
      width: THREAT_WIDTH,
      counterFours: attacker === OWN,
      leafNodes: LEAF_NODES,
      tempoFours: TEMPO_FOURS,
    };
  }

  /**
   * True when, after the own stone at `cell`, the opponent surely has no win by fours and at most
   * `threes` open threes (the search finished).
   */
  private safeAfter(
    board: ShapeBoard,
    cell: number,
    limits: VcfLimits,
    threes: number,
    width = THREAT_WIDTH,
  ): boolean {
    board.put(cell, OWN);
    const { result, nodes, complete } = searchVct(board, OPP, {
      ...this.threatLimits(limits, OPP, threes),
      width,
    });
    board.take(cell);
    this.lastNodes += nodes;
    return complete && result === undefined;
  }

  /** The first SAFE_POOL cells of `cells` (in their order) that are safe at `threes`. */
  private safeCells(
    board: ShapeBoard,
    cells: readonly number[],
    limits: VcfLimits,
    threes: number,
  ): number[] {
    const safe: number[] = [];
    for (const c of cells) {
      if (safe.length === SAFE_POOL) break;
      if (this.safeAfter(board, c, limits, threes)) safe.push(c);
    }
    return safe;
  }

  /**
   * Iterative deepening over the opponent's threats: the cells of `safe` that leave the opponent no win
   * with 2, then 3, ... up to MAX_DEEP_THREES open threes, as long as one cell passes and the clock
   * allows; the cells that passed the deepest level reached.
   */
  private deepest(board: ShapeBoard, safe: readonly number[], limits: VcfLimits): readonly number[] {
    let pool = safe;
    for (let threes = OPP_THREES + 1; threes <= MAX_DEEP_THREES && pool.length > 1; threes++) {
      const deeper = pool.filter((c) => this.safeAfter(board, c, limits, threes, DEEP_WIDTH));
      if (deeper.length === 0) break;
      pool = deeper;
    }
    return pool;
  }

  /** The look-ahead's scores of the own stone at each of `cells`, within the search's limits. */
  private look(board: ShapeBoard, cells: readonly number[], limits: VcfLimits): LookaheadResult {
    const look = lookahead(board, OWN, cells, {
      maxDepth: LOOK_DEPTH,
      width: LOOK_WIDTH,
      maxNodes: LOOK_NODES,
      deadlineMs: limits.deadlineMs,
      stop: limits.stop,
    });
    this.lastNodes += look.nodes;
    return look;
  }

  /** The best of the LOOK_WIN_CANDIDATES best cells when the look-ahead finds it wins by force, else undefined. */
  private lookWin(board: ShapeBoard, cells: readonly number[], limits: VcfLimits): number | undefined {
    const ranked = byValue(cells, board).slice(0, LOOK_WIN_CANDIDATES);
    const look = this.look(board, ranked, limits);
    const top = Math.max(...look.scores);
    return top >= WIN / 2 ? ranked[look.scores.indexOf(top)] : undefined;
  }

  /** The cells of `cells` with the best look-ahead score, or all of them when no iteration finished. */
  private lookBest(board: ShapeBoard, cells: readonly number[], limits: VcfLimits): readonly number[] {
    const look = this.look(board, cells, limits);
    if (look.depth === 0) return cells;
    const top = Math.max(...look.scores);
    return cells.filter((_, i) => look.scores[i] === top);
  }

  /**
   * The first cell of the opponent's winning line (best value first) after which it has no VCF; then
   * (piskasm's addition) the SAFETY_CHECKS best cells of the board the same way.
   */
  private defend(
    board: ShapeBoard,
    line: readonly number[],
    cells: readonly number[],
    limits: VcfLimits,
  ): number {
    const free = [...new Set(line)].filter((c) => board.cells[c] === EMPTY);
    const tries = byValue(free, board);
    const others = byValue(cells, board).filter((c) => !tries.includes(c));
    const candidates = [...tries, ...others.slice(0, SAFETY_CHECKS)];
    for (const threes of SAFETY_LEVELS) {
      const safe = this.safeCells(board, candidates, limits, threes);
      if (safe.length > 0) return this.lookBest(board, this.deepest(board, safe, limits), limits)[0];
    }
    const fours = cells.filter((c) => board.fourKind(c, OWN) >= 1);
    return byValue(fours.length > 0 ? fours : tries, board)[0];
  }

  /**
   * The near-best cells (within 5 % of the best value), one chosen at random; but first the best
   * SAFETY_CHECKS cells by value are checked, best first, for giving the opponent a threat win, and
   * the near-best choice is made among the safe ones with the best look-ahead score.
   */
  private nearBest(
    board: ShapeBoard,
    cells: readonly number[],
    { rng }: MoveContext,
    limits: VcfLimits,
  ): number {
    const ranked = cells.map((c) => ({ c, v: combinedValue(board, c, OWN) })).sort((a, b) => b.v - a.v);
    const checked = ranked.slice(0, SAFETY_CHECKS).map(({ c }) => c);
    let pool = ranked;
    for (const threes of SAFETY_LEVELS) {
      const safe = this.safeCells(board, checked, limits, threes);
      if (safe.length === 0) continue;
      const deep = this.deepest(board, safe, limits);
      pool = ranked.filter(({ c }) => deep.includes(c));
      break;
    }
    const looked = this.lookBest(
      board,
      pool.slice(0, LOOK_CANDIDATES).map(({ c }) => c),
      limits,
    );
    pool = pool.filter(({ c }) => looked.includes(c));
    const top = pool[0].v;
    const near = pool.filter(({ v }) => v * NEAR_BEST_DIVISOR >= top * (NEAR_BEST_DIVISOR - 1));
    return near[rng.below(near.length)].c;
  }
}

/** `cells` by their combined value for the engine, best first (equal values in the order given). */
function byValue(cells: readonly number[], board: ShapeBoard): number[] {
  const valued = cells.map((c) => ({ c, v: combinedValue(board, c, OWN) }));
  return valued.sort((a, b) => b.v - a.v).map(({ c }) => c);
}

export function createPelaEngine(options: PelaOptions = {}): Engine {
  return new BoardEngine(
    {
      name: "pela",
      version: "1.0",
      author: "after Pela's pbrain-pela (description); piskasm",
      country: "CZ",
    },
    new PelaStrategy(options),
  );
}
