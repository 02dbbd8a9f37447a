/**
 * An external pbrain engine through the protocol (a small fake brain in fixtures/): a game against a
 * built-in engine, and the brain that hangs, crashes or answers nonsense loses with the reason and
 * its stderr, never hanging the arena.
 */
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { playArenaGame } from "../../arena/game.js";
import { EngineError } from "../../engines/engine.js";
import { createFiveEngine } from "../../engines/five/five.js";
import { PbrainEngine } from "../../engines/pbrain/pbrain.js";

const FAKE = resolve("tests/arena/fixtures/pbrain-fake.mjs");
const brains: PbrainEngine[] = [];

function brain(mode: string): PbrainEngine {
  const engine = new PbrainEngine({ command: `"${process.execPath}" "${FAKE}" ${mode}`, toleranceMs: 300 });
  brains.push(engine);
  return engine;
}

afterEach(async () => {
  await Promise.all(brains.splice(0).map((b) => b.close()));
});

const OPENING = [
  { x: 7, y: 7 },
  { x: 8, y: 8 },
  { x: 6, y: 8 },
];

describe("an external pbrain engine", () => {
  it("plays a whole game through START, BOARD, TURN and answers ABOUT with its name", async () => {
    const fake = brain("ok");
    const game = await playArenaGame([fake, createFiveEngine()], ["fake", "five"], {
      size: 15,
      opening: OPENING,
      turnMs: 1000,
      seeds: [1, 2],
    });
    expect(fake.about.name).toBe("fake");
    expect(game.end).toBe("five");
    expect(game.moves.length).toBeGreaterThan(OPENING.length + 4);
  });

  it("loses by a killed process, not a hang, when it never answers", async () => {
    const started = performance.now();
    const game = await playArenaGame([brain("hang"), createFiveEngine()], ["hang", "five"], {
      size: 15,
      opening: OPENING,
      turnMs: 200,
      seeds: [1, 2],
    });
    expect(game.winner).toBe(1);
    expect(game.end).toBe("error");
    expect(game.reason).toMatch(/gave no answer to BOARD within 500 ms and was killed/);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("loses with the exit code and the end of its stderr when it crashes", async () => {
    const game = await playArenaGame([createFiveEngine(), brain("crash")], ["five", "crash"], {
      size: 15,
      opening: OPENING,
      turnMs: 500,
      seeds: [1, 2],
    });
    expect(game.winner).toBe(0);
    expect(game.reason).toMatch(/exited with code 3/);
    expect(game.reason).toContain("out of cheese");
  });

  it("loses when it answers something that is not a move", async () => {
    const game = await playArenaGame([brain("junk"), createFiveEngine()], ["junk", "five"], {
      size: 15,
      opening: OPENING,
      turnMs: 500,
      seeds: [1, 2],
    });
    expect(game.winner).toBe(1);
    expect(game.reason).toMatch(/"hello", not a move/);
  });

  it("discards a move the brain writes again after its answer: the same game at any delay", async () => {
    const play = async (mode: string) => {
      const game = await playArenaGame([brain(mode), createFiveEngine()], ["fake", "five"], {
        size: 15,
        opening: OPENING,
        turnMs: 1000,
        seeds: [1, 2],
      });
      return {
        end: game.end,
        winner: game.winner,
        reason: game.reason,
        moves: game.moves.map((m) => `${m.x},${m.y}`),
      };
    };
    const honest = await play("ok");
    for (const mode of ["twice", "late 0", "late 5", "late 30", "late 30", "late 80"])
      expect(await play(mode), `fake brain in mode ${mode}`).toEqual(honest);
  });

  it("starts afresh for the next game after a crash", async () => {
    const crash = brain("crash");
    await crash.newGame({ size: 15, rule: 0, seed: 1 });
    await expect(crash.ownMove({ turnMs: 500 })).rejects.toThrow(EngineError);
    await crash.newGame({ size: 15, rule: 0, seed: 1 });
    expect(crash.about.name).toBe("fake");
  });
});
