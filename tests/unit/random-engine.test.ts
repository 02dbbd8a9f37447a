/** The random engine and the built-in engines' common rules (sizes, rule, occupied cells, take-back). */
import { describe, expect, it } from "vitest";
import { createCrossmixEngine } from "../../engines/crossmix/crossmix.js";
import { EngineError } from "../../engines/engine.js";
import { createFiveEngine } from "../../engines/five/five.js";
import { createPelaEngine } from "../../engines/pela/pela.js";
import { createRandomEngine } from "../../engines/random.js";
import { answerTo } from "./engine-position.js";

const FACTORIES = {
  five: createFiveEngine,
  crossmix: createCrossmixEngine,
  pela: createPelaEngine,
  random: createRandomEngine,
};

describe("the built-in engines", () => {
  for (const [name, make] of Object.entries(FACTORIES)) {
    it(`${name} plays every square size from 10 to 22 and refuses 9, 23 and renju`, () => {
      const engine = make();
      for (let size = 10; size <= 22; size++)
        expect(engine.refuse({ size, rule: 0, seed: 0 })).toBeUndefined();
      expect(engine.refuse({ size: 9, rule: 0, seed: 0 })).toMatch(/10x10 to 22x22/);
      expect(engine.refuse({ size: 23, rule: 0, seed: 0 })).toMatch(/10x10 to 22x22/);
      expect(engine.refuse({ size: 15, rule: 4, seed: 0 })).toMatch(/freestyle/);
    });

    it(`${name} replays the same game for the same seed and rejects an occupied cell`, async () => {
      const moves = async (seed: number): Promise<string[]> => {
        const engine = make();
        await engine.newGame({ size: 15, rule: 0, seed });
        const out: string[] = [];
        for (let i = 0; i < 6; i++) {
          // A minute per move: pela's searches then end by their node budget, never by a deadline that
          // a loaded machine would reach at a different point (its determinism holds within the budget).
          const p = await engine.ownMove({ turnMs: 60_000 });
          out.push(`${p.x},${p.y}`);
          await engine.opponentMove({ x: i, y: 0 });
        }
        await expect(engine.opponentMove({ x: 0, y: 0 })).rejects.toThrow(EngineError);
        return out;
      };
      expect(await moves(5)).toEqual(await moves(5));
    });
  }

  it("take-back removes the last stone and refuses any other", async () => {
    const engine = createFiveEngine();
    await engine.newGame({ size: 10, rule: 0, seed: 1 });
    await engine.opponentMove({ x: 4, y: 4 });
    const own = await engine.ownMove({ turnMs: 0 });
    await expect(engine.takeBack({ x: 4, y: 4 })).rejects.toThrow(/not the last stone/);
    await engine.takeBack(own);
    await engine.takeBack({ x: 4, y: 4 });
    await engine.opponentMove({ x: 4, y: 4 });
  });
});

describe("the random engine", () => {
  it("plays within two cells of a stone", async () => {
    for (let seed = 0; seed < 20; seed++) {
      const p = await answerTo(createRandomEngine(), 19, ["", "", "", "..........o"], seed);
      expect(Math.max(Math.abs(p.x - 10), Math.abs(p.y - 3))).toBeLessThanOrEqual(2);
    }
  });

  it("spreads its moves over the cells (different seeds, different cells)", async () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const p = await answerTo(createRandomEngine(), 19, ["", "", "", "..........o"], seed);
      seen.add(`${p.x},${p.y}`);
    }
    expect(seen.size).toBeGreaterThan(10);
  });
});
