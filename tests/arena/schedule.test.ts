/** The arena's openings and schedule: 26 distinct openings, colours swapped per opening, gauntlets. */
import { describe, expect, it } from "vitest";
import { ArenaError } from "../../arena/errors.js";
import { BUILT_IN_OPENINGS, formatOpening, parseOpenings, placeOpening } from "../../arena/openings.js";
import { pendingGames, schedule, type ScheduleOptions } from "../../arena/schedule.js";

describe("the arena's openings", () => {
  it("has the 26 three-stone openings, 13 direct and 13 indirect, no two alike", () => {
    expect(BUILT_IN_OPENINGS).toHaveLength(26);
    expect(new Set(BUILT_IN_OPENINGS.map(formatOpening)).size).toBe(26);
    expect(BUILT_IN_OPENINGS.filter((o) => o[1].x === 0 && o[1].y === -1)).toHaveLength(13);
    for (const o of BUILT_IN_OPENINGS)
      for (const p of o) expect(Math.max(Math.abs(p.x), Math.abs(p.y))).toBeLessThanOrEqual(2);
  });

  it("reads a file of openings and names the line of a bad one", () => {
    expect(parseOpenings("# two openings\n0,0 1,0\n\n0,0 0,1 -1,-1\n", "o.txt")).toEqual([
      [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
      ],
      [
        { x: 0, y: 0 },
        { x: 0, y: 1 },
        { x: -1, y: -1 },
      ],
    ]);
    expect(() => parseOpenings("0,0 1;0\n", "o.txt")).toThrow(/o.txt:1: expected stones/);
    expect(() => parseOpenings("0,0 0,0\n", "o.txt")).toThrow(/o.txt:1: a stone is repeated/);
  });

  it("places openings around the centre and refuses one that does not fit", () => {
    expect(
      placeOpening(
        [
          { x: 0, y: 0 },
          { x: 1, y: -1 },
        ],
        19,
      ),
    ).toEqual([
      { x: 9, y: 9 },
      { x: 10, y: 8 },
    ]);
    expect(() => placeOpening([{ x: 8, y: 0 }], 15)).toThrow(ArenaError);
  });
});

const gamesOf = (options: ScheduleOptions) => [...pendingGames(schedule(options), new Set())];

describe("the arena's schedule", () => {
  it("plays every opening twice per pair, each engine moving first once", () => {
    const games = gamesOf({ players: ["a", "b", "c"], gamesPerPair: 4, openings: 26, seed: 1 });
    expect(games).toHaveLength(12);
    const ab = games.filter((g) => [g.first, g.second].sort().join() === "a,b");
    expect(ab.map((g) => [g.first, g.opening])).toEqual([
      ["a", 0],
      ["b", 0],
      ["a", 1],
      ["b", 1],
    ]);
    expect(new Set(games.map((g) => g.seeds.join())).size).toBe(12);
  });

  it("in a gauntlet plays only the named player's games", () => {
    const games = gamesOf({
      players: ["a", "b", "c"],
      gauntlet: "c",
      gamesPerPair: 2,
      openings: 3,
      seed: 1,
    });
    expect(games).toHaveLength(4);
    for (const g of games) expect([g.first, g.second]).toContain("c");
  });

  it("plans a billion games without listing them: any game from its index, the pending ones in turn", () => {
    const options = { players: ["a", "b", "c"], gamesPerPair: 4, openings: 26, seed: 1 };
    const listed = gamesOf(options);
    const plan = schedule({ ...options, gamesPerPair: 1_000_000_000 });
    expect(plan.total).toBe(3_000_000_000);
    expect(listed.map((g) => plan.gameAt(g.index))).toEqual(listed);
    const last = plan.gameAt(plan.total - 1);
    expect([last.first, last.second].sort()).toEqual(["b", "c"]);
    const pending = pendingGames(plan, new Set([0, 1, 3]));
    const indexes = [0, 1, 2].map(() => {
      const next = pending.next();
      return next.done ? undefined : next.value.index;
    });
    expect(indexes).toEqual([2, 4, 5]);
  });

  it("refuses a repeated player, a lone player and an unknown gauntlet", () => {
    expect(() => schedule({ players: ["a", "a"], gamesPerPair: 2, openings: 1, seed: 0 })).toThrow(/twice/);
    expect(() => schedule({ players: ["a"], gamesPerPair: 2, openings: 1, seed: 0 })).toThrow(/two players/);
    expect(() =>
      schedule({ players: ["a", "b"], gauntlet: "z", gamesPerPair: 2, openings: 1, seed: 0 }),
    ).toThrow(/gauntlet/);
  });
});
