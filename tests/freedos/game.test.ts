/**
 * PISKASM.COM under FreeDOS, the same binaries as under the small DOS: boot to the menu, one whole
 * game checked move by move against engine-ts, and a short differential run whose forced seeds the
 * harness types at the game's own seed prompt (menu key S).
 */
import { describe, expect, it } from "vitest";
import { planGames } from "../../testkit/plans.js";
import { Phase } from "../../guest/game-view.js";
import type { GameSession } from "../../guest/session.js";
import { runDiff } from "../../harness/run.js";
import { playGame } from "../../harness/runner.js";
import { freedosGameForDescribe, noFreedos, tierName } from "./tier.js";

const STEP_TIMEOUT_MS = 30_000;
/** Long enough for any game to end: a board has 361 cells, the computer answers every human move. */
const WHOLE_GAME = 200;

describe.skipIf(noFreedos)(tierName("FreeDOS: PISKASM.COM boots, plays and matches engine-ts"), () => {
  const game = freedosGameForDescribe(STEP_TIMEOUT_MS);
  const opened = (): GameSession => game.session();

  it("boots FreeDOS, loads MOUSE.COM and shows the game's menu", () => {
    expect(opened().phase()).toBe(Phase.MENU);
    expect(opened().pointer()).toBeDefined();
  });

  it("plays one whole game with every computer move equal to engine-ts", async () => {
    const [spec] = planGames({ games: 1, policy: "random", runSeed: 2024, maxComputerMoves: WHOLE_GAME });
    const outcome = await playGame(opened(), spec);
    expect(outcome.mismatch).toBeUndefined();
    expect(["computer", "human", "draw"]).toContain(outcome.result);
    expect(opened().phase()).toBe(Phase.MENU);
  });

  it("runs a short differential run with seeds typed after menu key S: no mismatch", async () => {
    const specs = planGames({
      games: 4,
      policy: "engine",
      runSeed: 7,
      fixedSeed: 4321,
      maxComputerMoves: 40,
    });
    const { outcomes, summary } = await runDiff({ boot: game.boot(), specs, jobs: 1 });
    expect(outcomes.map((o) => o.mismatch)).toEqual([undefined, undefined, undefined, undefined]);
    expect(outcomes.map((o) => o.seed)).toEqual([4321, 4322, 4323, 4324]);
    expect(summary.mismatches).toBe(0);
  });
});
