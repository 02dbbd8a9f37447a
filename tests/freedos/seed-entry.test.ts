/**
 * Menu key S under FreeDOS: a seed typed at the game's own prompt (Phase SEED_ENTRY) gives the same
 * games as `piskasm diff --seed` gives under the project's small DOS: the same Seed, the same human
 * moves and the same computer answers, each game also checked move by move against engine-ts.
 */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { BootSpec } from "../../guest/boot.js";
import { planGames } from "../../testkit/plans.js";
import { runDiff } from "../../harness/run.js";
import { freedosFloppy, noFreedos, tierName } from "./tier.js";
import type { GameOutcome } from "../../harness/model.js";

/** Generous: the FreeDOS tier often shares the machine with other emulators. */
const STEP_TIMEOUT_MS = 60_000;
const SMALL_DOS: BootSpec = {
  image: resolve("build/piskasm.img"),
  dos: "builtin",
  timeoutMs: STEP_TIMEOUT_MS,
};
/** What `piskasm diff --seed 777 --games 3 --policy engine --max-moves 60` plans. */
const PLAN = { games: 3, policy: "engine", runSeed: 777, fixedSeed: 777, maxComputerMoves: 60 } as const;

/** What makes two runs the same games. */
function games(outcomes: readonly GameOutcome[]) {
  return outcomes.map((o) => ({
    seed: o.seed,
    result: o.result,
    human: o.humanMoves,
    computer: o.computerMoves,
  }));
}

describe.skipIf(noFreedos)(tierName("FreeDOS: a seed typed after menu key S"), () => {
  it(
    "gives the same games as piskasm diff --seed under the small DOS, with no mismatch on either",
    async () => {
      const underFreedos = await runDiff({
        boot: { image: freedosFloppy(), dos: "freedos", timeoutMs: STEP_TIMEOUT_MS },
        specs: planGames(PLAN),
        jobs: 1,
      });
      const underSmallDos = await runDiff({ boot: SMALL_DOS, specs: planGames(PLAN), jobs: 1 });
      expect(underFreedos.summary.mismatches).toBe(0);
      expect(underSmallDos.summary.mismatches).toBe(0);
      expect(underFreedos.outcomes.map((o) => o.seed)).toEqual([777, 778, 779]);
      expect(underFreedos.outcomes.every((o) => o.computerMoves.length > 1)).toBe(true);
      expect(games(underFreedos.outcomes)).toEqual(games(underSmallDos.outcomes));
    },
    STEP_TIMEOUT_MS * 6,
  );
});
