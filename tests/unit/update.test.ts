import { describe, expect, it } from "vitest";
import {
  BOARD_SIZE,
  buildBodovani,
  CELLS,
  COMPUTER,
  countScore,
  EMPTY,
  HUMAN,
  isWin,
  parseCell,
  update,
} from "../../engine-ts/index.js";
import { rescoredCells } from "../../testkit/engine-helpers.js";
import { lcg, plochaOf, randomPlocha } from "./position.js";

const bodovani = buildBodovani();

/** Cells on the 8 rays from `cell` at distance 1..4, computed by Chebyshev geometry. */
function onRays(cell: number, other: number): boolean {
  const dr = Math.floor(other / BOARD_SIZE) - Math.floor(cell / BOARD_SIZE);
  const dc = (other % BOARD_SIZE) - (cell % BOARD_SIZE);
  const d = Math.max(Math.abs(dr), Math.abs(dc));
  return d >= 1 && d <= 4 && (dr === 0 || dc === 0 || Math.abs(dr) === Math.abs(dc));
}

describe("Update", () => {
  it("re-scores only empty cells on the 8 rays within distance 4, and leaves stale Info elsewhere untouched", () => {
    const next = lcg(99);
    for (let trial = 0; trial < 200; trial++) {
      const plocha = randomPlocha(trial, 3 + (trial % 25));
      const empties = [...plocha.keys()].filter((i) => plocha[i] === EMPTY);
      const cell = empties[next() % empties.length];
      const STALE = 0xffff; // above any CountScore (<= 64000), so every re-scored word shows
      const info = new Uint16Array(CELLS).fill(STALE);
      plocha[cell] = trial % 2 === 0 ? COMPUTER : HUMAN;
      const st = { plocha, info, volnaPole: 300 };
      update(st, bodovani, cell);
      expect(st.volnaPole).toBe(299);
      expect(info[cell]).toBe(0);
      for (let i = 0; i < CELLS; i++) {
        if (i === cell) continue;
        if (onRays(cell, i) && plocha[i] === EMPTY) expect(info[i]).toBe(countScore(plocha, bodovani, i));
        else expect(info[i]).toBe(STALE);
      }
      expect(new Set(rescoredCells(plocha, cell))).toEqual(
        new Set([...plocha.keys()].filter((i) => onRays(cell, i) && plocha[i] === EMPTY)),
      );
    }
  });

  it("rays go on past stones of either side to distance 4", () => {
    const plocha = plochaOf({ X: ["K10", "L10"], O: ["M10"] });
    const cell = parseCell("J10");
    plocha[cell] = COMPUTER;
    const info = new Uint16Array(CELLS);
    update({ plocha, info, volnaPole: 357 }, bodovani, cell);
    expect(info[parseCell("N10")]).toBe(countScore(plocha, bodovani, parseCell("N10")));
    expect(info[parseCell("N10")]).toBeGreaterThan(0);
    expect(info[parseCell("O10")]).toBe(0); // distance 5: not re-scored
  });

  it("a cell 5 steps away keeps its old score although the stone changed its true value", () => {
    const plocha = plochaOf({ X: ["F10", "G10", "H10"] });
    const info = new Uint16Array(CELLS);
    const far = parseCell("E10");
    info[far] = 1234;
    const cell = parseCell("J10"); // E10 is 5 to the left
    plocha[cell] = COMPUTER;
    update({ plocha, info, volnaPole: 357 }, bodovani, cell);
    expect(info[far]).toBe(1234);
    expect(countScore(plocha, bodovani, far)).not.toBe(1234);
  });

  it("the win test counts five or more in a row on any axis, overlines included", () => {
    expect(isWin(plochaOf({ X: ["A1", "B2", "C3", "D4", "E5"] }), parseCell("C3"))).toBe(true);
    expect(isWin(plochaOf({ O: ["S1", "R2", "Q3", "P4", "O5"] }), parseCell("S1"))).toBe(true);
    expect(isWin(plochaOf({ O: ["K1", "K2", "K3", "K4", "K6", "K7"] }), parseCell("K4"))).toBe(false);
    expect(isWin(plochaOf({ O: ["K1", "K2", "K3", "K4", "K5", "K6", "K7"] }), parseCell("K4"))).toBe(true);
    expect(isWin(plochaOf({ X: ["K1", "K2", "K3", "K4"], O: ["K5"] }), parseCell("K5"))).toBe(false);
    expect(isWin(plochaOf({ X: ["A10", "B10", "C10", "D10", "E10"] }), parseCell("A10"))).toBe(true);
  });
});
