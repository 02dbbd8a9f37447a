/**
 * A board's lines as bit masks, the planes score.ts's CountScore reads (a cache of the board, not the
 * evaluator): for every cell and axis, the computer's stones, the human's stones and the off-board
 * positions along the axis (bit j = entry j of the line), as score.ts's line table says: entry
 * ((cell * 4 + axis) * span + j) is a cell, or negative off the board, the cell itself in the middle.
 * The planes are kept per board array and brought up to date whenever they are asked for, by comparing
 * the board with a copy of the cells they were last made from: a changed cell changes a bit in the
 * lines of the cells near it on its four axes (the cell at entry j of its line has it at entry
 * span - 1 - j of its own). The planes also remember each line's score, until a bit of that line
 * changes or another scorer asks: a stone changes the lines of its four axes only, so most of a
 * re-scored cell's lines are as they were.
 */
import { COMPUTER, HUMAN } from "./board.js";

/** A line's score from its planes, by a scorer (score.ts's side memos) given with it. */
export type LineScore<S> = (scorer: S, x: number, o: number, off: number) => number;

/** The planes of one board, indexed by cell * 4 + axis. */
export interface LinePlanes {
  readonly x: Uint16Array;
  readonly o: Uint16Array;
  readonly off: Uint16Array;
  /** `score` of line k, remembered while the line's bits and the scorer stay the same. */
  lineScore<S extends object>(k: number, scorer: S, score: LineScore<S>): number;
}

/** The off-board plane of a line table, made once per table. */
const offPlanes = new WeakMap<Int16Array, Uint16Array>();

function offPlane(lines: Int16Array, span: number): Uint16Array {
  let off = offPlanes.get(lines);
  if (!off) {
    off = new Uint16Array(lines.length / span);
    for (let k = 0; k < off.length; k++)
      for (let j = 0; j < span; j++) if (lines[k * span + j] < 0) off[k] |= 1 << j;
    offPlanes.set(lines, off);
  }
  return off;
}

class BoardPlanes implements LinePlanes {
  readonly x: Uint16Array;
  readonly o: Uint16Array;
  readonly off: Uint16Array;
  /** The board's cells as the planes show them. */
  private readonly seen: Uint8Array;
  /** Line scores by `scoredBy`; `known[k]` 1 while line k's bits are those it was scored with. */
  private readonly scores: Uint16Array;
  private readonly known: Uint8Array;
  private scoredBy: object | undefined;

  /** The board's and `seen`'s first cells four to a word (none when the board's bytes do not start on a word). */
  private readonly words: Uint32Array | undefined;
  private readonly seenWords: Uint32Array;

  constructor(
    plocha: Uint8Array,
    readonly lines: Int16Array,
    private readonly span: number,
  ) {
    this.off = offPlane(lines, span);
    this.x = new Uint16Array(this.off.length);
    this.o = new Uint16Array(this.off.length);
    this.seen = new Uint8Array(this.off.length / 4);
    this.scores = new Uint16Array(this.off.length);
    this.known = new Uint8Array(this.off.length);
    const wordCount = this.seen.length >> 2;
    this.seenWords = new Uint32Array(this.seen.buffer, 0, wordCount);
    this.words =
      plocha.byteOffset % 4 === 0 && plocha.length >= this.seen.length
        ? new Uint32Array(plocha.buffer, plocha.byteOffset, wordCount)
        : undefined;
  }

  lineScore<S extends object>(k: number, scorer: S, score: LineScore<S>): number {
    if (scorer !== this.scoredBy) {
      this.known.fill(0);
      this.scoredBy = scorer;
    }
    if (this.known[k] === 1) return this.scores[k];
    const value = score(scorer, this.x[k], this.o[k], this.off[k]);
    this.scores[k] = value;
    this.known[k] = 1;
    return value;
  }

  /** The planes of `plocha` (the board they were made for) as it is now, four cells at a time where its bytes allow. */
  sync(plocha: Uint8Array): void {
    const { words, seenWords } = this;
    let cell = 0;
    if (words) {
      for (let w = 0; w < words.length; w++)
        if (words[w] !== seenWords[w]) this.syncCells(plocha, 4 * w, 4 * w + 4);
      cell = words.length * 4;
    }
    this.syncCells(plocha, cell, this.seen.length);
  }

  private syncCells(plocha: Uint8Array, from: number, to: number): void {
    const { seen } = this;
    for (let cell = from; cell < to; cell++) {
      const p = plocha[cell];
      if (p !== seen[cell]) {
        this.set(cell, p);
        seen[cell] = p;
      }
    }
  }

  private set(cell: number, p: number): void {
    const { lines, span, x, o, known } = this;
    for (let axis = 0; axis < 4; axis++) {
      const base = (cell * 4 + axis) * span;
      for (let j = 0; j < span; j++) {
        const near = lines[base + j];
        if (near < 0) continue;
        const k = near * 4 + axis;
        const bit = 1 << (span - 1 - j);
        x[k] = p === COMPUTER ? x[k] | bit : x[k] & ~bit;
        o[k] = p === HUMAN ? o[k] | bit : o[k] & ~bit;
        known[k] = 0;
      }
    }
  }
}

const boards = new WeakMap<Uint8Array, BoardPlanes>();

/** The planes of `plocha` as it is now, over the line table `lines` (one board size's) of `span` entries a line. */
export function linePlanes(plocha: Uint8Array, lines: Int16Array, span: number): LinePlanes {
  let planes = boards.get(plocha);
  if (!planes || planes.lines !== lines) {
    planes = new BoardPlanes(plocha, lines, span);
    boards.set(plocha, planes);
  }
  planes.sync(plocha);
  return planes;
}
