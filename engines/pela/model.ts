/**
 * pela's shared types: what the cell values (values.ts) read from a board. ShapeBoard (shape-board.ts)
 * implements it and caches values.ts's cellFacts; the interface here lets both import it without a cycle.
 */
import type { Stone } from "../common/board.js";

export interface ShapeLevels {
  /** The level (shapes.ts) a stone of `who` at `cell` makes along DIRECTIONS[dir]. */
  level(cell: number, dir: number, who: Stone): number;
  /** cellFacts (values.ts) of a stone of `who` at the empty `cell`. */
  facts(cell: number, who: Stone): number;
}
