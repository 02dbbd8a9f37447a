/**
 * Mutants no played game of the campaign told apart, killed now: by the probe games (set-up positions
 * of harness/probe.ts) or by the check that the program's own bytes stay as loaded.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { MismatchReport } from "../../checks/report.js";
import type { MutationReport } from "../../mutate/report.js";
import { CLI, findMutant } from "./mutants.js";

const out = mkdtempSync(join(tmpdir(), "piskasm-probes-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The mutants' campaign with one engine game before the five probes. */
function campaign(ids: string[]): MutationReport {
  const run = spawnSync(
    process.execPath,
    [CLI, "mutate", "--ids", ids.join(","), "--games", "1", "--policy", "engine", "--jobs", "2"].concat([
      "--shrink-ms",
      "0",
      "--out",
      out,
    ]),
    { encoding: "utf8", timeout: 280_000 },
  );
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(readFileSync(join(out, "mutation.json"), "utf8")) as MutationReport;
}

describe("the probe games and the program check", () => {
  // The table's fourth word, STEP_ANTI, one higher: the vertical step.
  const antiStep = findMutant(
    "axis_steps",
    "dw STEP_HORIZONTAL, STEP_VERTICAL, STEP_DIAGONAL, STEP_ANTI",
    "word+1",
    4,
  );
  const noTieTest = findMutant("pc_move", "cmp di, NO_CELL", "remove");
  const ninthRay = findMutant("update", "jb .next_ray", "jump-neighbour");

  it(
    "kill the anti-diagonal step made vertical (anti-five), the scan's tie test removed (corner-tie) and " +
      "update's ninth ray (it writes into the program's texts), which every played game let survive",
    () => {
      const ids = [antiStep.id, noTieTest.id, ninthRay.id];
      const report = campaign(ids);
      const byId = new Map(report.mutants.map((m) => [m.id, m]));
      // Game 1 is the engine game; the probes follow as games 2..6, scenario (game - 1) mod 5.
      expect(byId.get(ids[0])).toMatchObject({ status: "killed", games: 6 });
      expect(byId.get(ids[1])).toMatchObject({ status: "killed", games: 2 });
      const ninth = byId.get(ninthRay.id);
      expect(ninth).toMatchObject({ status: "killed", games: 1 });
      const mismatch = JSON.parse(
        readFileSync(join(out, "reports", ninth?.report ?? "none"), "utf8"),
      ) as MismatchReport;
      expect(mismatch.diffs.map((d) => d.field)).toEqual(["Program"]);
    },
    300_000,
  );
});
