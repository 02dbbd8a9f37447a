/**
 * The checker of testkit/threats.ts and testkit/blunders.ts on positions drawn by hand: it reads the
 * stones, never the evaluator, so each shape is checked against what the rules of gomoku say.
 */
import { describe, expect, it } from "vitest";
import { COMPUTER, HUMAN, parseCell } from "../../engine-ts/index.js";
import { classifyDecision } from "../../testkit/blunders.js";
import { forks, ThreatBoard, winsWithinTwo } from "../../testkit/threats.js";
import { plochaOf, type Stones } from "./position.js";

const board = (stones: Stones): ThreatBoard => new ThreatBoard(plochaOf(stones));
const cells = (...names: string[]): number[] => names.map(parseCell).sort((a, b) => a - b);

describe("the threat facts of a position", () => {
  it("finds the five cells of a four, on both sides of an open four", () => {
    expect(
      board({ X: ["C3", "D3", "E3", "F3"] })
        .fiveCells(COMPUTER)
        .sort((a, b) => a - b),
    ).toEqual(cells("B3", "G3"));
    expect(board({ O: ["C3", "D3", "F3", "G3"] }).fiveCells(HUMAN)).toEqual(cells("E3"));
    expect(board({ O: ["A3", "B3", "C3", "D3"], X: ["E3"] }).fiveCells(HUMAN)).toEqual([]);
  });

  it("names the stone that makes a win in two by its shape", () => {
    const shapeAt = (stones: Stones, cell: string) => board(stones).winInTwoAt(parseCell(cell), HUMAN)?.shape;
    expect(shapeAt({ O: ["D5", "E5", "F5"] }, "G5")).toBe("open_four");
    expect(shapeAt({ O: ["D5", "F5", "H5", "J5"] }, "G5")).toBe("line_double_four");
    expect(shapeAt({ O: ["D5", "E5", "H5", "J5", "K5"] }, "G5")).toBe("long_line_double_four");
    expect(shapeAt({ O: ["D5", "E5", "F5", "G6", "G7", "G8"], X: ["C5", "G9"] }, "G5")).toBe("four_four");
    expect(shapeAt({ O: ["D5", "E5", "F5", "G6", "G7", "G8"] }, "G5")).toBe("four_four");
    expect(shapeAt({ O: ["D5", "F5", "H5"] }, "G5")).toBeUndefined();
  });

  it("counts the forced block: a side facing one five cell wins in two only through it", () => {
    const b = board({ O: ["D5", "F5", "H5", "J5"], X: ["K10", "L10", "M10", "N10"] });
    expect(winsWithinTwo(b, HUMAN)).toEqual([]);
    expect(winsWithinTwo(b, COMPUTER).map((w) => w.shape)).toEqual(["five", "five"]);
  });

  it("finds the human's forks: a four with an open three (4+3) and two open threes (3+3)", () => {
    expect(forks(board({ O: ["D5", "E5", "F5", "G7", "G8"], X: ["C5"] }), HUMAN)[0]).toEqual({
      cell: parseCell("G5"),
      shape: "4_3",
    });
    expect(forks(board({ O: ["E5", "F5", "G7", "G8"] }), HUMAN)[0]).toEqual({
      cell: parseCell("G5"),
      shape: "3_3",
    });
    expect(forks(board({ O: ["E5", "F5"] }), HUMAN)).toEqual([]);
  });
});

describe("the blunder of a decision", () => {
  const kind = (stones: Stones, move: string) => classifyDecision(plochaOf(stones), parseCell(move));

  it("a five not made, a four not blocked", () => {
    expect(kind({ X: ["C3", "D3", "E3", "F3"], O: ["B3"] }, "K10")).toBe("missed_five");
    expect(kind({ X: ["C3", "D3", "E3", "F3"], O: ["B3"] }, "G3")).toBeUndefined();
    expect(kind({ O: ["C3", "D3", "E3", "F3"], X: ["B3"] }, "K10")).toBe("missed_block_four");
  });

  it("its own X.X.X.X: the middle gap is no blunder, a single four is one", () => {
    const own = { X: ["D5", "F5", "H5", "J5"], O: ["K10"] };
    expect(kind(own, "G5")).toBeUndefined();
    expect(kind(own, "E5")).toBe("missed_line_double_four");
  });

  it("the human's O.O.O.O: the middle gap stops it, anything far leaves it", () => {
    const human = { O: ["D5", "F5", "H5", "J5"], X: ["K10"] };
    expect(kind(human, "G5")).toBeUndefined();
    expect(kind(human, "L12")).toBe("left_line_double_four");
  });

  it("no blunder where nothing helps: two separate open threes of the human", () => {
    expect(kind({ O: ["D5", "E5", "F5", "D12", "E12", "F12"], X: ["K10"] }, "G5")).toBeUndefined();
  });

  it("a human fork left standing is the seed's known limitation, named as such", () => {
    expect(kind({ O: ["E5", "F5", "G7", "G8"], X: ["K10"] }, "L12")).toBe("left_fork_3_3");
  });
});
