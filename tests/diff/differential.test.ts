/** The differential tier: real games of PISKASM.COM in v86, every computer move checked against engine-ts. */
import { describe, expect, it } from "vitest";
import { planGames } from "../../testkit/plans.js";
import { runDiff } from "../../harness/run.js";
import { BOOT, describeMismatches } from "./setup.js";

describe("the asm engine and engine-ts", () => {
  it("agree on every computer move of 200 games against the random policy, both starters", async () => {
    const specs = planGames({ games: 200, policy: "random", runSeed: 20261121, maxComputerMoves: 80 });
    const { outcomes, summary } = await runDiff({ boot: BOOT, specs, jobs: 1 });
    expect(describeMismatches(outcomes)).toBe("");
    expect(summary.games).toBe(200);
    expect(new Set(outcomes.map((o) => o.spec.whoStarts))).toEqual(new Set(["human", "computer"]));
    expect(summary.computerMoves).toBeGreaterThan(200);
    expect(summary.instructionsPerMove.median).toBeGreaterThan(0);
  });

  it("agree on every computer move of 100 games against the engine policy, both starters", async () => {
    const specs = planGames({ games: 100, policy: "engine", runSeed: 7, maxComputerMoves: 60 });
    const { outcomes, summary } = await runDiff({ boot: BOOT, specs, jobs: 1 });
    expect(describeMismatches(outcomes)).toBe("");
    expect(new Set(outcomes.map((o) => o.spec.whoStarts))).toEqual(new Set(["human", "computer"]));
    expect(summary.computerMoves).toBeGreaterThan(100 * 5);
  });

  it("agree on games started with forced seeds (PISKASM /S:n), and each game has the seed it was given", async () => {
    const specs = planGames({
      games: 6,
      policy: "random",
      runSeed: 99,
      fixedSeed: 65533,
      maxComputerMoves: 30,
    });
    const { outcomes } = await runDiff({ boot: BOOT, specs, jobs: 1 });
    expect(describeMismatches(outcomes)).toBe("");
    expect(outcomes.map((o) => o.seed)).toEqual([65533, 65534, 65535, 0, 1, 2]);
  });
});
