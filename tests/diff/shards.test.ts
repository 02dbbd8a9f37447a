/**
 * Shards (harness/shard.ts): the shards of a run split its games without gaps or overlaps, and run
 * through the CLI (`piskasm diff --shard i/n`, then `piskasm report merge`) they check exactly the
 * moves of the unsharded run.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { planGames } from "../../testkit/plans.js";
import { parseShard } from "../../harness/shard.js";
import { CLI, IMAGE } from "./setup.js";

const out = mkdtempSync(join(tmpdir(), "piskasm-shards-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function piskasm(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 180_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The figures a run printed with --json; the exchanged output in the message when it failed. */
function figures(run: { status: number | null; stdout: string; stderr: string }): Record<string, unknown> {
  expect(run.status, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

describe("the shards of a run", () => {
  it.each([1, 2, 3, 5, 8])(
    "split 37 games over %i shards, each game exactly once and both starters per shard",
    (count) => {
      const plan = { games: 37, policy: "random", runSeed: 1, fixedSeed: 1, maxComputerMoves: 10 } as const;
      const specs = planGames(plan);
      const shards = Array.from({ length: count }, (_, index) =>
        planGames({ ...plan, shard: { index, count } }),
      );
      const played = shards.flat().map((spec) => spec.index);
      expect(played.sort((a, b) => a - b)).toEqual(specs.map((spec) => spec.index));
      for (const shard of shards)
        expect(new Set(shard.map((spec) => spec.whoStarts))).toEqual(new Set(["human", "computer"]));
    },
  );

  it.each(["3", "3/3", "-1/2", "1/0", "a/b"])("reject the shard %j", (text) => {
    expect(() => parseShard(text)).toThrow(/--shard/);
  });

  it("check exactly the moves of the unsharded run, and report merge adds them up to its digest", () => {
    const run = [
      "--games",
      "12",
      "--seed",
      "500",
      "--policy",
      "random",
      "--max-moves",
      "20",
      "--image",
      IMAGE,
      "--json",
    ];
    const whole = figures(piskasm("diff", ...run, "--out", join(out, "whole")));
    const dirs = [0, 1, 2].map((i) => join(out, `shard${i}`));
    const shardFigures = dirs.map((dir, i) =>
      figures(piskasm("diff", ...run, "--shard", `${i}/3`, "--out", dir)),
    );
    expect(shardFigures.map((f) => f.games)).toEqual([4, 4, 4]);
    expect(shardFigures.map((f) => f.movesDigest)).not.toContain(whole.movesDigest);
    const merged = figures(piskasm("report", "merge", ...dirs, "--out", join(out, "merged"), "--json"));
    expect(merged).toMatchObject({
      shards: 3,
      games: 12,
      mismatches: 0,
      computerMoves: whole.computerMoves,
      movesDigest: whole.movesDigest,
    });
  });

  it("are refused by report merge when one is missing, with one line and exit code 2", () => {
    const dir = join(out, "lonely");
    figures(
      piskasm(
        "diff",
        "--games",
        "4",
        "--seed",
        "9",
        "--max-moves",
        "3",
        "--shard",
        "1/2",
        "--image",
        IMAGE,
        "--out",
        dir,
        "--json",
      ),
    );
    const run = piskasm("report", "merge", dir, "--out", join(out, "lonely-merged"));
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toEqual(["piskasm: shards missing from the run of 2: 0/2"]);
  });

  it("need a fixed --seed, so that every shard plans the same games", () => {
    const run = piskasm("diff", "--games", "4", "--shard", "0/2", "--image", IMAGE);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--shard needs --seed");
  });
});
