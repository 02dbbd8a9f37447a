/** FIVE (seed 004) held to its description: 192 winning lines on 10x10 and its move order. */
import { describe, expect, it } from "vitest";
import { createFiveEngine } from "../../engines/five/five.js";
import { winningLines } from "../../engines/five/lines.js";
import { answerTo, key } from "./engine-position.js";

describe("FIVE's winning lines", () => {
  it("has 192 lines on 10x10: 60 horizontal, 60 vertical and 36 of each diagonal", () => {
    const lines = winningLines(10);
    expect(lines.cells).toHaveLength(192);
    const direction = (line: readonly number[]): number => line[1] - line[0];
    const counts = new Map<number, number>();
    for (const line of lines.cells) counts.set(direction(line), (counts.get(direction(line)) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ 1: 60, 10: 60, 11: 36, 9: 36 });
  });

  it("puts 20 lines through a centre cell and 3 through a corner, as the seed says", () => {
    const lines = winningLines(10);
    expect(lines.throughCell[44]).toHaveLength(20);
    expect(lines.throughCell[0]).toHaveLength(3);
    expect(lines.throughCell[99]).toHaveLength(3);
  });

  it("has 2n(n-4) + 2(n-4)^2 lines on any board", () => {
    for (const n of [11, 15, 19, 22])
      expect(winningLines(n).cells).toHaveLength(2 * n * (n - 4) + 2 * (n - 4) ** 2);
  });
});

describe("FIVE's move order", () => {
  it("takes a win even when the opponent has a four too", async () => {
    const move = await answerTo(createFiveEngine(), 10, [
      "..........",
      ".xxxx.....",
      "..........",
      "..oooo....",
      "o.........",
    ]);
    expect(["0,1", "5,1"]).toContain(key(move));
  });

  it("blocks the opponent's four", async () => {
    const move = await answerTo(createFiveEngine(), 10, [
      "..........",
      "..x.......",
      "..........",
      ".xoooo....",
      "........x.",
    ]);
    expect(key(move)).toBe("6,3");
  });

  it("blocks an open three on one of its two inner ends before making its own three", async () => {
    const move = await answerTo(createFiveEngine(), 10, [
      "..........",
      "..........",
      "x.x.......",
      "..........",
      "...ooo....",
      "..........",
      "........x.",
    ]);
    expect(["2,4", "6,4"]).toContain(key(move));
  });

  it("makes the most lines of three when the opponent's three is blocked on one side", async () => {
    const move = await answerTo(createFiveEngine(), 10, [
      "..........",
      "..........",
      "x.x.......",
      "..........",
      "..xooo....",
      "..........",
      "..........",
    ]);
    // 2,3 joins x 2,2 and x 2,4 into three windows of three; 1,2 or 3,2 would make one.
    expect(key(move)).toBe("2,3");
  });

  it("prefers the cell that makes two lines of four to one that makes one", async () => {
    const move = await answerTo(createFiveEngine(), 10, [
      "..........",
      ".....o....",
      ".....x....",
      ".....x....",
      ".....x....",
      ".oxxx.....",
      "..........",
      "..........",
      "........o.",
    ]);
    expect(key(move)).toBe("5,5");
  });

  it("opens next to the stones when the board is almost empty, the same way for the same seed", async () => {
    const rows = ["..........", "..........", "..........", "..........", "....o....."];
    const a = await answerTo(createFiveEngine(), 10, rows, 7);
    const b = await answerTo(createFiveEngine(), 10, rows, 7);
    expect(a).toEqual(b);
    expect(Math.max(Math.abs(a.x - 4), Math.abs(a.y - 4))).toBe(1);
  });
});
