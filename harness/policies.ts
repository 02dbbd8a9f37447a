/**
 * The human opponent's policies: they pick the human's next cell from the (agreed) board.
 *   random: uniform over empty cells within Chebyshev distance 2 of a stone.
 *   engine: engine-ts CountScore from the human side (the board with X and O swapped, so the attack
 *           table scores the human's own shapes); ties broken by the policy's own PRNG.
 *   storm:  the random policy's cells, played by a careless or hostile user: wild mouse movements,
 *           clicks outside the board, on stones, between cells and with the right button, drags,
 *           random keys, double clicks, and now and then Esc in the middle of the game (the plan of
 *           each turn is a StormTurn; harness/storm.ts performs it).
 *   sweep:  the storm's turns after an opening by the game's index: menu and seed-entry noise, the
 *           set-up mode, a drawn board (harness/sweep.ts).
 *   probe:  set-up positions aimed at paths played games seldom reach, one per game index: a five on
 *           the anti-diagonal or along an edge, fours against the side edges, ties and a lone best
 *           cell at the scan's ends, a scan from cell 0, the full-board fallback (harness/probe.ts).
 *   replay: a fixed list of moves.
 * All are deterministic for a given seed and board.
 */
import {
  BOARD_SIZE,
  CELLS,
  COMPUTER,
  EMPTY,
  HUMAN,
  buildBodovani,
  rayCells,
  scorer,
} from "../engine-ts/index.js";
import type { PolicyName } from "../checks/policy-names.js";
import { bestBy } from "../engines/common/best.js";
import { centreCell, emptyCellsNear } from "../engines/common/board.js";
import type { BoardGeometry } from "../guest/game-view.js";
import { Prng } from "../util/prng.js";

export interface Policy {
  readonly name: PolicyName;
  /** The human's next cell on this board; undefined when the policy has no move left (replay). */
  next(plocha: Uint8Array): number | undefined;
}

/** A Policy, or one that answers later (an Engine, harness/engine-policy.ts); the runner plays it as an Opponent (harness/policy-registry.ts). */
export interface OpponentPolicy {
  readonly name: PolicyName;
  next(plocha: Uint8Array): number | undefined | Promise<number | undefined>;
  /** Releases what the policy holds (an engine policy's child process). */
  close?(): Promise<void>;
}

const NEAR = 2;
/** On an empty board the human opens within this Chebyshev distance of the centre. */
const OPENING_RADIUS = 2;

/** Per cell, the cells within Chebyshev distance NEAR of it (itself too), made once. */
let nearCells: number[][] | undefined;

/**
 * A policy's candidate cells, kept from move to move: the board as last seen and, per cell, how many
 * stones lie within distance NEAR of it, brought up to date cell by cell as the board changes (a move
 * changes two cells: 2 x 25 counts instead of a scan around every stone).
 */
class Candidates {
  private readonly board = new Uint8Array(CELLS);
  private readonly near = new Uint8Array(CELLS);
  private stones = 0;

  /** Takes `plocha` as the board now; `changed` is called with each cell whose stone changed. */
  sync(plocha: Uint8Array, changed?: (cell: number) => void): void {
    const { board, near } = this;
    for (let cell = 0; cell < CELLS; cell++) {
      const stone = plocha[cell];
      const was = board[cell];
      if (stone === was) continue;
      board[cell] = stone;
      changed?.(cell);
      if ((was === EMPTY) === (stone === EMPTY)) continue;
      const delta = stone === EMPTY ? -1 : 1;
      this.stones += delta;
      nearCells ??= Array.from({ length: CELLS }, (_, at) =>
        emptyCellsNear(new Uint8Array(CELLS), BOARD_SIZE, [at], NEAR),
      );
      for (const around of nearCells[cell]) near[around] += delta;
    }
  }

  /**
   * Empty cells within distance NEAR of a stone, in index order; the opening square on an empty
   * board; every empty cell when none is near.
   */
  cells(): number[] {
    const { board, near } = this;
    if (this.stones === 0) {
      const opening = emptyCellsNear(board, BOARD_SIZE, [centreCell(BOARD_SIZE)], OPENING_RADIUS);
      return opening.length > 0 ? opening : cellsWith(board, (stone) => stone === EMPTY);
    }
    const out = cellsWith(board, (stone, cell) => near[cell] > 0 && stone === EMPTY);
    return out.length > 0 ? out : cellsWith(board, (stone) => stone === EMPTY);
  }
}

/**
 * Empty cells within distance NEAR of a stone, in index order; the opening square on an empty board;
 * every empty cell when none is near.
 */
export function candidateCells(plocha: Uint8Array): number[] {
  const candidates = new Candidates();
  candidates.sync(plocha);
  return candidates.cells();
}

/**
 * The cells whose stone (or EMPTY) and index `wanted` accepts, in index order. A loop, not a filter
 * over `plocha.keys()`: that array of 361 indices per call doubled the policy's time a move.
 */
function cellsWith(plocha: Uint8Array, wanted: (stone: number, cell: number) => boolean): number[] {
  const out: number[] = [];
  for (let cell = 0; cell < CELLS; cell++) if (wanted(plocha[cell], cell)) out.push(cell);
  return out;
}

export function randomPolicy(seed: number): Policy {
  const prng = new Prng(seed);
  return {
    name: "random",
    next(plocha) {
      const cells = candidateCells(plocha);
      return cells.length === 0 ? undefined : cells[prng.below(cells.length)];
    },
  };
}

/**
 * CountScore reads the 13 cells cell-6..cell+6 of each axis, so a stone changes the scores of the
 * cells at most this far away on its 8 rays (and its own).
 */
const SCORE_REACH = 6;
/** A score not computed since the board last changed near its cell. */
const UNSCORED = -1;
/** Per cell, the cells whose scores a change of it can alter (rayCells within SCORE_REACH), made once. */
let reaches: number[][] | undefined;

/** The score tables every engine policy reads (never written), built once. */
let defaultTables: Uint16Array | undefined;

export function enginePolicy(
  seed: number,
  bodovani: Uint16Array = (defaultTables ??= buildBodovani()),
): Policy {
  const prng = new Prng(seed);
  const swapped = new Uint8Array(CELLS);
  const candidates = new Candidates();
  // The scores of the last board, kept between moves: only the cells near a changed cell are scored
  // again (the same numbers as scoring every candidate afresh, at a tenth of the cost). Each cell's
  // key for bestBy is one array (made when first asked for), rewritten when the cell is scored again.
  const scores = new Int32Array(CELLS).fill(UNSCORED);
  const keys = new Array<number[] | undefined>(CELLS);
  let plocha: Uint8Array = swapped;
  const swap = (cell: number): void => {
    const p = plocha[cell];
    swapped[cell] = p === COMPUTER ? HUMAN : p === HUMAN ? COMPUTER : EMPTY;
    // CountScore reads cell-6..cell+6 on each axis: the scores this change can alter.
    scores[cell] = UNSCORED;
    reaches ??= Array.from({ length: CELLS }, (_, at) => rayCells(at, SCORE_REACH));
    for (const near of reaches[cell]) scores[near] = UNSCORED;
  };
  let countScore: (cell: number) => number;
  const key = (cell: number): readonly number[] => {
    const own = (keys[cell] ??= [UNSCORED]);
    if (scores[cell] === UNSCORED) own[0] = scores[cell] = countScore(cell);
    return own;
  };
  return {
    name: "engine",
    next(board) {
      plocha = board;
      candidates.sync(board, swap);
      countScore = scorer(swapped, bodovani);
      return bestBy(candidates.cells(), prng, key);
    },
  };
}

export function replayPolicy(moves: readonly number[]): Policy {
  let next = 0;
  return {
    name: "replay",
    next: () => (next < moves.length ? moves[next++] : undefined),
  };
}

/** A text cell of the 80x25 screen. */
export interface ScreenCell {
  col: number;
  row: number;
}

/** One thing the storm does before its move. The game must ignore every one of them. */
export type StormNoise =
  /** Mouse movements of up to 127 mickeys each way, the pointer often pushed against the screen edges. */
  | { kind: "wander"; deltas: ReadonlyArray<readonly [number, number]> }
  /** A click that must not place a stone: outside the board, on a stone, or the right button on an empty cell. */
  | { kind: "click"; at: ScreenCell; button: "left" | "right"; target: "outside" | "stone" | "empty" }
  /** The left button pressed outside the board or on a stone, the mouse moved wildly, released elsewhere. */
  | { kind: "drag"; at: ScreenCell; deltas: ReadonlyArray<readonly [number, number]> }
  /** A key other than Esc (set-1 scancodes, extended and Alt keys among them). */
  | { kind: "key"; name: string; scancodes: readonly number[] };

export interface StormMove {
  cell: number;
  /** Where it is clicked: the cell's character or a gap column beside it (between two cells). */
  at: ScreenCell;
  /** Clicked twice quickly (the second click must be ignored: the cell has the human's stone by then). */
  double: boolean;
}

/** One turn of the storm: its noise, then Esc (giving the game up) or the move. */
export type StormTurn = { noise: StormNoise[] } & ({ escape: true } | { escape: false; move: StormMove });

export interface StormPolicy extends Policy {
  readonly name: "storm" | "sweep" | "probe";
  /** The turn on this board, drawn with this screen geometry (the debug header's). */
  turn(plocha: Uint8Array, geometry: BoardGeometry): StormTurn;
}

/** Each turn gives the game up with probability 1 / ESCAPE_ODDS. */
const ESCAPE_ODDS = 60;
/** A move is a double click with probability 1 / DOUBLE_CLICK_ODDS. */
const DOUBLE_CLICK_ODDS = 5;
/** Noise actions before a move: 0..MAX_NOISE. */
const MAX_NOISE = 3;
const MAX_MICKEYS = 127;
const SCREEN = { cols: 80, rows: 25 };

/** Keys the game must ignore during a turn. No Ctrl combinations: Ctrl+C may end a program through DOS. */
const STORM_KEYS: ReadonlyArray<readonly [string, readonly number[]]> = [
  ["a", [0x1e, 0x9e]],
  ["1", [0x02, 0x82]],
  ["2", [0x03, 0x83]],
  ["3", [0x04, 0x84]],
  ["Space", [0x39, 0xb9]],
  ["Enter", [0x1c, 0x9c]],
  ["Backspace", [0x0e, 0x8e]],
  ["Tab", [0x0f, 0x8f]],
  ["Shift+O", [0x2a, 0x18, 0x98, 0xaa]],
  ["F1", [0x3b, 0xbb]],
  ["F10", [0x44, 0xc4]],
  ["Up", [0xe0, 0x48, 0xe0, 0xc8]],
  ["Home", [0xe0, 0x47, 0xe0, 0xc7]],
  // Alt+] has the scan code of Esc's ASCII value (1Bh): the game must drop the scan code of an extended key.
  ["Alt+]", [0x38, 0x1b, 0x9b, 0xb8]],
  ["Alt+X", [0x38, 0x2d, 0xad, 0xb8]],
];

/**
 * The screen column of a board column's character, and the rule of docs/piskasm.md for clicks: cell
 * (row, col) answers for its screen row and the columns from one left of its character to one right.
 */
function cellColumn(geometry: BoardGeometry, col: number, offset: -1 | 0 | 1): number {
  return geometry.left + col * geometry.cellWidth + offset;
}

/** The storm policy: the random policy's cells (same seed, same cells) and its own PRNG for the noise. */
export function stormPolicy(seed: number): StormPolicy {
  const cells = randomPolicy(seed);
  const prng = new Prng(seed ^ 0x5707_3a11);
  const pick = <T>(items: readonly T[]): T => items[prng.below(items.length)];
  const mickeys = (): number => prng.below(2 * MAX_MICKEYS + 1) - MAX_MICKEYS;
  // Never (0, 0): the emulated PS/2 mouse sends no packet for it, so the guest would never take it.
  const delta = (): [number, number] => {
    const dx = mickeys();
    const dy = mickeys();
    return dx === 0 && dy === 0 ? [1, 0] : [dx, dy];
  };
  const deltas = (): Array<[number, number]> => Array.from({ length: 1 + prng.below(6) }, delta);
  const onCell = (geometry: BoardGeometry, cell: number): ScreenCell => ({
    col: cellColumn(geometry, cell % BOARD_SIZE, pick([-1, 0, 1] as const)),
    row: geometry.top + Math.floor(cell / BOARD_SIZE) * geometry.cellHeight,
  });
  const outside = (geometry: BoardGeometry): ScreenCell => {
    const firstCol = cellColumn(geometry, 0, -1);
    const lastCol = cellColumn(geometry, BOARD_SIZE - 1, 1);
    const boardRows = BOARD_SIZE * geometry.cellHeight;
    for (;;) {
      const at = { col: prng.below(SCREEN.cols), row: prng.below(SCREEN.rows) };
      const onBoardRow = at.row >= geometry.top && at.row < geometry.top + boardRows;
      if (!onBoardRow || at.col < firstCol || at.col > lastCol) return at;
    }
  };
  const noise = (plocha: Uint8Array, geometry: BoardGeometry): StormNoise => {
    const stones = cellsWith(plocha, (s) => s !== EMPTY);
    const ignoredPress = (): ScreenCell =>
      stones.length > 0 && prng.below(2) === 0 ? onCell(geometry, pick(stones)) : outside(geometry);
    switch (prng.below(6)) {
      case 0:
        return { kind: "wander", deltas: deltas() };
      case 1:
        return { kind: "click", at: outside(geometry), button: "left", target: "outside" };
      case 2:
        return stones.length > 0
          ? { kind: "click", at: onCell(geometry, pick(stones)), button: "left", target: "stone" }
          : { kind: "click", at: outside(geometry), button: "left", target: "outside" };
      case 3:
        return {
          kind: "click",
          at: onCell(geometry, pick(cellsWith(plocha, (s) => s === EMPTY))),
          button: "right",
          target: "empty",
        };
      case 4:
        return { kind: "drag", at: ignoredPress(), deltas: deltas() };
      default: {
        const [name, scancodes] = pick(STORM_KEYS);
        return { kind: "key", name, scancodes };
      }
    }
  };
  return {
    name: "storm",
    next: (plocha) => cells.next(plocha),
    turn(plocha, geometry) {
      if (geometry.cellHeight !== 1)
        throw new Error(`the storm policy needs one screen row per board row, not ${geometry.cellHeight}`);
      const actions = Array.from({ length: prng.below(MAX_NOISE + 1) }, () => noise(plocha, geometry));
      if (prng.below(ESCAPE_ODDS) === 0) return { noise: actions, escape: true };
      const cell = cells.next(plocha);
      if (cell === undefined)
        throw new Error("the storm policy found no empty cell on a board whose game goes on");
      return {
        noise: actions,
        escape: false,
        move: { cell, at: onCell(geometry, cell), double: prng.below(DOUBLE_CLICK_ODDS) === 0 },
      };
    },
  };
}
