/**
 * CountScore's side scores remembered (a cache, not the evaluator: score.ts's sideBest computes every
 * value, the first time it is asked for). A side's best unit value reads only the own and blocking
 * bits 2..10 of its 13-cell line (every 5-, 6- and 7-wide window lies there) and, of bits 1 and 11,
 * only whether own has a stone there (the lonely shortcut's test, NEAR_CELLS): with the scored cell's
 * bit 6 always own and never blocked, 8 + 8 + 1 bits index every answer. One memo per content of the
 * score tables: it keeps a copy of the words it was made for and is used only for the same words.
 */

/** The side's table offsets in the score tables (LAYOUT.attack or LAYOUT.defence: length 5, 6, 7). */
export type SideOffsets = readonly [o5: number, o6: number, o7: number];

/** score.ts's sideBest: the best unit value of one side over its windows (or the lonely shortcut). */
export type SideBest = (bodovani: Uint16Array, own: number, block: number, ...offsets: SideOffsets) => number;

const CENTRE_BIT = 1 << 6;
/** Bits 1 and 11: read only through the lonely shortcut's test. */
const EDGE_BITS = (1 << 1) | (1 << 11);
const INDEXES = 1 << 17;
const UNKNOWN = -1;

/** The memo's index of a side's line: own bits 2..5, 7..10; blocking bits the same; own at bit 1 or 11. */
export function sideIndex(own: number, block: number): number {
  return (
    ((own >> 2) & 0xf) |
    ((own >> 3) & 0xf0) |
    (((block >> 2) & 0xf) << 8) |
    (((block >> 3) & 0xf0) << 8) |
    ((own & EDGE_BITS) === 0 ? 0 : 1 << 16)
  );
}

/** A line of the index's own and blocking bits (bit 1 standing for both edge bits), the scored cell own. */
function lineOf(index: number): { own: number; block: number } {
  const own = CENTRE_BIT | ((index & 0xf) << 2) | (((index >> 4) & 0xf) << 7) | ((index >> 16) << 1);
  const block = (((index >> 8) & 0xf) << 2) | (((index >> 12) & 0xf) << 7);
  return { own, block };
}

/** One side's answers for one content of the score tables. */
class SideMemo {
  private readonly values = new Int32Array(INDEXES).fill(UNKNOWN);

  constructor(
    private readonly bodovani: Uint16Array,
    private readonly sideBest: SideBest,
    private readonly offsets: SideOffsets,
  ) {}

  /** sideBest of this side for a line with the scored cell own (an occupied scored cell is not remembered). */
  best(own: number, block: number): number {
    if ((block & CENTRE_BIT) !== 0) return this.compute(own, block);
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
