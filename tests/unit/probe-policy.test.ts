/** The probe policy's set-up positions do on engine-ts what harness/probe.ts says they are for. */
import { describe, expect, it } from "vitest";
import { BOARD_SIZE, CELLS, EMPTY, Game, isWin } from "../../engine-ts/index.js";
import { lastRescored } from "../../program-ts/index.js";
import { PROBES, probePolicy, probeScenario, type ProbeScenario } from "../../harness/probe.js";

function scenario(name: string): ProbeScenario {
  const found = PROBES.find((p) => p.name === name);
  if (!found) throw new Error(`no probe ${name}`);
  return found;
}

function setUp(probe: ProbeScenario): Game {
  const game = Game.setUp(probe.seed);
  for (const stone of probe.stones) game.placeStone(stone.cell, stone.side);
  return game;
}

describe("the probe policy", () => {
  it("plays scenario i mod 8 in game i, typing its Seed and setting up its stones", () => {
    expect(PROBES).toHaveLength(8);
    const opening = probePolicy().opening(10, { left: 0, top: 0, cellWidth: 2, cellHeight: 1 });
    expect(probeScenario(10)).toBe(PROBES[2]);
    expect(opening.seed).toBe(PROBES[2].seed);
    expect(opening.setUp?.actions).toHaveLength(PROBES[2].stones.length);
  });

  it("anti-five: O wins on the anti-diagonal into the corner, and the last cell update re-scores scores 0 mod 256", () => {
    const probe = scenario("anti-five");
    const game = setUp(probe);
    expect(game.result).toBe("human");
    const last = probe.stones[probe.stones.length - 1].cell;
    expect(last).toBe(BOARD_SIZE - 1);
    const line = [0, 1, 2, 3, 4].map((i) => last + i * (BOARD_SIZE - 1));
    expect(line.every((c) => game.state.plocha[c] === game.state.plocha[last])).toBe(true);
    const rescored = lastRescored(game.state.plocha, last);
    if (rescored === undefined) throw new Error("no cell was re-scored");
    expect(game.state.info[rescored] & 0xff).toBe(0);
  });

  it("corner-tie: cells 0 and 360 tie for the best score, the scan starts mid-board and takes 360", () => {
    const probe = scenario("corner-tie");
    const game = setUp(probe);
    const best = Math.max(...game.state.info);
    expect(game.state.info[0]).toBe(best);
    expect(game.state.info[CELLS - 1]).toBe(best);
    expect(game.state.info.filter((s) => s === best)).toHaveLength(2);
    expect(probe.seed % CELLS).not.toBe(0);
    expect(game.handOver("computer")).toBe(CELLS - 1);
  });

  it("scan-from-0: the first GetRandom of the game, its Seed, is 0 mod 361", () => {
    expect(scenario("scan-from-0").seed % CELLS).toBe(0);
  });

  it("fallback: no empty cell scores, cell 0 is taken, the Seed's high byte is 0, so PCMove takes the first empty cell", () => {
    const probe = scenario("fallback");
    const game = setUp(probe);
    expect(game.result).toBe("playing");
    expect(game.state.info.every((s) => s === 0)).toBe(true);
    expect(game.state.plocha[0]).not.toBe(EMPTY);
    expect(probe.seed >> 8).toBe(0);
    const first = game.state.plocha.indexOf(EMPTY);
    expect(game.handOver("computer")).toBe(first);
  });

  it("code-stride: five X on the board and no five among them", () => {
    const probe = scenario("code-stride");
    const game = setUp(probe);
    expect(game.result).toBe("playing");
    for (const { cell } of probe.stones) expect(isWin(game.state.plocha, cell)).toBe(false);
  });

  it("edge-five: O's five on the top row from corner (0,0) ends the set-up, its last stone in the middle", () => {
    const probe = scenario("edge-five");
    const game = setUp(probe);
    expect(game.result).toBe("human");
    expect(probe.stones.map((s) => s.cell).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
    expect(probe.stones[probe.stones.length - 1].cell).toBe(2);
  });

  it("edge-wrap: fours against both side edges, the wrapped row's cell holding O, and no five", () => {
    const probe = scenario("edge-wrap");
    const game = setUp(probe);
    expect(game.result).toBe("playing");
    const { plocha } = game.state;
    const o = plocha[5 * BOARD_SIZE];
    expect(o).not.toBe(EMPTY);
    const left = [0, 1, 2, 3].map((c) => 5 * BOARD_SIZE + c);
    const right = [15, 16, 17, 18].map((c) => 6 * BOARD_SIZE + c);
    for (const c of [...left, ...right]) expect(plocha[c]).toBe(o);
    // The cell before (5,0) in memory is (4,18), the cell after (6,18) is (7,0).
    expect(plocha[left[0] - 1]).toBe(o);
    expect(plocha[right[3] + 1]).toBe(o);
    for (const { cell } of probe.stones) expect(isWin(plocha, cell)).toBe(false);
  });

  it("corner-best: cell 0 alone has the best score, the scan starts at cell 1 and takes cell 0", () => {
    const probe = scenario("corner-best");
    const game = setUp(probe);
    const { info } = game.state;
    const others = Math.max(...info.subarray(1));
    expect(info[0]).toBeGreaterThan(others);
    expect(probe.seed % CELLS).toBe(1);
    expect(game.handOver("computer")).toBe(0);
  });
});
