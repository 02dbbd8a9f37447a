import { describe, expect, it } from "vitest";
import {
  AXES,
  buildBodovani,
  CELLS,
  classify,
  COMPUTER,
  countScore,
  EMPTY,
  explain,
  formatCell,
  freshScores,
  Game,
  HUMAN,
  parseCell,
} from "../../engine-ts/index.js";
import { countingUnits } from "../../engine-ts/explain.js";
import { axisScores, rescoredCells, staleCells } from "../../testkit/engine-helpers.js";
import { maskPattern, tableOffset } from "../../engine-ts/tables.js";
import { plochaOf, randomPlocha } from "./position.js";

const bodovani = buildBodovani();

describe("explain", () => {
  it("sums to CountScore for every cell of 150 random positions, axis by axis", () => {
    for (let seed = 0; seed < 150; seed++) {
      const plocha = randomPlocha(seed, 2 + (seed % 40));
      for (let cell = 0; cell < CELLS; cell++) {
        const e = explain(plocha, bodovani, cell);
        if (plocha[cell] !== EMPTY) {
          expect(e.occupied).toBe(true);
          expect(e.total).toBe(0);
          continue;
        }
        expect(e.total).toBe(countScore(plocha, bodovani, cell));
        expect(e.axes.map((a) => a.score)).toEqual(axisScores(plocha, bodovani, cell));
      }
    }
  });

  it("reports per axis the first unit with the axis score: attack first, L 5, 6, 7, k from L-1 down to 0", () => {
    for (let seed = 0; seed < 30; seed++) {
      const plocha = randomPlocha(1000 + seed, 10 + seed);
      for (let cell = 0; cell < CELLS; cell++) {
        if (plocha[cell] !== EMPTY) continue;
        const e = explain(plocha, bodovani, cell);
        for (const a of e.axes) {
          const units = [
            ...countingUnits(plocha, bodovani, cell, AXES[a.axis], COMPUTER),
            ...countingUnits(plocha, bodovani, cell, AXES[a.axis], HUMAN),
          ];
          const first = units.find((u) => u.value === a.score && a.score > 0) ?? null;
          expect(a.unit).toEqual(first);
          const u = a.unit;
          if (!u) {
            expect(a.score).toBe(0);
            continue;
          }
          expect(u.value).toBe(bodovani[tableOffset(u.side, u.length) + u.mask]);
          expect(u.class).toBe(classify(u.length, u.mask));
          expect(u.pattern).toBe(maskPattern(u.length, u.mask));
          expect(u.mask & (1 << u.k)).not.toBe(0);
          expect(u.role).toBe(u.side === COMPUTER ? "attack" : "defence");
        }
      }
    }
  });

  it("describes an open three of the computer as an attack WIDE_THREE window `..XXX..`", () => {
    const plocha = plochaOf({ X: ["J10", "K10"] });
    const e = explain(plocha, bodovani, parseCell("L10"));
    const h = e.axes[0];
    expect(h.score).toBe(33);
    expect(h.unit).toMatchObject({
      role: "attack",
      length: 7,
      k: 4,
      pattern: "..XXX..",
      class: "WIDE_THREE",
    });
    expect(formatCell(h.unit?.start.cell ?? -1)).toBe("H10");
    expect(h.unit?.start).toMatchObject({ row: 9, col: 7 });
    expect(e.total).toBe(33 + 3 * 2);
  });
});

describe("freshScores", () => {
  it("is CountScore of every empty cell and 0 on stones", () => {
    const plocha = randomPlocha(7, 30);
    const fresh = freshScores(plocha, bodovani);
    for (let i = 0; i < CELLS; i++)
      expect(fresh[i]).toBe(plocha[i] === EMPTY ? countScore(plocha, bodovani, i) : 0);
  });

  it("shows stale Info: after real games some Info words differ from a fresh evaluation, and only empty cells off the last stone's rays", () => {
    let staleSeen = 0;
    for (let seed = 0; seed < 20; seed++) {
      const g = Game.newGame(seed, "computer", { bodovani });
      for (let n = 0; n < 12 && g.result === "playing"; n++) {
        const fresh = g.freshScores();
        let cell = -1;
        for (let i = 0, best = -1; i < CELLS; i++)
          if (g.state.plocha[i] === EMPTY && fresh[i] > best) {
            best = fresh[i];
            cell = i;
          }
        g.humanMove(cell);
      }
      const stale = staleCells(g.state.plocha, g.state.info, bodovani);
      staleSeen += stale.length;
      const justRescored = new Set(
        g.result === "playing" ? rescoredCells(g.state.plocha, g.state.lastPC) : [],
      );
      for (const s of stale) {
        expect(g.state.plocha[s.cell]).toBe(EMPTY);
        expect(justRescored.has(s.cell)).toBe(false);
      }
    }
    expect(staleSeen).toBeGreaterThan(0);
  });
});
