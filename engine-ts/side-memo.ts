/**
 * CountScore's side scores remembered (a cache, not the evaluator: score.ts's sideBest computes every
 * value, the first time it is asked for). A side's best unit value reads only the own and blocking
 * bits 2..10 of its 13-cell line (every 5-, 6- and 7-wide window lies there) and, of bits 1 and 11,
 * only whether own has a stone there (the lonely shortcut's test, NEAR_CELLS). With the scored cell's
 * bit 6 always own and never blocked, the eight other positions are each empty, own or blocked: 3^8
 * patterns, twice (a stone at bit 1 or 11 or not), index every answer in a table small enough to stay
 * in the processor's cache. One memo per content of the score tables: it keeps a copy of the words it
 * was made for and is used only for the same words.
 */

/** The side's table offsets in the score tables (LAYOUT.attack or LAYOUT.defence: length 5, 6, 7). */
export type SideOffsets = readonly [o5: number, o6: number, o7: number];

/** score.ts's sideBest: the best unit value of one side over its windows (or the lonely shortcut). */
export type SideBest = (bodovani: Uint16Array, own: number, block: number, ...offsets: SideOffsets) => number;

const CENTRE_BIT = 1 << 6;
/** Bits 1 and 11: read only through the lonely shortcut's test. */
const EDGE_BITS = (1 << 1) | (1 << 11);
/** The positions the windows read besides the scored cell: bits 2..5 and 7..10. */
const POSITIONS = 8;
const PATTERNS = 3 ** POSITIONS;
const UNKNOWN = -1;

/** Bit p (0..7) of the eight positions: line bit 2..5, 7..10. */
const positionBit = (p: number): number => 1 << (p < 4 ? p + 2 : p + 3);

/** Each set of positions (bit p = position p) as a base-3 number with digit 1 at its positions. */
const TERNARY = Uint16Array.from({ length: 1 << POSITIONS }, (_, set) => {
  let value = 0;
  for (let p = POSITIONS - 1; p >= 0; p--) value = value * 3 + ((set >> p) & 1);
  return value;
});

/** The positions of a line's bits, as a set (bit p = position p). */
function positions(bits: number): number {
  return ((bits >> 2) & 0xf) | ((bits >> 3) & 0xf0);
}

/** The memo's index of a side's line (own and blocking bits apart): digit 1 own, 2 blocked; then bit 1 or 11 own. */
function sideIndex(own: number, block: number): number {
  return TERNARY[positions(own)] + 2 * TERNARY[positions(block)] + ((own & EDGE_BITS) === 0 ? 0 : PATTERNS);
}

/** A line of the index's own and blocking bits (bit 1 standing for both edge bits), the scored cell own. */
function lineOf(index: number): { own: number; block: number } {
  let own = CENTRE_BIT | (index >= PATTERNS ? 1 << 1 : 0),
    block = 0,
    rest = index % PATTERNS;
  for (let p = 0; p < POSITIONS; p++) {
    const digit = rest % 3;
    rest = (rest - digit) / 3;
    if (digit === 1) own |= positionBit(p);
    else if (digit === 2) block |= positionBit(p);
  }
  return { own, block };
}

/** One side's answers for one content of the score tables. */
class SideMemo {
  private readonly values = new Int32Array(2 * PATTERNS).fill(UNKNOWN);

  constructor(
    private readonly bodovani: Uint16Array,
    private readonly sideBest: SideBest,
    private readonly offsets: SideOffsets,
  ) {}

  /**
   * sideBest of this side for a line with the scored cell own; not remembered for an occupied scored
   * cell, nor for bits both own and blocked (no line has them).
   */
  best(own: number, block: number): number {
    if ((block & CENTRE_BIT) !== 0 || (own & block) !== 0) return this.compute(own, block);
    const index = sideIndex(own, block);
    let value = this.values[index];
    if (value === UNKNOWN) {
      const line = lineOf(index);
      value = this.compute(line.own, line.block);
      this.values[index] = value;
    }
    return value;
  }

  private compute(own: number, block: number): number {
    return this.sideBest(this.bodovani, own, block, ...this.offsets);
  }
}

/** Both sides' memos for one content of the score tables. */
export interface SideMemos {
  readonly attack: SideMemo;
  readonly defence: SideMemo;
}

interface Entry extends SideMemos {
  readonly words: Uint16Array;
  readonly sideBest: SideBest;
  readonly offsets: readonly [SideOffsets, SideOffsets];
}

/**
 * The memos made, the last used first: a few contents at most (the default tables, a test's altered
 * ones). Score tables are never written once in use (GameOptions.bodovani), so an array seen before
 * finds its memos at once; a new array is compared word by word with the contents known.
 */
const entries: Entry[] = [];
const KEPT = 4;
const byArray = new WeakMap<Uint16Array, Entry>();

function sameWords(a: Uint16Array, b: Uint16Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The memos of `sideBest` over score tables with the words of `bodovani`. */
export function sideMemos(
  bodovani: Uint16Array,
  sideBest: SideBest,
  attack: SideOffsets,
  defence: SideOffsets,
): SideMemos {
  const known = byArray.get(bodovani);
  if (known && known.sideBest === sideBest && known.offsets[0] === attack && known.offsets[1] === defence)
    return known;
  let entry = entries.find(
    (e) =>
      e.sideBest === sideBest &&
      e.offsets[0] === attack &&
      e.offsets[1] === defence &&
      sameWords(e.words, bodovani),
  );
  if (!entry) {
    const words = bodovani.slice();
    entry = {
      words,
      sideBest,
      offsets: [attack, defence],
      attack: new SideMemo(words, sideBest, attack),
      defence: new SideMemo(words, sideBest, defence),
    };
    if (entries.length === KEPT) entries.pop();
    entries.unshift(entry);
  }
  byArray.set(bodovani, entry);
  return entry;
}
