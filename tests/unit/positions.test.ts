/**
 * Hand-worked positions from the 2004 program's documentation (quoted in docs/piskasm.md section 5),
 * scored by the port.
 * Positions are built with PlaceStone, so Info is exactly what the engine keeps.
 */
import { describe, expect, it } from "vitest";
import { AXES, COMPUTER, formatCell, parseCell, pcMoveScan, type Side } from "../../engine-ts/index.js";
import { countingUnits } from "../../engine-ts/explain.js";
import { priorityLevel } from "../../testkit/priority.js";
import { gameWith } from "./position.js";

const at = parseCell;

/** How many length-5 windows through `cell` become a FOUR for `side` (FIVE.TXT's "lines of four"). */
function foursMade(g: ReturnType<typeof gameWith>, cell: number, side: Side): number {
  return countingUnits(g.state.plocha, g.bodovani, cell, AXES[0], side).filter(
    (u) => u.length === 5 && u.class === "FOUR",
  ).length;
}

describe("FIVE.TXT (004): three in a row", () => {
  // FIVE.TXT's squares 0..9 are columns F..O of row 10; the three stands on squares 2, 3, 4.
  const three = ["H10", "I10", "J10"];

  it("the squares next to the three (1 and 5) make two lines of four, the squares beyond (0 and 6) only one", () => {
    const g = gameWith({ X: three });
    expect(foursMade(g, at("G10"), COMPUTER)).toBe(2);
    expect(foursMade(g, at("K10"), COMPUTER)).toBe(2);
    expect(foursMade(g, at("F10"), COMPUTER)).toBe(1);
    expect(foursMade(g, at("L10"), COMPUTER)).toBe(1);
  });

  it("the move that makes two fours (an open four, 960) beats the one that makes one (a four, 545), and PCMove takes it", () => {
    const g = gameWith({ X: three });
    const info = g.state.info;
    expect(info[at("G10")]).toBe(960 + 3 * 2);
    expect(info[at("K10")]).toBe(960 + 3 * 2);
    expect(info[at("F10")]).toBe(545 + 3 * 2);
    expect(info[at("L10")]).toBe(545 + 3 * 2);
    for (let start = 0; start < 361; start++) {
      expect(["G10", "K10"]).toContain(formatCell(pcMoveScan(info, g.state.plocha, start)));
    }
  });

  it("in defence the same: the computer blocks the human's three next to it (135), not one square away (10)", () => {
    const g = gameWith({ O: three });
    expect(g.state.info[at("G10")]).toBe(135 + 3 * 2);
    expect(g.state.info[at("F10")]).toBe(10 + 3 * 2);
  });
});

describe("crossmix (001): the human's NNOOONN three", () => {
  const human = ["H10", "I10", "J10"]; // N N at F10 G10, N N at K10 L10

  it("gives the computer two equally best blocks, the squares next to the three", () => {
    const g = gameWith({ O: human });
    const { info } = g.state;
    expect(info[at("G10")]).toBe(info[at("K10")]);
    const best = Math.max(...info);
    expect(info[at("G10")]).toBe(best);
    expect([...info].filter((v) => v === best).length).toBe(2);
    expect(g.explain(at("G10")).axes[0].unit).toMatchObject({
      role: "defence",
      pattern: ".XXXX.",
      class: "OPEN_FOUR",
    });
  });

  it("between the two, the scan order from the random start decides", () => {
    const g = gameWith({ O: human });
    const g10 = at("G10"),
      k10 = at("K10");
    for (let start = 0; start < 361; start++) {
      const expected = start <= g10 ? g10 : k10; // forward leg meets G10 first, else K10 first on either leg
      expect(pcMoveScan(g.state.info, g.state.plocha, start)).toBe(expected);
    }
  });

  it("the block that is also the computer's own best attack wins from every start (the crossmix effect comes from the sum)", () => {
    const g = gameWith({ X: ["K11", "K12"], O: human });
    expect(g.explain(at("K10")).axes[1].unit).toMatchObject({ role: "attack", class: "WIDE_THREE" });
    for (let start = 0; start < 361; start++)
      expect(pcMoveScan(g.state.info, g.state.plocha, start)).toBe(at("K10"));
  });
});

describe("known limitation (evaluator.md 7.3): the static evaluator does not see a human 4+3 coming", () => {
  // Human: a three H10 I10 J10 closed by X at G10, and an open two K8 K9; K10 makes a four and an
  // open three at once. Computer: C15 D15 and E16 E17, so E15 makes two wide threes.
  const X = ["G10", "C15", "D15", "E16", "E17"];
  const O = ["H10", "I10", "J10", "K8", "K9"];

  it("scores the human's 4+3 square (defence FOUR 10 + defence WIDE_THREE 8) below its own double three (33 + 33)", () => {
    const g = gameWith({ X, O });
    const k10 = g.explain(at("K10"));
    expect(k10.axes.map((a) => a.unit?.class)).toEqual(["FOUR", "WIDE_THREE", "ONE", "ONE"]);
    expect(k10.total).toBe(22);
    expect(g.state.info[at("K10")]).toBe(22);
    expect(g.state.info[at("E15")]).toBe(70);
    expect(g.computerMove()).toBe(at("E15"));
  });

  it("so the human plays the 4+3, the computer must block the four, and the open three wins", () => {
    const g = gameWith({ X, O });
    g.computerMove(); // E15
    let out = g.humanMove(at("K10")); // four H10-K10 and open three K8-K10
    expect(out.computer).toBe(at("L10")); // blocking the five (3850) beats its own open four (960)
    out = g.humanMove(at("K11")); // open four K8-K11
    expect([at("K7"), at("K12")]).toContain(out.computer);
    const other = out.computer === at("K7") ? at("K12") : at("K7");
    expect(g.humanMove(other).result).toBe("human");
  });
});

describe("the open three left standing (the game that changed the table values)", () => {
  // PISKASM /S:16420, human first, with the first table values: the human's moves R11 Q11 Q10 P9 P10
  // O7 Q8 M8 M9 M11 O12 P11 and the computer's answers R10 O11 Q9 O8 P8 N8 L8 N10 O9 O10 M10 (computed
  // with those values). The computer then played the double three N9 (120 + 120 + 10) instead of
  // blocking the human's open three (230 + 18), and the human won.
  const X = ["R10", "O11", "Q9", "O8", "P8", "N8", "L8", "N10", "O9", "O10", "M10"];
  const O = ["R11", "Q11", "Q10", "P9", "P10", "O7", "Q8", "M8", "M9", "M11", "O12", "P11"];

  it("now scores every block of the open three above the double three N9, and does not play N9", () => {
    const g = gameWith({ X, O });
    const { plocha, info } = g.state;
    expect(priorityLevel(plocha, at("N9"))).toBe("DOUBLE_THREE");
    const blocks = [...info.keys()].filter(
      (cell) => plocha[cell] === 0 && priorityLevel(plocha, cell) === "BLOCK_WIN_IN_TWO",
    );
    expect(blocks.length).toBeGreaterThan(0);
    for (const cell of blocks) expect(info[cell], formatCell(cell)).toBeGreaterThan(info[at("N9")]);
    expect(g.computerMove()).not.toBe(at("N9"));
  });
});
