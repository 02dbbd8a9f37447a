/**
 * The engine policy keeps its CountScores between moves and scores again only the cells near the
 * stones that changed: its choice must still be a best cell of a fresh scoring of every candidate,
 * also when the board changes by more than one stone (a new game on the same policy, a take-back).
 */
import { describe, expect, it } from "vitest";
import { buildBodovani, CELLS, COMPUTER, countScore, EMPTY, Game, HUMAN } from "../../engine-ts/index.js";
import { candidateCells, enginePolicy } from "../../harness/policies.js";
import { bestBy } from "../../engines/common/best.js";
import { Prng } from "../../util/prng.js";

const bodovani = buildBodovani();

/** The best fresh score among the candidates of `plocha`, scored from the human's side. */
function bestFreshScore(plocha: Uint8Array): number {
  const swapped = plocha.map((p) => (p === COMPUTER ? HUMAN : p === HUMAN ? COMPUTER : EMPTY));
  return Math.max(...candidateCells(plocha).map((cell) => countScore(swapped, bodovani, cell)));
}

function freshScoreOf(plocha: Uint8Array, cell: number): number {
  const swapped = plocha.map((p) => (p === COMPUTER ? HUMAN : p === HUMAN ? COMPUTER : EMPTY));
  return countScore(swapped, bodovani, cell);
}

describe("the engine policy", () => {
  it("always picks a cell with the best fresh score, over whole games against engine-ts", () => {
    let moves = 0;
    for (let g = 0; g < 12; g++) {
      const game = Game.newGame(1000 + g, g % 2 === 0 ? "human" : "computer");
      const policy = enginePolicy(77 + g, bodovani);
      while (game.result === "playing" && moves < 100_000) {
        const plocha = game.state.plocha;
        const cell = policy.next(plocha);
        if (cell === undefined) break;
        expect(plocha[cell]).toBe(EMPTY);
        expect(freshScoreOf(plocha, cell)).toBe(bestFreshScore(plocha));
        game.humanMove(cell);
        moves++;
      }
    }
    expect(moves).toBeGreaterThan(100);
  });

  it("scores afresh after the board changed in many places at once", () => {
    const policy = enginePolicy(5, bodovani);
    const first = Game.newGame(11, "computer");
    for (let i = 0; i < 6 && first.result === "playing"; i++) {
      const cell = policy.next(first.state.plocha);
      if (cell === undefined) break;
      first.humanMove(cell);
    }
    // Another game's board, with stones where the first had none and none where it had some.
    const other = new Uint8Array(CELLS);
    const centre = 9 * 19 + 9;
    other[centre + 3] = COMPUTER;
    other[centre + 4] = COMPUTER;
    other[centre + 5] = COMPUTER;
    other[centre - 40] = HUMAN;
    const cell = policy.next(other);
    expect(cell).toBeDefined();
    expect(freshScoreOf(other, cell as number)).toBe(bestFreshScore(other));
  });

  it("keeps its candidate cells exact while stones come, change sides and go, the board emptied too", () => {
    // The reference: every candidate of the board as it is, scored afresh, ties broken by the same PRNG.
    const seed = 31;
    const policy = enginePolicy(seed, bodovani);
    const prng = new Prng(seed);
    const changes = new Prng(4242);
    const plocha = new Uint8Array(CELLS);
    const stones = [EMPTY, COMPUTER, HUMAN];
    let compared = 0;
    for (let step = 0; step < 300; step++) {
      if (step % 100 === 50) plocha.fill(EMPTY);
      else
        for (let n = changes.below(4); n >= 0; n--) plocha[changes.below(CELLS)] = stones[changes.below(3)];
      const swapped = plocha.map((p) => (p === COMPUTER ? HUMAN : p === HUMAN ? COMPUTER : EMPTY));
      const expected = bestBy(candidateCells(plocha), prng, (cell) => [countScore(swapped, bodovani, cell)]);
      expect(policy.next(plocha)).toBe(expected);
      compared++;
    }
    expect(compared).toBe(300);
  });
});
