/**
 * How a player's lost games were won against it: the winner's threat before the five, read from the
 * game's moves with the 9-cell window table. The winning stone's predecessor (the winner's previous
 * stone) made a four and an open three ("4+3"), two fours ("4+4"), or an open four; an open four is
 * counted as "4+3" when the winner's stone before it made a four and an open three (the four blocked,
 * the three became the open four), as "3+3" when that stone made two open threes. Anything else (a
 * lost game by time or error, a simple four the loser failed to block) is "other". Each game's finish
 * is found when it is recorded (arena/results.ts) and kept in its entry.
 */
import { Board, OPP, OWN } from "../engines/common/board.js";
import { cellLevels, FOUR, OPEN3, OPEN4 } from "../engines/common/shapes.js";

export type Finish = "4+3" | "4+4" | "3+3" | "open four" | "other";
export const FINISHES: readonly Finish[] = ["4+3", "4+4", "3+3", "open four", "other"];

/** The shape the winner's stone number `ply` (0-based, in `moves`) made, with the board before it. */
function shapeOf(
  size: number,
  cells: readonly number[],
  ply: number,
): { fours: number; open4: boolean; open3: number } {
  const board = new Board(size);
  cells.slice(0, ply).forEach((c, i) => board.place(c, i % 2 === ply % 2 ? OWN : OPP));
  const levels = cellLevels(board, cells[ply], OWN);
  return {
    fours: levels.filter((l) => l === FOUR || l === OPEN4).length,
    open4: levels.includes(OPEN4),
    open3: levels.filter((l) => l === OPEN3).length,
  };
}

/** The finish of a game that ended in five; `cells` are the stones in order (the last one the five). */
export function finishOf(size: number, cells: readonly number[]): Finish {
  const threat = cells.length - 3;
  if (threat < 0) return "other";
  const t = shapeOf(size, cells, threat);
  if (t.fours >= 2) return "4+4";
  if (t.fours === 1 && t.open3 >= 1 && !t.open4) return "4+3";
  if (t.open4) {
    const before = threat - 2;
    if (before < 0) return "open four";
    const b = shapeOf(size, cells, before);
    if (b.fours >= 1 && b.open3 >= 1) return "4+3";
    return b.open3 >= 2 ? "3+3" : "open four";
  }
  return "other";
}
