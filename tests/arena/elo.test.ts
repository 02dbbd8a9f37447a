/** The arena's Elo fit (Bradley-Terry maximum likelihood) on synthetic results with known answers. */
import { describe, expect, it } from "vitest";
import { fitElo } from "../../arena/elo.js";

describe("the Elo fit", () => {
  it("rates a 75 % score about 191 Elo above the anchor (no prior)", () => {
    const [a, b] = fitElo(["a", "b"], [{ i: "a", j: "b", games: 400, score: 300 }], "b", 0);
    expect(b.elo).toBe(0);
    expect(a.elo).toBeCloseTo(400 * Math.log10(3), 6);
  });

  it("gives an interval that shrinks with the square root of the number of games", () => {
    const narrow = fitElo(["a", "b"], [{ i: "a", j: "b", games: 400, score: 200 }], "b", 0)[0].interval95;
    const wide = fitElo(["a", "b"], [{ i: "a", j: "b", games: 100, score: 50 }], "b", 0)[0].interval95;
    expect(wide / narrow).toBeCloseTo(2, 3);
    // 100 games at 50 %: sd = 1/sqrt(100 * 0.25) nats = 0.2 nats = 34.7 Elo; 95 %: 68.1 Elo.
    expect(wide).toBeCloseTo(1.959964 * 0.2 * (400 / Math.LN10), 3);
  });

  it("recovers the strengths behind consistent results of three players", () => {
    const elo = { a: 200, b: 0, c: -300 };
    const expected = (x: number, y: number): number => 1 / (1 + 10 ** ((y - x) / 400));
    const games = 1000;
    const results = [
      { i: "a", j: "b", games, score: games * expected(elo.a, elo.b) },
      { i: "a", j: "c", games, score: games * expected(elo.a, elo.c) },
      { i: "b", j: "c", games, score: games * expected(elo.b, elo.c) },
    ];
    const ratings = Object.fromEntries(
      fitElo(["a", "b", "c"], results, "b", 0).map((r) => [r.player, r.elo]),
    );
    expect(ratings.a).toBeCloseTo(200, 6);
    expect(ratings.c).toBeCloseTo(-300, 6);
  });

  it("keeps a player who won everything finite thanks to the prior draws", () => {
    const [a] = fitElo(["a", "b"], [{ i: "a", j: "b", games: 50, score: 50 }], "b");
    // 50 wins + 2 virtual draws: 51 of 52 points.
    expect(a.elo).toBeCloseTo(400 * Math.log10(51), 6);
    expect(Number.isFinite(a.interval95)).toBe(true);
  });

  it("refuses players the results do not connect to the anchor", () => {
    expect(() => fitElo(["a", "b", "c"], [{ i: "a", j: "b", games: 10, score: 5 }], "a")).toThrow(/connect/);
  });
});
