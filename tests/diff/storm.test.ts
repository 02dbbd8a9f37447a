/**
 * The input storm: games in which the opponent also moves the mouse wildly, clicks outside
 * the board, on stones, between cells and with the right button, drags, presses random keys, double
 * clicks and gives games up with Esc. After every one of those inputs and after every move the whole
 * state is compared with engine-ts and the screen with Plocha.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Game } from "../../engine-ts/index.js";
import { openSession } from "../../guest/boot.js";
import { compareStates } from "../../checks/compare.js";
import { cellToScreen } from "../../guest/game-view.js";
import { planGames } from "../../testkit/plans.js";
import { runDiff } from "../../harness/run.js";
import type { GameSession } from "../../guest/session.js";
import { performNoise } from "../../harness/storm.js";
import { BOOT, describeMismatches } from "./setup.js";
import type { StormCounts } from "../../harness/model.js";

const GAMES = 200;

describe("the storm policy", () => {
  it(`plays ${GAMES} games through every kind of stray input without a divergence or a wrong screen`, async () => {
    const specs = planGames({ games: GAMES, policy: "storm", runSeed: 1717, maxComputerMoves: 60 });
    const { outcomes, summary } = await runDiff({ boot: BOOT, specs, jobs: 1 });
    expect(describeMismatches(outcomes)).toBe("");
    expect(summary.games).toBe(GAMES);
    const totals: StormCounts = { wander: 0, click: 0, drag: 0, key: 0, between: 0, double: 0, escape: 0 };
    for (const outcome of outcomes) {
      for (const key of Object.keys(totals) as Array<keyof StormCounts>)
        totals[key] += outcome.storm?.[key] ?? 0;
    }
    for (const [kind, count] of Object.entries(totals))
      expect(count, `storm inputs of kind ${kind}`).toBeGreaterThan(10);
    const results = new Set(outcomes.map((o) => o.result));
    expect(results).toContain("escaped");
    expect(results).toContain("computer");
    expect(summary.computerMoves).toBeGreaterThan(GAMES * 3);
  });
});

describe("a stray input the game takes", () => {
  let session: GameSession;
  beforeAll(async () => {
    session = await openSession(BOOT);
  });
  afterAll(async () => {
    await session?.machine.destroy();
  });

  it("is seen by the full check: a left click on an empty cell passed off as noise places a stone", async () => {
    const asm = await session.startGame("human");
    const engine = Game.newGame(asm.seed, "human");
    const cell = 181;
    const at = cellToScreen(session.layout.geometry, cell);
    await performNoise(session, { kind: "click", at, button: "right", target: "empty" });
    expect(compareStates(session.readState(), engine.state)).toEqual([]);
    await performNoise(session, { kind: "click", at, button: "left", target: "outside" });
    await session.machine.waitFor(() => session.moveCount() === 2, {
      timeoutMs: 20_000,
      what: "the answer to the stray click",
    });
    const fields = new Set(compareStates(session.readState(), engine.state).map((d) => d.field));
    expect(fields).toContain("Plocha");
    expect(fields).toContain("MoveCount");
    await session.backToMenu();
  });
});
