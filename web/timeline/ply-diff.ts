/**
 * What changed in Info between two plies: every cell whose score moved, by how much, and which of
 * the new stones' eight rays re-scored it. Update(stone) (docs/evaluator.md section 5) re-scores the
 * empty cells at distance 1..4 along each of the stone's 8 rays and zeroes the stone's own cell, so a
 * changed cell is explained by the rays of the stones placed between the two plies that reach it.
 */
import { BOARD_SIZE, CELLS, DIRECTIONS } from "../../engine-ts/index.js";

/** The compass name of DIRECTIONS[k] (row grows downwards on the screen: dr = -1 is north). */
export const RAY_NAMES: readonly string[] = DIRECTIONS.map(
  ([dr, dc]) => `${dr < 0 ? "N" : dr > 0 ? "S" : ""}${dc < 0 ? "W" : dc > 0 ? "E" : ""}`,
);

export interface RayHit {
  /** The stone whose Update reached the cell. */
  stone: number;
  /** Index into DIRECTIONS / RAY_NAMES. */
  ray: number;
  /** Steps from the stone, 1..4. */
  distance: number;
}

export interface CellChange {
  cell: number;
  before: number;
  after: number;
  /** The rays that reach the cell; empty for the stone's own cell (zeroed) or a change no ray explains. */
  rays: RayHit[];
  /** The cell got one of the new stones. */
  isStone: boolean;
}

/** The ray of `stone` through `cell` within Update's reach (1..4 steps), if any. */
export function rayTo(stone: number, cell: number): RayHit | undefined {
  const dr = Math.floor(cell / BOARD_SIZE) - Math.floor(stone / BOARD_SIZE);
  const dc = (cell % BOARD_SIZE) - (stone % BOARD_SIZE);
  const distance = Math.max(Math.abs(dr), Math.abs(dc));
  if (distance < 1 || distance > 4) return undefined;
  if (dr !== 0 && dc !== 0 && Math.abs(dr) !== Math.abs(dc)) return undefined;
  const ray = DIRECTIONS.findIndex(([r, c]) => r === Math.sign(dr) && c === Math.sign(dc));
  return { stone, ray, distance };
}

/** Cells whose Info differs between `before` and `after`, with the rays of `stones` that reach them. */
export function infoChanges(
  before: ArrayLike<number>,
  after: ArrayLike<number>,
  stones: readonly number[],
): CellChange[] {
  const out: CellChange[] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    if (before[cell] === after[cell]) continue;
    const isStone = stones.includes(cell);
    const rays = isStone ? [] : stones.flatMap((stone) => rayTo(stone, cell) ?? []);
    out.push({ cell, before: before[cell], after: after[cell], rays, isStone });
  }
  return out;
}
