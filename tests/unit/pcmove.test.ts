import { describe, expect, it } from "vitest";
import { CELLS, COMPUTER, HUMAN, pcMove, pcMoveScan } from "../../engine-ts/index.js";

function infoWith(scores: Record<number, number>): Uint16Array {
  const info = new Uint16Array(CELLS);
  for (const [cell, v] of Object.entries(scores)) info[Number(cell)] = v;
  return info;
}
const emptyBoard = (): Uint8Array => new Uint8Array(CELLS);

describe("PCMove", () => {
  const tied = infoWith({ 10: 50, 200: 50, 300: 50, 150: 20 });

  it.each([
    [0, 10],
    [10, 10],
    [11, 200],
    [200, 200],
    [201, 300],
    [300, 300],
    [301, 300],
    [360, 300],
  ])(
    "among equal maxima, the scan from start %i (up to 360, then down from start-1) takes cell %i",
    (start, expected) => {
      expect(pcMoveScan(tied, emptyBoard(), start)).toBe(expected);
    },
  );

  it("a strictly larger score wins wherever the scan meets it", () => {
    const info = infoWith({ 10: 50, 200: 51, 300: 50 });
    for (const start of [0, 150, 250, 360]) expect(pcMoveScan(info, emptyBoard(), start)).toBe(200);
  });

  it("the backward leg runs from start-1 down to 0, so the first tie met there wins", () => {
    const info = infoWith({ 5: 70, 355: 70 });
    expect(pcMoveScan(info, emptyBoard(), 100)).toBe(355); // forward leg meets 355
    expect(pcMoveScan(info, emptyBoard(), 356)).toBe(355); // backward leg meets 355 before 5
    expect(pcMoveScan(info, emptyBoard(), 3)).toBe(5);
  });

  it("takes start = GetRandom() mod 361 and calls GetRandom exactly once", () => {
    const st = { info: tied, plocha: emptyBoard(), random: 361 + 250 };
    expect(pcMove(st)).toBe(300);
    expect(st.random).toBe(361 + 250 + 4567);
    const st2 = { info: tied, plocha: emptyBoard(), random: 65535 };
    expect(65535 % 361).toBe(194);
    expect(pcMove(st2)).toBe(200);
    expect(st2.random).toBe((65535 + 4567) % 65536);
  });

  it("when no score is above 0 it takes the smallest empty cell, still calling GetRandom once", () => {
    const plocha = emptyBoard();
    plocha[0] = COMPUTER;
    plocha[1] = HUMAN;
    const st = { info: new Uint16Array(CELLS), plocha, random: 777 };
    expect(pcMove(st)).toBe(2);
    expect(st.random).toBe(777 + 4567);
  });
});
