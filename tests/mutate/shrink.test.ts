/**
 * Shrinking: `piskasm diff` on a mutant's floppy writes reports with the smallest reproduction it
 * found, and `piskasm replay` runs either game of a report to the same divergence.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readReport, type MismatchReport } from "../../checks/report.js";
import { CLI, findMutant, mutantImage } from "./mutants.js";

const out = mkdtempSync(join(tmpdir(), "piskasm-shrink-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

let image = "";
let report: MismatchReport;
let reportPath = "";

function piskasm(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 170_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(async () => {
  // is_win without its start cell copied: the program sees a five where there is none, late in a game
  // (a table mutant would not do: the runner compares the tables at the first move).
  image = await mutantImage(findMutant("is_win", "mov di, si", "remove"), join(out, "mutant"));
  const reports = join(out, "reports");
  const run = piskasm(
    "diff",
    "--image",
    image,
    "--games",
    "4",
    "--seed",
    "1",
    "--policy",
    "engine",
    "--shrink-ms",
    "20000",
    "--out",
    reports,
  );
  expect(run.status, run.stderr).toBe(1);
  const names = readdirSync(reports).filter((n) => n.endsWith(".json"));
  expect(names.length).toBeGreaterThan(0);
  reportPath = join(reports, names.sort()[0]);
  report = readReport(reportPath);
});

describe("shrinking a mismatch", () => {
  it("keeps the original game and adds a shrunk one with no more human moves", () => {
    const shrunk = report.shrunk;
    if (!shrunk || !("moves" in shrunk))
      throw new Error(`report without a shrunk game: ${JSON.stringify(shrunk)}`);
    expect(report.moves.length).toBeGreaterThan(0);
    expect(shrunk.moves.length).toBeLessThanOrEqual(report.moves.length);
    expect(shrunk.diffs.length).toBeGreaterThan(0);
    expect(shrunk.tries).toBeGreaterThan(0);
  });

  it.each([
    ["the shrunk game", ["--shrunk"]],
    ["the original game", []],
  ])("replays %s to the same divergence", (_, flags) => {
    const run = piskasm("replay", reportPath, "--image", image, "--json", ...flags);
    expect(run.status, run.stderr).toBe(1);
    const answer = JSON.parse(run.stdout) as { reproduced: boolean };
    expect(answer.reproduced, run.stdout).toBe(true);
  });
});
