/**
 * `mutate --incremental` after a change to one routine: every mutant's bytes move, so no verdict is
 * reused whole, but each kill of the last campaign is re-verified by its killing game alone on the new
 * program, and the result equals a full campaign of the changed source while playing fewer games.
 * The campaigns run on a copy of the project (testkit/project-copy.ts) whose one routine changes.
 * Such a change makes every mutant's program new, so a re-run of a campaign with --limit assembles
 * only the mutants it spreads over, not every mutant of the program.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listenForInterrupts } from "../../cli/interrupt.js";
import { asmMutants, buildMutants } from "../../mutate/asm-mutants.js";
import { readAsmSource, routineNames } from "../../mutate/asm-source.js";
import { asmTarget } from "../../mutate/asm-target.js";
import type { GamePlan } from "../../mutate/campaign.js";
import type { MutationReport } from "../../mutate/report.js";
import { progressReporter } from "../../mutate/reporter.js";
import { runCampaign } from "../../mutate/run-campaign.js";
import { spreadPositions } from "../../mutate/select.js";
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
    reporter: progressReporter({ write: () => undefined }),
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

/** `routines`' mutants built with `limit`, and how many were assembled. */
async function limited(routines: string[], limit: number, scratch: string) {
  const source = readAsmSource(asm);
  const mutants = asmMutants(source, new Set(routines));
  let assembled = 0;
  const built = await buildMutants(source, asm, mutants, join(dir, scratch), {
    parallel: 2,
    limit,
    onProgress: () => assembled++,
  });
  const { notAssembling, identical, duplicate } = built.dropped;
  return { mutants, built, assembled, examined: built.kept.length + notAssembling + identical + duplicate };
}

describe("mutate --limit", () => {
  it("assembles only the mutants it spreads over, the first new program of each stretch", async () => {
    const source = readAsmSource(asm);
    const { mutants, built, assembled, examined } = await limited(routineNames(source), 10, "limit");
    expect(built.kept).toHaveLength(10);
    expect(new Set(built.kept.map((m) => m.hash)).size).toBe(10);
    expect(assembled).toBe(examined);
    expect(assembled).toBeLessThan(mutants.length / 10);
    const index = built.kept.map((m) => mutants.findIndex((n) => n.id === m.id));
    const starts = spreadPositions(mutants.length, 10);
    index.forEach((i, k) => {
      expect(i).toBeGreaterThanOrEqual(starts[k]);
      expect(i).toBeLessThan(starts[k + 1] ?? mutants.length);
    });
  }, 120_000);

  it("goes on into the next stretch when a stretch has no mutant that builds", async () => {
    // bss_start's 45 mutants (its reservations given an immediate or removed) do not assemble.
    const { built } = await limited(["bss_start", "get_random"], 2, "limit-flow");
    expect(built.dropped.notAssembling).toBe(45);
    expect(built.kept.map((m) => m.routine)).toEqual(["get_random", "get_random"]);
  }, 120_000);
});
