/**
 * The seed's engines as the human opponent of the differential run (`piskasm diff --policy NAME`):
 * longer, sharper games than the random policy, every computer move still equal to engine-ts's.
 */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { planGames } from "../../testkit/plans.js";
import { runDiff } from "../../harness/run.js";
import { BOOT, describeMismatches } from "./setup.js";

const FAKE_BRAIN = `"${process.execPath}" "${resolve("tests/arena/fixtures/pbrain-fake.mjs")}" ok`;

describe("the asm engine and engine-ts against the seed's engines", () => {
  it.each([["five"], ["crossmix"], ["pela"]] as const)(
    "agree on every computer move of 6 games against %s, both starters",
    async (policy) => {
      const specs = planGames({ games: 6, policy, runSeed: 14, maxComputerMoves: 120 });
      const { outcomes, summary } = await runDiff({ boot: BOOT, specs, jobs: 1 });
      expect(describeMismatches(outcomes)).toBe("");
      expect(new Set(outcomes.map((o) => o.spec.whoStarts))).toEqual(new Set(["human", "computer"]));
      expect(
        outcomes.every((o) => o.result === "human" || o.result === "computer" || o.result === "draw"),
      ).toBe(true);
      expect(summary.computerMoves).toBeGreaterThan(6 * 8);
    },
  );

  it("agree on games against an external brain run through the protocol (pbrain:CMD)", async () => {
    const specs = planGames({ games: 2, policy: `pbrain:${FAKE_BRAIN}`, runSeed: 3, maxComputerMoves: 30 });
    const { outcomes, summary } = await runDiff({ boot: BOOT, specs, jobs: 1 });
    expect(describeMismatches(outcomes)).toBe("");
    expect(summary.computerMoves).toBeGreaterThan(4);
    expect(outcomes.every((o) => o.humanMoves.length > 2)).toBe(true);
  });
});
