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
import { CLI, findMutant, findTsMutant } from "./mutants.js";

const out = mkdtempSync(join(tmpdir(), "piskasm-probes-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The mutants' campaign (of the asm, or of engine-ts) with one engine game before the eight probes. */
function campaign(ids: string[], target: "asm" | "ts" = "asm"): MutationReport {
  const dir = join(out, target);
  const run = spawnSync(
    process.execPath,
    [CLI, "mutate", "--target", target, "--ids", ids.join(","), "--games", "1", "--policy", "engine"].concat([
      "--jobs",
      "2",
      "--shrink-ms",
      "0",
      "--out",
      dir,
    ]),
    { encoding: "utf8", timeout: 280_000 },
  );
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(readFileSync(join(dir, "mutation.json"), "utf8")) as MutationReport;
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
      // Game 1 is the engine game; the probes follow as games 2..9, scenario (game - 1) mod 8.
      expect(byId.get(ids[0])).toMatchObject({ status: "killed", games: 9 });
      expect(byId.get(ids[1])).toMatchObject({ status: "killed", games: 2 });
      const ninth = byId.get(ninthRay.id);
      expect(ninth).toMatchObject({ status: "killed", games: 1 });
      const mismatch = JSON.parse(
        readFileSync(join(out, "asm", "reports", ninth?.report ?? "none"), "utf8"),
      ) as MismatchReport;
      // The ninth ray re-scores one more cell (its count_score leaves its own ScoreSum) and writes into
      // the program's texts: both show in the whole program's check.
      expect(mismatch.diffs.map((d) => d.field)).toEqual(["ScoreSum", "Program"]);
    },
    300_000,
  );

  it(
    "kill engine-ts's win check blind to row 0 (edge-five), its step past a side edge (edge-wrap) and " +
      "PCMove's backward scan stopping before cell 0 (corner-best), which every played game let survive",
    () => {
      const line = "plocha[r * size + c] === side) {";
      const blindRow = findTsMutant(
        "isWin",
        `while (r > 0 && r < size && c >= 0 && c < size && ${line}`,
        "jump-neighbour",
      );
      const pastLeft = findTsMutant(
        "isWin",
        `while (r >= 0 && r < size && c >= (0 - 1) && c < size && ${line}`,
        "immediate-1",
      );
      const pastRight = findTsMutant(
        "isWin",
        `while (r >= 0 && r < size && c >= 0 && c <= size && ${line}`,
        "jump-neighbour",
      );
      const notCorner = findTsMutant("pcMoveScan", "for (let i = start - 1; i > 0; i--) {", "jump-neighbour");
      const skipStart = findTsMutant(
        "pcMoveScan",
        "for (let i = start - (1 + 1); i >= 0; i--) {",
        "immediate+1",
      );
      const report = campaign(
        [blindRow, pastLeft, pastRight, notCorner, skipStart].map((m) => m.id),
        "ts",
      );
      const games = new Map(report.mutants.map((m) => [m.id, m.status === "killed" ? m.games : m.status]));
      // Game 1 is the engine game; probe scenario k (k >= 1) is game k + 1.
      expect(games.get(blindRow.id)).toBe(6);
      expect(games.get(pastLeft.id)).toBe(7);
      expect(games.get(pastRight.id)).toBe(7);
      expect(games.get(notCorner.id)).toBe(8);
      expect(games.get(skipStart.id)).toBe(8);
    },
    300_000,
  );
});
