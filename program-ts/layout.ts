/**
 * The program's writable data (its BSS) byte by byte, in the order asm/piskasm.asm declares it: the
 * layout docs/program.md section 2 fixes, so that the whole data can be compared byte for byte and a
 * difference named by its variable. Everything here is zero when the program starts (clear_bss).
 */
import { BOARD_SIZE, BODOVANI_WORDS, CELLS } from "../engine-ts/index.js";

/** A variable of the BSS: its name (as in the asm), byte offset from the BSS's start and size. */
export interface DataVariable {
  readonly name: string;
  readonly offset: number;
  readonly bytes: number;
  /** Bytes per element: 2 for word arrays and words, 1 for byte arrays and bytes. */
  readonly unit: 1 | 2;
}

/** Characters a typed seed may have (the asm's SEED_TEXT_MAX; 65535 has 5, a 6th shows a longer text is refused). */
export const SEED_TEXT_MAX = 6;
/** The padded board: Plocha with a wall of 6 cells around it, one extra row (piskasm.asm's PAD_*). */
export const PAD_WALL = 6;
export const PAD_WIDTH = BOARD_SIZE + PAD_WALL;
export const PAD_ROWS = PAD_WALL + BOARD_SIZE + PAD_WALL + 1;
export const PAD_SIZE = PAD_WIDTH * PAD_ROWS;
/** Pad value of a wall cell: both plane bits set, a blocker for either side. */
export const WALL = 3;

const DECLARED: ReadonlyArray<readonly [string, number, 1 | 2]> = [
  ["Info", CELLS * 2, 2],
  ["Bodovani", BODOVANI_WORDS * 2, 2],
  ["Seed", 2, 2],
  ["Random", 2, 2],
  ["LastPC", 2, 2],
  ["VolnaPole", 2, 2],
  ["MoveCount", 2, 2],
  ["GameCount", 2, 2],
  ["ScoreSum", 2, 2],
  ["ForcedSeed", 2, 2],
  ["Plocha", CELLS, 1],
  ["Phase", 1, 1],
  ["SeedIsForced", 1, 1],
  ["SeedText", SEED_TEXT_MAX + 1, 1],
  ["Pad", PAD_SIZE, 1],
];

/** Every variable of the BSS, in order, with its offset. */
export const DATA_VARIABLES: readonly DataVariable[] = (() => {
  let offset = 0;
  return DECLARED.map(([name, bytes, unit]) => {
    const variable = { name, offset, bytes, unit };
    offset += bytes;
    return variable;
  });
})();

/** Bytes of the BSS (from Info, its first variable, to bss_end). */
export const DATA_BYTES = DATA_VARIABLES.reduce((sum, v) => sum + v.bytes, 0);

/** A variable by its name; throws for a name the layout does not have. */
export function dataVariable(name: string): DataVariable {
  const found = DATA_VARIABLES.find((v) => v.name === name);
  if (!found) throw new RangeError(`the program has no variable ${name}`);
  return found;
}
