/**
 * crossmix (seed 001, FREE SECTOR page 27): the three defensive exceptions on the page's own examples,
 * and not when the page says the condition fails; the flag arrays and the engine on real boards.
 */
import { describe, expect, it } from "vitest";
import { Board, OPP, OWN } from "../../engines/common/board.js";
import { createCrossmixEngine } from "../../engines/crossmix/crossmix.js";
import { applyCrossmix, EXCEPTION_VALUE, topValues } from "../../engines/crossmix/exceptions.js";
import { countThrees, flagValue, FLAG_OPEN_FOUR } from "../../engines/crossmix/flags.js";
import { answerTo, key } from "./engine-position.js";

/** Flag arrays of a few squares: [flagx, flago] per square. */
function arrays(squares: readonly (readonly [number, number])[]): [Int32Array, Int32Array] {
  return [Int32Array.from(squares, (s) => s[0]), Int32Array.from(squares, (s) => s[1])];
}

describe("crossmix 1: X's best square is also one of O's two 'three' squares", () => {
  it("raises that common square to 9999 when X (top 1000) faces O's three (two squares of 5000)", () => {
    const [flagx, flago] = arrays([
      [1000, 5000],
      [10, 5000],
      [1000, 0],
      [100, 100],
    ]);
    expect(applyCrossmix(flagx, flago, 1, 0)).toBe(1);
    expect([...flago]).toEqual([EXCEPTION_VALUE, 5000, 0, 100]);
    expect([...flagx]).toEqual([1000, 10, 1000, 100]);
  });

  it("does nothing in the same sample without O's three", () => {
    const [flagx, flago] = arrays([
      [1000, 200],
      [10, 200],
      [1000, 0],
      [100, 100],
    ]);
    expect(applyCrossmix(flagx, flago, 1, 0)).toBe(0);
    expect([...flago]).toEqual([200, 200, 0, 100]);
  });

  it("does nothing when no three square is worth 1000 to X", () => {
    const [flagx, flago] = arrays([
      [200, 5000],
      [10, 5000],
      [1000, 0],
    ]);
    expect(applyCrossmix(flagx, flago, 1, 0)).toBe(0);
    expect([...flago]).toEqual([5000, 5000, 0]);
  });

  it("for O facing X's three raises the common square in flagx", () => {
    const [flagx, flago] = arrays([
      [5000, 1000],
      [5000, 10],
      [0, 1000],
    ]);
    expect(applyCrossmix(flagx, flago, 0, 0)).toBe(1);
    expect([...flagx]).toEqual([EXCEPTION_VALUE, 5000, 0]);
  });
});

describe("crossmix 2: O to move, both best values 100 on a common square", () => {
  it("raises the common square in flago to 9999", () => {
    const [flagx, flago] = arrays([
      [100, 10],
      [100, 100],
      [10, 100],
      [1, 1],
    ]);
    expect(applyCrossmix(flagx, flago, 0, 0)).toBe(2);
    expect([...flago]).toEqual([10, EXCEPTION_VALUE, 100, 1]);
  });

  it("is not performed when O's best (200) is higher than X's (100)", () => {
    const [flagx, flago] = arrays([
      [100, 10],
      [100, 200],
      [10, 100],
    ]);
    expect(applyCrossmix(flagx, flago, 0, 0)).toBe(0);
    expect([...flago]).toEqual([10, 200, 100]);
  });

  it("is only for O: the same arrays with X to move stay as they are", () => {
    const [flagx, flago] = arrays([
      [100, 10],
      [100, 100],
      [10, 100],
    ]);
    expect(applyCrossmix(flagx, flago, 1, 0)).toBe(0);
    expect([...flago]).toEqual([10, 100, 100]);
  });
});

describe("crossmix 3: O to move, X has a three (top 5000) and O's best is under 2000", () => {
  it("raises the X square with the higher flago to 9999", () => {
    const [flagx, flago] = arrays([
      [5000, 100],
      [5000, 20],
      [1000, 1000],
    ]);
    expect(applyCrossmix(flagx, flago, 0, 1)).toBe(3);
    expect([...flagx]).toEqual([EXCEPTION_VALUE, 5000, 1000]);
  });

  it("raises both X squares when their flago values are equal", () => {
    const [flagx, flago] = arrays([
      [5000, 0],
      [5000, 0],
      [100, 100],
    ]);
    expect(applyCrossmix(flagx, flago, 0, 1)).toBe(3);
    expect([...flagx]).toEqual([EXCEPTION_VALUE, EXCEPTION_VALUE, 100]);
  });

  it("is not performed without a three on the board or when O's best is 2000 or more", () => {
    const [flagx, flago] = arrays([
      [5000, 100],
      [5000, 20],
    ]);
    expect(applyCrossmix(flagx, flago, 0, 0)).toBe(0);
    const [flagx2, flago2] = arrays([
      [5000, 2000],
      [5000, 20],
    ]);
    expect(applyCrossmix(flagx2, flago2, 0, 1)).toBe(0);
    expect([...flagx, ...flagx2]).toEqual([5000, 5000, 5000, 5000]);
  });
});

describe("crossmix's flag arrays on a board", () => {
  it("finds the seed's top values: the best flago on X's best squares and the reverse", () => {
    const [flagx, flago] = arrays([
      [300, 7],
      [300, 9],
      [5, 400],
      [6, 400],
    ]);
    expect(topValues(flagx, flago)).toEqual({ xmax: 300, omax: 400, xmax_o: 9, omax_x: 6 });
  });

  it("gives the two inner ends of a three (N N X X X N N) 5000 and counts the structure", () => {
    const board = new Board(15);
    for (const x of [5, 6, 7]) board.place(7 * 15 + x, OWN);
    board.place(0, OPP);
    expect(countThrees(board, OWN)).toBe(1);
    expect(flagValue(board, 7 * 15 + 4, OWN)).toBe(FLAG_OPEN_FOUR);
    expect(flagValue(board, 7 * 15 + 8, OWN)).toBe(FLAG_OPEN_FOUR);
    expect(flagValue(board, 7 * 15 + 3, OWN)).toBeLessThan(FLAG_OPEN_FOUR);
  });

  it("as O facing X's open three blocks on an inner end (crossmix 3 on a real board)", async () => {
    const move = await answerTo(createCrossmixEngine(), 15, [
      "...............",
      ".x.............",
      "...............",
      "...............",
      "...............",
      "...............",
      "...............",
      ".....ooo.......",
      "...............",
      "..........x....",
    ]);
    expect(["4,7", "8,7"]).toContain(key(move));
  });
});
