/**
 * The board the built-in engines (five, crossmix, pela, random) keep: stones seen from the engine's
 * side (OWN or OPP), any square size, the stones in the order they were placed, and the game's rule
 * (engines/rules.ts: freestyle, five or more in a row wins; standard, exactly five).
 */
import { AXES } from "../../engine-ts/axes.js";
import { EMPTY } from "../../engine-ts/board.js";
import { pointOf, RULE_FREESTYLE, type Point, type RuleMask } from "../engine.js";
import { makesOverlineOnly, winsAt } from "../rules.js";

export { EMPTY };
export const OWN = 1;
export const OPP = 2;
export type Stone = typeof OWN | typeof OPP;

/** The four line directions as (dx, dy), engine-ts's AXES: horizontal, vertical, diagonal down-right, diagonal down-left. */
export const DIRECTIONS: readonly (readonly [number, number])[] = AXES.map(({ dr, dc }) => [dc, dr]);

export function other(stone: Stone): Stone {
  return stone === OWN ? OPP : OWN;
}

export class Board {
  readonly cells: Uint8Array;
  /** The cells of the stones in the order they were placed. */
  readonly history: number[] = [];

  constructor(
    readonly size: number,
    readonly rule: RuleMask = RULE_FREESTYLE,
  ) {
    this.cells = new Uint8Array(size * size);
  }

  cell(p: Point): number {
    return p.y * this.size + p.x;
  }

  point(cell: number): Point {
    return pointOf(cell, this.size);
  }

  inside(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.size && y < this.size;
  }

  get stones(): number {
    return this.history.length;
  }

  isFull(): boolean {
    return this.history.length === this.cells.length;
  }

  place(cell: number, stone: Stone): void {
    this.cells[cell] = stone;
    this.history.push(cell);
  }

  /** Removes the last stone placed, which must be at `cell`. */
  removeLast(cell: number): void {
    this.history.pop();
    this.cells[cell] = EMPTY;
  }

  /** True when the stone at `cell` wins under the board's rule (five or more in a row; exactly five). */
  makesFive(cell: number): boolean {
    return winsAt(this.cells, this.size, cell, this.rule);
  }

  /** True when `stone` on the empty `cell` would make an overline that wins nothing (standard rule). */
  makesOverlineOnly(cell: number, stone: Stone): boolean {
    return makesOverlineOnly(this.cells, this.size, cell, stone, this.rule);
  }

  /** Empty cells within Chebyshev distance `radius` of a stone, in index order. */
  cellsNearStones(radius: number): number[] {
    return emptyCellsNear(this.cells, this.size, this.history, radius);
  }

  /** Empty cells within Chebyshev distance `radius` of the centre (the opening square). */
  cellsNearCentre(radius: number): number[] {
    return emptyCellsNear(this.cells, this.size, [centreCell(this.size)], radius);
  }
}

/** The centre cell of a size x size board (above and left of the middle on an even size). */
export function centreCell(size: number): number {
  const c = Math.floor((size - 1) / 2);
  return c * size + c;
}

/**
 * The empty cells of `cells` (a size x size board, any stone encoding with EMPTY for none) within
 * Chebyshev distance `radius` of one of the cells `around`, in index order.
 */
export function emptyCellsNear(
  cells: Uint8Array,
  size: number,
  around: Iterable<number>,
  radius: number,
): number[] {
  const near = new Uint8Array(cells.length);
  for (const cell of around) {
    const x0 = cell % size;
    const y0 = Math.floor(cell / size);
    for (let y = Math.max(0, y0 - radius); y <= Math.min(size - 1, y0 + radius); y++) {
      for (let x = Math.max(0, x0 - radius); x <= Math.min(size - 1, x0 + radius); x++)
        near[y * size + x] = 1;
    }
  }
  // A loop, not a filter over every index: the engines ask for these cells at every move.
  const out: number[] = [];
  for (let cell = 0; cell < cells.length; cell++)
    if (near[cell] === 1 && cells[cell] === EMPTY) out.push(cell);
  return out;
}
