/** engine-ts on other square boards (15..22 for the brain): the size parameter and its 19x19 default. */
import { describe, expect, it } from "vitest";
import {
  buildBodovani,
  COMPUTER,
  countScore,
  EMPTY,
  firstMove,
  Game,
  HUMAN,
  isWin,
  update,
} from "../../engine-ts/index.js";
import { lcg } from "./position.js";

const bodovani = buildBodovani();

/** Plays a game against a seeded random opponent near the last stone; returns the stones in order. */
function play(game: Game, seed: number): number[] {
  const size = game.size;
  const next = lcg(seed);
  const stones: number[] = game.state.lastPC === 0xffff ? [] : [game.state.lastPC];
  let near = Math.floor(size / 2) * (size + 1);
  while (game.result === "playing") {
    let cell = -1;
    for (let tries = 0; tries < 100 && cell < 0; tries++) {
      const r = Math.floor(near / size) + (next() % 5) - 2;
      const c = (near % size) + (next() % 5) - 2;
      if (r >= 0 && r < size && c >= 0 && c < size && game.state.plocha[r * size + c] === EMPTY)
        cell = r * size + c;
    }
    if (cell < 0) cell = game.state.plocha.indexOf(EMPTY);
    const out = game.humanMove(cell);
    stones.push(out.human);
    if (out.computer !== null) {
      stones.push(out.computer);
      near = out.computer;
    }
  }
  return stones;
}

describe("engine-ts on other board sizes", () => {
  it("keeps 19x19 as the default: an explicit size 19 plays the same games", () => {
    for (const seed of [1, 99, 4242]) {
      expect(play(Game.newGame(seed, "computer", { size: 19, bodovani }), seed)).toEqual(
        play(Game.newGame(seed, "computer", { bodovani }), seed),
      );
    }
  });

  it.each([15, 16, 20, 22])("opens on %i x %i inside the 5x5 square around floor(size / 2)", (size) => {
    const centre = Math.floor(size / 2);
    for (let seed = 0; seed < 200; seed++) {
      const cell = firstMove({ random: seed * 331 }, size);
      expect(Math.abs(Math.floor(cell / size) - centre)).toBeLessThanOrEqual(2);
      expect(Math.abs((cell % size) - centre)).toBeLessThanOrEqual(2);
    }
  });

  it.each([15, 20, 22])("plays whole games on %i x %i to a result with every stone on the board", (size) => {
    for (const seed of [3, 17]) {
      const game = Game.newGame(seed, "computer", { size, bodovani });
      const stones = play(game, seed);
      expect(game.result).not.toBe("playing");
      expect(new Set(stones).size).toBe(stones.length);
      expect(stones.every((c) => c >= 0 && c < size * size)).toBe(true);
      expect(game.state.volnaPole).toBe(size * size - stones.length);
    }
  });

  it("scores and wins at the far edge of a 22x22 board (no wrap into the next row)", () => {
    const size = 22;
    const plocha = new Uint8Array(size * size);
    const state = { plocha, info: new Uint16Array(size * size), volnaPole: size * size };
    // Four computer stones ending at the right edge of row 3 and one at the left edge of row 4: five in a
    // row only if the board wrapped around.
    for (const c of [18, 19, 20, 21]) {
      plocha[3 * size + c] = COMPUTER;
      update(state, bodovani, 3 * size + c, size);
    }
    plocha[4 * size] = COMPUTER;
    expect(isWin(plocha, 4 * size, size)).toBe(false);
    expect(isWin(plocha, 3 * size + 21, size)).toBe(false);
    plocha[4 * size] = HUMAN;
    expect(countScore(plocha, bodovani, 3 * size + 17, size)).toBeGreaterThanOrEqual(16000);
    expect(state.info[3 * size + 17]).toBe(countScore(plocha, bodovani, 3 * size + 17, size));
    plocha[3 * size + 17] = COMPUTER;
    expect(isWin(plocha, 3 * size + 17, size)).toBe(true);
  });

  it("refuses sizes outside 5..32", () => {
    expect(() => Game.newGame(0, "human", { size: 4 })).toThrow(/board size 4/);
    expect(() => Game.newGame(0, "human", { size: 33 })).toThrow(/board size 33/);
  });
});
