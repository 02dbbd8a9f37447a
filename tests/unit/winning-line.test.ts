/** The page's winning-line finder reads five (or more) in a row off Plocha in all four directions. */
import { describe, expect, it } from "vitest";
import { parseCell } from "../../engine-ts/index.js";
import { winningLine } from "../../web/panel/winning-line.js";

function board(stones: Record<string, number>): Uint8Array {
  const plocha = new Uint8Array(361);
  for (const [name, side] of Object.entries(stones)) plocha[parseCell(name)] = side;
  return plocha;
}

const cells = (names: string[]): number[] => names.map(parseCell);

describe("winningLine", () => {
  it("finds a vertical five of the computer and ignores four of the human", () => {
    const plocha = board({ C3: 1, C4: 1, C5: 1, C6: 1, C7: 1, E5: 2, F5: 2, G5: 2, H5: 2 });
    expect(winningLine(plocha)).toEqual(cells(["C3", "C4", "C5", "C6", "C7"]));
  });

  it("finds a six along the anti-diagonal, from its first stone", () => {
    const plocha = board({ S1: 2, R2: 2, Q3: 2, P4: 2, O5: 2, N6: 2 });
    expect(winningLine(plocha)).toEqual(cells(["S1", "R2", "Q3", "P4", "O5", "N6"]));
  });

  it("does not join stones across the board's edge", () => {
    const plocha = board({ Q1: 1, R1: 1, S1: 1, A2: 1, B2: 1 });
    expect(winningLine(plocha)).toEqual([]);
  });
});
