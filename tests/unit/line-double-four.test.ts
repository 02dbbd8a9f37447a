/**
 * The line double four (docs/evaluator.md 7.1, 7.3) in generated positions, not only in games: the
 * shape of one side on a random line and 2..10 random stones near it, set up stone by stone as menu
 * key 4 does, then the computer moves (engine-ts). Judged by the checker of testkit/blunders.ts.
 *   O.O.O.O: when the computer has no five, no forced block and no win in two of its own, the
 *            human's wins in two are line double fours only, and some stone stops them all, its move
 *            leaves the human no win in two. (Other wins in two on the same line, such as an open
 *            three beside the shape, share the axis: CountScore takes one unit per axis, so it cannot
 *            tell the one stone that stops them all from a stone that stops one. Those positions are
 *            counted apart, not asserted: a known limitation, evaluator.md 7.3 and 7.4.)
 *   X.X.X.X: when nothing sooner is forced (its five, a human four), it plays the middle gap, or
 *            another stone that makes a win in two when it has one.
 * The tables without the LINE_DOUBLE_FOUR entries fail both often: the test tells them apart.
 */
import { describe, expect, it } from "vitest";
import {
  buildBodovani,
  COMPUTER,
  Game,
  HUMAN,
  LAYOUT,
  LINE_DOUBLE_FOUR_MASK,
  type Side,
} from "../../engine-ts/index.js";
import {
  judgeAnswer,
  lineDoubleFourPosition,
  NOT_APPLICABLE,
  shapeCondition,
  type ShapePosition,
  type ShapeVerdict,
} from "../../testkit/shape-positions.js";
import { Prng } from "../../util/prng.js";

const POSITIONS = 1000;

/** Sets the position up as menu key 4 does, lets the computer move and judges its stone. */
function judge(position: ShapePosition, seed: number, bodovani: Uint16Array): ShapeVerdict {
  const game = Game.setUp(seed, { bodovani });
  for (const stone of position.stones) if (game.result === "playing") game.placeStone(stone.cell, stone.side);
  if (game.result !== "playing") return NOT_APPLICABLE;
  const before = game.state.plocha.slice();
  const condition = shapeCondition(before, position.owner);
  if (!condition) return NOT_APPLICABLE;
  return judgeAnswer(before, position.owner, game.handOver("computer") ?? -1, condition);
}

interface Tally {
  applies: number;
  holds: number;
  middle: number;
  failures: string[];
  /** Positions with other human wins in two on the line, and how many of them the move left. */
  crowded: number;
  crowdedLeft: number;
}

function run(owner: Side, bodovani: Uint16Array, runSeed: number): Tally {
  const prng = new Prng(runSeed);
  const tally: Tally = { applies: 0, holds: 0, middle: 0, failures: [], crowded: 0, crowdedLeft: 0 };
  for (let i = 0; i < POSITIONS; i++) {
    const position = lineDoubleFourPosition(prng, owner);
    const verdict = judge(position, i & 0xffff, bodovani);
    if (verdict.crowded) {
      tally.crowded++;
      if (!verdict.holds) tally.crowdedLeft++;
      continue;
    }
    if (!verdict.applies) continue;
    tally.applies++;
    if (verdict.holds) tally.holds++;
    else if (tally.failures.length < 3) tally.failures.push(JSON.stringify(position.stones));
    if (verdict.middle) tally.middle++;
  }
  return tally;
}

/** The tables as they were before the line double four: its two entries NONE. */
function tablesWithout(): Uint16Array {
  const tables = buildBodovani();
  tables[LAYOUT.attack[7] + LINE_DOUBLE_FOUR_MASK] = 0;
  tables[LAYOUT.defence[7] + LINE_DOUBLE_FOUR_MASK] = 0;
  return tables;
}

describe("the line double four in generated positions (engine-ts)", () => {
  const tables = buildBodovani();

  it("against a human O.O.O.O the computer's move leaves the human no win in two", () => {
    const tally = run(HUMAN, tables, 27);
    console.log(
      `O.O.O.O: ${tally.applies} of ${POSITIONS} positions apply, ${tally.holds} hold, ${tally.middle} blocked on the middle gap; ` +
        `${tally.crowded} with other wins in two on the line, ${tally.crowdedLeft} of them left`,
    );
    expect(tally.failures).toEqual([]);
    expect(tally.applies).toBeGreaterThan(POSITIONS / 3);
  });

  it("with its own X.X.X.X the computer plays the middle gap (or another win in two)", () => {
    const tally = run(COMPUTER, tables, 28);
    console.log(
      `X.X.X.X: ${tally.applies} of ${POSITIONS} positions apply, ${tally.holds} hold, ${tally.middle} on the middle gap`,
    );
    expect(tally.failures).toEqual([]);
    expect(tally.applies).toBeGreaterThan(POSITIONS / 3);
  });

  it("the tables without LINE_DOUBLE_FOUR fail both properties in many of the same positions", () => {
    const human = run(HUMAN, tablesWithout(), 27);
    const computer = run(COMPUTER, tablesWithout(), 28);
    console.log(
      `without: O.O.O.O ${human.applies - human.holds} of ${human.applies} fail, X.X.X.X ${computer.applies - computer.holds} of ${computer.applies} fail`,
    );
    expect(human.applies - human.holds).toBeGreaterThan(human.applies / 10);
    expect(computer.applies - computer.holds).toBeGreaterThan(computer.applies / 10);
  });
});
