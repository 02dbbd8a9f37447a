/** `piskasm arena` as a user runs it: PSQ per game, results.json, --resume, the table, clear errors. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parsePsq } from "../../records/psq.js";
import { games, results } from "./games.js";

const CLI = resolve("bin/piskasm.mjs");
const out = mkdtempSync(join(tmpdir(), "piskasm-arena-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function piskasm(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 120_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const ARENA = [
  "arena",
  "--players",
  "five,crossmix,random",
  "--games",
  "4",
  "--size",
  "15",
  "--time-per-move",
  "0",
  "--seed",
  "3",
];

describe("piskasm arena", () => {
  const dir = join(out, "a");

  it("plays every pair, saves each game as PSQ and prints the table with Elo intervals", () => {
    const run = piskasm(...ARENA, "--out", dir);
    expect(run.stderr).not.toMatch(/piskasm:/);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/five vs crossmix\s+4\s+\d+\s+\d+\s+\d+/);
    expect(run.stdout).toMatch(/random\s+0\s+anchor/);
    expect(run.stdout).toMatch(/crossmix\s+-?\d+\s+\+-\d+/);
    const r = results(dir);
    expect(r.played).toBe(12);
    expect(r.standings?.ratings).toHaveLength(3);
    expect(games(dir).map((g) => g.index)).toEqual([...Array(12).keys()]);
    for (const g of games(dir)) {
      const record = parsePsq(readFileSync(join(dir, g.psq), "utf8"));
      expect(record.players).toEqual([g.first, g.second]);
      expect(record.size).toBe(15);
      expect(record.moves).toHaveLength(g.plies);
    }
  });

  it("--resume plays only the games an interrupted arena lacks, with the same results", () => {
    const full = games(dir);
    const kept = full.filter((g) => g.index % 3 !== 0);
    writeFileSync(join(dir, "games.jsonl"), kept.map((g) => `${JSON.stringify(g)}\n`).join(""));
    const keptPsq = join(dir, kept[0].psq);
    const before = statSync(keptPsq).mtimeMs;
    const run = piskasm(...ARENA, "--out", dir, "--resume", "--seed", "9");
    expect(run.status).toBe(0);
    expect(results(dir).settings.seed).toBe(3);
    expect(results(dir).played).toBe(12);
    expect(games(dir).map((g) => [g.index, g.winner, g.plies])).toEqual(
      full.map((g) => [g.index, g.winner, g.plies]),
    );
    expect(statSync(keptPsq).mtimeMs).toBe(before);
  });

  it.each([
    [[...ARENA, "--out", join(out, "a")], "already holds an arena"],
    [
      [...ARENA.slice(0, 4), "6", ...ARENA.slice(5), "--out", join(out, "a"), "--resume"],
      "other settings (gamesPerPair",
    ],
    [["arena", "--players", "five,gnugo", "--out", join(out, "b")], 'unknown player "gnugo"'],
    [["arena", "--players", "five,pbrain", "--out", join(out, "b")], "give the brain's command line"],
    [["arena", "--players", "five,random", "--size", "9", "--out", join(out, "b")], "10x10 to 22x22"],
    [["arena", "--players", "asm,random", "--size", "15", "--out", join(out, "b")], "19x19 only"],
    [
      ["arena", "--players", "five,random", "--time-per-move", "fast", "--out", join(out, "b")],
      "--time-per-move must be",
    ],
  ])("rejects %j with one line and exit code 2", (args, message) => {
    const run = piskasm(...args);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(message);
  });
});
