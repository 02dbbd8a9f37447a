/**
 * A board's lines as bit masks, the planes score.ts's CountScore reads (a cache of the board, not the
 * evaluator): for every cell and axis, the computer's stones, the human's stones and the off-board
 * positions of its line (bit j = entry j), as score.ts's line table says: entry
 * ((cell * 4 + axis) * span + j) is a cell, or `offBoard`. The planes are kept per board array and
 * brought up to date whenever they are asked for, by comparing the board with a copy of the cells they
 * were last made from (four cells a word): a changed cell changes its bit in every line that holds
 * it (found once per table, so any table is read as it is). The planes also remember each line's
 * score until a bit of that line changes or other score tables ask: a stone changes the lines of its
 * four axes only, so most of a re-scored cell's lines are as they were.
 */
import { COMPUTER, HUMAN } from "./board.js";

/** A line's score from its planes, with the score tables given (never written: GameOptions.bodovani). */
export type LineScore = (bodovani: Uint16Array, x: number, o: number, off: number) => number;

/** The planes of one board, indexed by cell * 4 + axis. */
export interface LinePlanes {
  /** `score` of line k, remembered while the line's bits and the score tables stay the same. */
  lineScore(k: number, bodovani: Uint16Array, score: LineScore): number;
}

/** What the planes need of a line table: the off-board plane and, per cell, the lines that hold it. */
interface TableReach {
  readonly off: Int32Array;
  /** The places of cell c: entries first[c] .. first[c + 1] - 1 of `line` and `bit`. */
  readonly first: Int32Array;
  readonly line: Int32Array;
  readonly bit: Int32Array;
}

const reaches = new WeakMap<Int16Array, TableReach>();

function tableReach(lines: Int16Array, span: number, offBoard: number, cells: number): TableReach {
  let reach = reaches.get(lines);
  if (reach) return reach;
  const count = lines.length / span;
  const off = new Int32Array(count);
  const first = new Int32Array(cells + 1);
  for (const at of lines) if (at >= 0 && at < cells) first[at + 1]++;
  for (let c = 0; c < cells; c++) first[c + 1] += first[c];
  const next = first.slice(0, cells);
  const line = new Int32Array(first[cells]);
  const bit = new Int32Array(first[cells]);
  for (let k = 0; k < count; k++)
    for (let j = 0; j < span; j++) {
      const at = lines[k * span + j];
      if (at === offBoard) off[k] |= 1 << j;
      else if (at >= 0 && at < cells) {
        line[next[at]] = k;
        bit[next[at]++] = 1 << j;
      }
    }
  reach = { off, first, line, bit };
  reaches.set(lines, reach);
  return reach;
}

class BoardPlanes implements LinePlanes {
  private readonly x: Int32Array;
  private readonly o: Int32Array;
  private readonly reach: TableReach;
  /** The board's cells as the planes show them. */
  private readonly seen: Uint8Array;
  /** Line scores with `scoredBy`; `known[k]` 1 while line k's bits are those it was scored with. */
  private readonly scores: Int32Array;
  private readonly known: Uint8Array;
  private scoredBy: Uint16Array | undefined;
  /** The board's and `seen`'s first cells four to a word (none when the board's bytes do not start on a word). */
  private readonly words: Uint32Array | undefined;
  private readonly seenWords: Uint32Array;

  constructor(
    plocha: Uint8Array,
    readonly lines: Int16Array,
    span: number,
    offBoard: number,
  ) {
    const count = lines.length / span;
    const cells = count / 4;
    this.reach = tableReach(lines, span, offBoard, cells);
    this.x = new Int32Array(count);
    this.o = new Int32Array(count);
    this.scores = new Int32Array(count);
    this.known = new Uint8Array(count);
    this.seen = new Uint8Array(cells);
    this.seenWords = new Uint32Array(this.seen.buffer, 0, cells >> 2);
    this.words =
      plocha.byteOffset % 4 === 0 && plocha.length >= cells
        ? new Uint32Array(plocha.buffer, plocha.byteOffset, cells >> 2)
        : undefined;
  }

  lineScore(k: number, bodovani: Uint16Array, score: LineScore): number {
    if (bodovani !== this.scoredBy) {
      this.known.fill(0);
      this.scoredBy = bodovani;
    }
    if (this.known[k] === 1) return this.scores[k];
    const value = score(bodovani, this.x[k], this.o[k], this.reach.off[k]);
    this.scores[k] = value;
    this.known[k] = 1;
    return value;
  }

  /** The planes of `plocha` (the board they were made for) as it is now. */
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
    const { x, o, known } = this;
    const { first, line, bit } = this.reach;
    for (let i = first[cell]; i < first[cell + 1]; i++) {
      const k = line[i];
      x[k] = p === COMPUTER ? x[k] | bit[i] : x[k] & ~bit[i];
      o[k] = p === HUMAN ? o[k] | bit[i] : o[k] & ~bit[i];
      known[k] = 0;
    }
  }
}

const boards = new WeakMap<Uint8Array, BoardPlanes>();

/**
 * The planes of `plocha` as it is now, over the line table `lines` (one board size's) of `span` entries
 * a line, `offBoard` marking a position off the board.
 */
export function linePlanes(
  plocha: Uint8Array,
  lines: Int16Array,
  span: number,
  offBoard: number,
): LinePlanes {
  let planes = boards.get(plocha);
  if (!planes || planes.lines !== lines) {
    planes = new BoardPlanes(plocha, lines, span, offBoard);
    boards.set(plocha, planes);
  }
  planes.sync(plocha);
  return planes;
}
