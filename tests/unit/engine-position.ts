/**
 * Positions for the engine tests, drawn as text: one string per row, `x` a stone of the engine that
 * moves next, `o` an opponent's stone, `.` empty. Rows shorter than the board are padded with empty
 * cells; missing rows are empty.
 */
import type { Engine, Point, PositionStone } from "../../engines/engine.js";

export function stonesOf(rows: readonly string[]): PositionStone[] {
  const stones: PositionStone[] = [];
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      if (ch === "x" || ch === "o") stones.push({ at: { x, y }, own: ch === "x" });
      else if (ch !== ".") throw new Error(`position row ${y}: unexpected character ${JSON.stringify(ch)}`);
    });
  });
  return stones;
}

/** A new game of `size` with the drawn position; returns the engine's answer. */
export async function answerTo(
  engine: Engine,
  size: number,
  rows: readonly string[],
  seed = 1,
  turnMs = 0,
): Promise<Point> {
  await engine.newGame({ size, rule: 0, seed });
  await engine.setPosition(stonesOf(rows));
  return engine.ownMove({ turnMs });
}

export function key(p: Point): string {
  return `${p.x},${p.y}`;
}
