/**
 * `mutate --incremental` after a change to one routine: every mutant's bytes move, so no verdict is
 * reused whole, but each kill of the last campaign is re-verified by its killing game alone on the new
 * program, and the result equals a full campaign of the changed source while playing fewer games.
 * The campaigns run on a copy of the project (testkit/project-copy.ts) whose one routine changes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listenForInterrupts } from "../../cli/interrupt.js";
import { asmTarget } from "../../mutate/asm-target.js";
import type { GamePlan } from "../../mutate/campaign.js";
import type { MutationReport } from "../../mutate/report.js";
import { runCampaign } from "../../mutate/run-campaign.js";
import { changeOneRoutine, projectCopy } from "../../testkit/project-copy.js";
import { findMutant } from "./mutants.js";

const dir = mkdtempSync(join(tmpdir(), "piskasm-incremental-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { root, asm } = projectCopy(dir);

const PLAN: GamePlan = {
  games: 4,
  probes: 0,
  policies: ["engine", "random", "sweep"],
  seed: 1,
  maxComputerMoves: 100,
};

/** Two mutants killed by the second game (after the changed routine) and a survivor (before it). */
const ids = (): string[] => [
  findMutant("axis_steps", "dw STEP_HORIZONTAL, STEP_VERTICAL, STEP_DIAGONAL, STEP_ANTI", "word-1", 2, asm)
    .id,
  findMutant("side_best", "ret", "remove", 1, asm).id,
  // Survives: BH is 0 already (mutate/verdicts.json), so it plays every game.
  findMutant("first_move", "mov bh, 0", "remove", 1, asm).id,
];

async function campaign(out: string, mutants: string[], incremental: boolean): Promise<MutationReport> {
  const { report } = await runCampaign({
    root,
    target: "asm",
    mutants: asmTarget,
    ids: mutants,
    plan: PLAN,
    jobs: 2,
    timeoutMs: 120_000,
    shrinkMs: 0,
    shrinkSample: 0,
    out: join(dir, out),
    verdicts: join(root, "mutate", "verdicts.json"),
    incremental,
    fresh: false,
    log: () => undefined,
    listen: (cleanup) => listenForInterrupts({ onSignal: cleanup }),
  });
  if (!report) throw new Error(`the campaign in ${out} made no report`);
  return report;
}

const statuses = (r: MutationReport): [string, string][] => r.mutants.map((m) => [m.id, m.status]);

describe("mutate --incremental after a change to one routine", () => {
  it("re-verifies the kills by their killing game alone, equals a full campaign and plays fewer games", async () => {
    const first = ids();
    const before = new Map(statuses(await campaign("incremental", first, false)));
    expect(first.map((id) => before.get(id))).toEqual(["killed", "killed", "survived"]);
    changeOneRoutine(asm);
    const changed = ids();
    const incremental = await campaign("incremental", changed, true);
    const full = await campaign("full", changed, false);
    expect(statuses(incremental)).toEqual(statuses(full));
    expect(incremental.reuse).toEqual({
      exact: 0,
      reverified: 2,
      played: 1,
      games: expect.any(Number) as number,
    });
    const fullGames = full.mutants.reduce((sum, m) => sum + m.games, 0);
    expect(incremental.reuse?.games).toBeLessThan(fullGames);
  }, 600_000);
});
