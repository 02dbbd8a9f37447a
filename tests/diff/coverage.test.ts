/**
 * `piskasm diff --coverage` and the sweep policy: the tracer's INT 3s see the blocks a short run
 * executes and not the ones it cannot reach, and the sweep policy's openings reach the set-up mode,
 * a draw and PCMove's fallback to the first empty cell, every step checked against engine-ts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { controlFlow } from "../../debug/control-flow.js";
import { coveragePlan, coverageReport, type CoverageReport } from "../../debug/coverage-report.js";
import type { SymbolMap } from "../../debug/listing.js";
import { planGames } from "../../testkit/plans.js";
import type { GameSpec } from "../../harness/model.js";
import { runDiff } from "../../harness/run.js";
import { SWEEP_PERIOD } from "../../harness/sweep.js";
import { BOOT, describeMismatches } from "./setup.js";

const map = JSON.parse(readFileSync("build/piskasm.sym.json", "utf8")) as SymbolMap;
const image = readFileSync("build/PISKASM.COM");
const flow = controlFlow(map, image);
const plan = coveragePlan(flow, image, map.origin);

const hitOf = (report: CoverageReport, routine: string): number =>
  report.routines.find((r) => r.routine === routine)?.blocksHit ?? -1;
const uncovered = (report: CoverageReport, routine: string): string[] =>
  report.uncoveredBlocks.filter((b) => b.routine === routine).map((b) => b.text);

describe("diff --coverage", () => {
  it("sees the menu and the first computer move of a short run, and not the set-up it never entered", async () => {
    const specs = planGames({ games: 2, policy: "random", runSeed: 5, maxComputerMoves: 3 });
    const { outcomes, coverage } = await runDiff({ boot: BOOT, specs, jobs: 1, coverage: plan });
    expect(describeMismatches(outcomes)).toBe("");
    if (!coverage) throw new Error("the run returned no coverage");
    const report = coverageReport(flow, coverage);
    const newGame = report.routines.find((r) => r.routine === "new_game");
    expect(newGame?.blocksHit).toBeGreaterThan(0);
    expect(hitOf(report, "first_move")).toBe(2);
    expect(hitOf(report, "get_random")).toBe(1);
    expect(hitOf(report, "set_up_position")).toBe(0);
    expect(uncovered(report, "pc_move")).toContain("xor di, di");
    expect(report.evaluator.blocksHit).toBeLessThan(report.evaluator.blocks);
  });
});

describe("the sweep policy", () => {
  const spec = (index: number): GameSpec => ({
    index,
    whoStarts: "human",
    policy: "sweep",
    policySeed: 1000 + index,
    maxComputerMoves: 40,
  });

  it("draws on a board set up full, draws after PCMove's fallback on a board full but its corners, wins in the set-up and leaves it with Esc", async () => {
    const specs = [0, 5, 7, SWEEP_PERIOD].map(spec);
    const { outcomes, coverage } = await runDiff({ boot: BOOT, specs, jobs: 1, coverage: plan });
    expect(describeMismatches(outcomes)).toBe("");
    expect(outcomes.map((o) => o.result)).toEqual(["draw", "human", "escaped", "draw"]);
    // Two corners each: the computer's two stones both by the fallback, then the human's last one draws.
    expect(outcomes[3].checkedComputerMoves).toBe(2);
    if (!coverage) throw new Error("the run returned no coverage");
    const report = coverageReport(flow, coverage);
    expect(uncovered(report, "pc_move")).not.toContain("xor di, di");
    expect(uncovered(report, "set_up_position")).not.toContain("mov al, SETUP_GAME_OVER");
    expect(uncovered(report, "play_stone")).not.toContain("mov si, msg_draw");
  }, 240_000);

  it("types bad seeds, a good one and Esc at the menu, sets up a few stones with noise and hands them to the human", async () => {
    const specs = [1, 3].map(spec);
    const { outcomes } = await runDiff({ boot: BOOT, specs, jobs: 1 });
    expect(describeMismatches(outcomes)).toBe("");
    // The set-up of game 3 went to the human, who played on (the storm's turns may end it with Esc later).
    expect(outcomes[1].humanMoves.length).toBeGreaterThan(0);
  }, 120_000);
});
