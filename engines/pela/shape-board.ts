/**
 * The board pela's searches play on: every cell keeps, per direction and per colour, the key of its
 * 9-cell window (engines/common/shapes.ts), updated when a stone is put or taken (the 8 cells each
 * side of it on its 4 lines: 64 key updates), so what a stone would make at a cell is 4 table
 * look-ups instead of 4 window reads of 8 cells each. It also counts, per cell, the stones within
 * NEAR_RADIUS, so the searches' candidate cells are the cells near every stone on the board,
 * including the ones a search has put.
 *
 * The keys are kept for occupied cells too (a taken stone's cell is right at once). Stones are taken
 * in the reverse order they were put (a search's stack); `history` holds them.
 */
import { Board, DIRECTIONS, EMPTY, other, type Stone } from "../common/board.js";
import {
  FIVE,
  OPEN3,
  SLOT_OFF,
  SLOT_OTHER,
  SLOT_OWN,
  SLOTS,
  shapeTable,
  slotOffset,
} from "../common/shapes.js";
import { cellFacts } from "./values.js";
import type { ShapeLevels } from "./model.js";

/** A stone at slot i of cell c's window is at slot 7 - i of that cell's window (the offset negated). */
const MIRROR = SLOTS - 1;
/** Candidate cells are the empty cells within this Chebyshev distance of a stone (pela's radius). */
export const NEAR_RADIUS = 2;

export class ShapeBoard implements ShapeLevels {
  readonly cells: Uint8Array;
  readonly history: number[] = [];
  readonly table = shapeTable();
  /** keys[(cell * 4 + dir) * 2 + (who - 1)]: the window of `cell` along DIRECTIONS[dir] seen by `who`. */
  private readonly keys: Uint16Array;
  /** line[(cell * 4 + dir) * 8 + slot]: the cell at that slot, or -1 off the board. */
  private readonly line: Int16Array;
  /** Stones within NEAR_RADIUS of each cell. */
  private readonly nearCount: Uint16Array;
  /** facts[cell * 2 + who - 1]: cellFacts of the cell, or -1 when a stone on its lines changed since. */
  private readonly factCache: Int32Array;

  constructor(readonly size: number) {
    const n = size * size;
    this.cells = new Uint8Array(n);
    this.keys = new Uint16Array(n * 8);
    this.line = new Int16Array(n * 4 * SLOTS);
    this.nearCount = new Uint16Array(n);
    this.factCache = new Int32Array(n * 2).fill(-1);
    for (let c = 0; c < n; c++) {
      const x0 = c % size;
      const y0 = (c - x0) / size;
      for (let d = 0; d < 4; d++) {
        const [dx, dy] = DIRECTIONS[d];
        let off = 0;
        for (let i = 0; i < SLOTS; i++) {
          const x = x0 + slotOffset(i) * dx;
          const y = y0 + slotOffset(i) * dy;
          const inside = x >= 0 && y >= 0 && x < size && y < size;
          this.line[(c * 4 + d) * SLOTS + i] = inside ? y * size + x : -1;
          if (!inside) off |= SLOT_OFF << (2 * i);
        }
        this.keys.fill(off, (c * 4 + d) * 2, (c * 4 + d) * 2 + 2);
      }
    }
  }

  /** A ShapeBoard with the stones of `board`, put in their order. */
  static from(board: Board): ShapeBoard {
    const shapes = new ShapeBoard(board.size);
    for (const c of board.history) shapes.put(c, board.cells[c] as Stone);
    return shapes;
  }

  get stones(): number {
    return this.history.length;
  }

  put(cell: number, who: Stone): void {
    this.cells[cell] = who;
    this.history.push(cell);
    this.mark(cell, who, 1);
  }

  /** Takes the last stone put, which must be at `cell`. */
  take(cell: number): void {
    const who = this.cells[cell] as Stone;
    this.history.pop();
    this.cells[cell] = EMPTY;
    this.mark(cell, who, -1);
  }

  private mark(cell: number, who: Stone, sign: 1 | -1): void {
    const mine = who - 1;
    const theirs = other(who) - 1;
    for (let d = 0; d < 4; d++) {
      const base = (cell * 4 + d) * SLOTS;
      for (let i = 0; i < SLOTS; i++) {
        const e = this.line[base + i];
        if (e < 0) continue;
        const shift = 2 * (MIRROR - i);
        const k = (e * 4 + d) * 2;
        this.factCache[e * 2] = -1;
        this.factCache[e * 2 + 1] = -1;
        if (sign > 0) {
          this.keys[k + mine] |= SLOT_OWN << shift;
          this.keys[k + theirs] |= SLOT_OTHER << shift;
        } else {
          this.keys[k + mine] &= ~(3 << shift);
          this.keys[k + theirs] &= ~(3 << shift);
        }
      }
    }
    const x0 = cell % this.size;
    const y0 = (cell - x0) / this.size;
    for (let y = Math.max(0, y0 - NEAR_RADIUS); y <= Math.min(this.size - 1, y0 + NEAR_RADIUS); y++) {
      for (let x = Math.max(0, x0 - NEAR_RADIUS); x <= Math.min(this.size - 1, x0 + NEAR_RADIUS); x++)
        this.nearCount[y * this.size + x] += sign;
    }
  }

  /** The level (shapes.ts) a stone of `who` at `cell` makes along DIRECTIONS[dir]. */
  level(cell: number, dir: number, who: Stone): number {
    return this.table[this.keys[(cell * 4 + dir) * 2 + who - 1]];
  }

  /** The empty cells within NEAR_RADIUS of a stone, in index order. */
  nearCells(): number[] {
    const out = new Int32Array(this.cells.length);
    return Array.from(out.subarray(0, this.nearCellsInto(out)));
  }

  /** nearCells() written into `out` (at least one entry per cell); returns how many. */
  nearCellsInto(out: Int32Array): number {
    let n = 0;
    for (let c = 0; c < this.cells.length; c++)
      if (this.nearCount[c] > 0 && this.cells[c] === EMPTY) out[n++] = c;
    return n;
  }

  /** cellFacts (values.ts) of a stone of `who` at the empty `cell`, computed once per change of its lines. */
  facts(cell: number, who: Stone): number {
    const i = cell * 2 + who - 1;
    let f = this.factCache[i];
    if (f < 0) {
      f = cellFacts(this, cell, who);
      this.factCache[i] = f;
    }
    return f;
  }

  /** What a stone of `who` at the empty `cell` threatens: 0 nothing, 1 a four, 2 a win next move (open four, two fours), 3 five. */
  fourKind(cell: number, who: Stone): 0 | 1 | 2 | 3 {
    return (this.facts(cell, who) & 3) as 0 | 1 | 2 | 3;
  }

  /** The number of directions in which a stone of `who` at the empty `cell` makes an open three. */
  openThrees(cell: number, who: Stone): number {
    let n = 0;
    for (let d = 0; d < 4; d++) if (this.level(cell, d, who) === OPEN3) n++;
    return n;
  }

  /** The empty cells on the line DIRECTIONS[dir] through `cell`, up to four away. */
  lineEmpties(cell: number, dir: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < SLOTS; i++) {
      const e = this.line[(cell * 4 + dir) * SLOTS + i];
      if (e >= 0 && this.cells[e] === EMPTY) out.push(e);
    }
    return out;
  }

  /** The empty cells on the four lines through `cell`, up to four away (where its stone changes the shapes). */
  lineCells(cell: number): number[] {
    const out: number[] = [];
    for (let d = 0; d < 4; d++) for (const e of this.lineEmpties(cell, d)) out.push(e);
    return out;
  }

  /**
   * The empty cells that complete five on a line through the stone at `cell` (its colour): a new
   * stone can make new fives only there.
   */
  completionsThrough(cell: number): number[] {
    const who = this.cells[cell] as Stone;
    const out: number[] = [];
    for (let d = 0; d < 4; d++) {
      for (let i = 0; i < SLOTS; i++) {
        const e = this.line[(cell * 4 + d) * SLOTS + i];
        if (e >= 0 && this.cells[e] === EMPTY && this.level(e, d, who) === FIVE && !out.includes(e))
          out.push(e);
      }
    }
    return out;
  }
}
