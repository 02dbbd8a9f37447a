/**
 * The games of a fixed `--seed` run are pinned by their moves digest (harness/moves-digest.ts) in
 * golden-games.json: a change to the emulator, the DOS, the mouse driver or the harness that alters
 * any move of any game fails here. When the evaluator or its tables change on purpose, re-pin once
 * after checking that the run has 0 mismatches:
 *
 *   PISKASM_PIN_GOLDEN=1 npx vitest run tests/diff/golden-games.test.ts
 *
 * (the same figures: `piskasm diff --games 40 --seed 4242 --policy engine --max-moves 60 --json`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { planGames } from "../../testkit/plans.js";
import { movesDigest } from "../../testkit/plans.js";
import { runDiff } from "../../harness/run.js";
import { BOOT, describeMismatches } from "./setup.js";

const GOLDEN_FILE = join(import.meta.dirname, "golden-games.json");

interface Golden {
  games: number;
  seed: number;
  policy: "engine" | "random";
  maxComputerMoves: number;
  computerMoves: number;
  movesDigest: string;
}

function readGolden(): Golden {
  return JSON.parse(readFileSync(GOLDEN_FILE, "utf8")) as Golden;
}

const golden = readGolden();
const pinning = process.env.PISKASM_PIN_GOLDEN === "1";

describe("the games of a fixed --seed run", () => {
  it("are the pinned games: same moves digest, 0 mismatches", async () => {
    const specs = planGames({
      games: golden.games,
      policy: golden.policy,
      runSeed: golden.seed,
      fixedSeed: golden.seed,
      maxComputerMoves: golden.maxComputerMoves,
    });
    const { outcomes, summary } = await runDiff({ boot: BOOT, specs, jobs: 1 });
    expect(describeMismatches(outcomes)).toBe("");
    const measured = { computerMoves: summary.computerMoves, movesDigest: movesDigest(outcomes) };
    if (pinning) {
      writeFileSync(GOLDEN_FILE, `${JSON.stringify({ ...golden, ...measured }, null, 2)}\n`);
      console.log(`re-pinned ${GOLDEN_FILE}: ${JSON.stringify(measured)}`);
    }
    const pinned = readGolden();
    expect(measured).toEqual({ computerMoves: pinned.computerMoves, movesDigest: pinned.movesDigest });
  });
});
