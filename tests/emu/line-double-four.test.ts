/**
 * The line double four properties (docs/evaluator.md 7.4) on PISKASM.COM itself: a few generated
 * positions around `O.O.O.O` and `X.X.X.X` are set up through menu key 4 by left and right clicks,
 * Enter lets the computer move, and its stone is judged by the checker (testkit/shape-positions.ts)
 * and compared with engine-ts's. The unit tier checks the same properties on 1,000 positions each.
 */
import { describe, expect, it } from "vitest";
import { COMPUTER, Game, HUMAN, type Side } from "../../engine-ts/index.js";
import {
  judgeAnswer,
  lineDoubleFourPosition,
  shapeCondition,
  type ShapePosition,
} from "../../testkit/shape-positions.js";
import { GameSession } from "../../guest/session.js";
import { Prng } from "../../util/prng.js";
import { bootForDescribe, testFloppy } from "./support.js";

const STEP_TIMEOUT_MS = 20_000;
/** The seed of test-piskasm-seed.img's AUTOEXEC line. */
const SEED = 1;
const POSITIONS_PER_SHAPE = 3;

/** The first positions of `owner`'s shape whose set-up (by engine-ts) meets the property's conditions. */
function applicablePositions(
  owner: Side,
  runSeed: number,
): Array<{ position: ShapePosition; before: Uint8Array }> {
  const prng = new Prng(runSeed);
  const out: Array<{ position: ShapePosition; before: Uint8Array }> = [];
  while (out.length < POSITIONS_PER_SHAPE) {
    const position = lineDoubleFourPosition(prng, owner, 2, 6);
    const game = Game.setUp(SEED);
    for (const stone of position.stones)
      if (game.result === "playing") game.placeStone(stone.cell, stone.side);
    if (game.result === "playing" && shapeCondition(game.state.plocha, owner) === "applies") {
      out.push({ position, before: game.state.plocha.slice() });
    }
  }
  return out;
}

describe("PISKASM.COM against generated line double fours", () => {
  const session = bootForDescribe(
    () => testFloppy("piskasm-seed"),
    (machine) => GameSession.open(machine, { timeoutMs: STEP_TIMEOUT_MS }),
  );

  it.each([
    ["O.O.O.O", "leaves the human no win in two", HUMAN],
    ["X.X.X.X", "plays the middle gap (or another win in two)", COMPUTER],
  ] as const)(
    "with a %s set up by clicks, the computer %s, as engine-ts does",
    async (_shape, _does, owner) => {
      const game = await session();
      for (const { position, before } of applicablePositions(owner, owner === HUMAN ? 41 : 42)) {
        const state = await game.setUpPosition(position.stones, "computer");
        const engine = Game.setUp(SEED);
        for (const stone of position.stones) engine.placeStone(stone.cell, stone.side);
        const expected = engine.handOver("computer");
        expect(state.lastPC).toBe(expected);
        const verdict = judgeAnswer(before, owner, state.lastPC, "applies");
        expect(verdict.holds, JSON.stringify(position.stones)).toBe(true);
        await game.backToMenu();
      }
    },
  );
});
