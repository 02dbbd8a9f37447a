/**
 * `piskasm arena` under a hostile user and hostile brains: a disk that fills up, a brain that writes
 * one endless line or answers twice, signals with pbrain children running, absurd game counts and
 * time limits, openings that already hold five, special files and /proc as inputs and outputs,
 * corrupted or tampered results files. Each failed on the code before the fix; every refusal is one
 * `piskasm: ...` line with exit code 2, never a stack trace.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  expectOneLine,
  piskasm,
  piskasmSignalled,
  smallDisk,
  smallDiskUnavailable,
  tempDir,
  type Run,
} from "../support/cli.js";
import { games, results } from "./games.js";

const FAKE = resolve("tests/arena/fixtures/pbrain-fake.mjs");
const out = tempDir("arena-hostile");
afterAll(() => rmSync(out, { recursive: true, force: true }));

const fake = (mode: string, ...args: string[]): string =>
  `pbrain:${process.execPath} ${FAKE} ${mode} ${args.join(" ")}`.trim();

function arena(players: string, dir: string, ...more: string[]): Run {
  return piskasm(
    "arena",
    "--players",
    players,
    "--size",
    "15",
    "--time-per-move",
    "0",
    "--seed",
    "3",
    "--out",
    dir,
    ...more,
  );
}

describe("piskasm arena: files", () => {
  it.skipIf(smallDiskUnavailable !== undefined)(
    `stops on a full disk with one line naming the file, with 1 and 2 jobs (${smallDiskUnavailable ?? "tmpfs"})`,
    () => {
      for (const jobs of ["1", "2"]) {
        const disk = smallDisk(48);
        try {
          const run = arena("five,crossmix,random", join(disk.path, "a"), "--games", "40", "--jobs", jobs);
          expectOneLine(run, `${disk.path}/a/`);
          expect(run.stderr).toContain("no space left on device (ENOSPC)");
          expect(JSON.parse(readFileSync(join(disk.path, "a", "results.json"), "utf8"))).toHaveProperty(
            "played",
          );
        } finally {
          disk.unmount();
        }
      }
    },
  );

  it("refuses --out and --svg under /proc, --svg that is a folder and a missing --markdown before any game", () => {
    for (const [args, text] of [
      [["--out", "/proc/self/piskasm-arena"], "kernel's proc file system"],
      [["--out", join(out, "svg"), "--svg", out], "is a directory"],
      [["--out", join(out, "svg"), "--svg", "/proc/self/status"], "kernel's proc file system"],
      [["--out", join(out, "md"), "--markdown", join(out, "missing.md")], "not found (ENOENT)"],
    ] as const) {
      expectOneLine(piskasm("arena", "--players", "five,random", ...args), text);
    }
    // Refused before any game: no game and no results written.
    for (const folder of ["svg", "md"]) {
      expect(existsSync(join(out, folder, "games"))).toBe(false);
      expect(existsSync(join(out, folder, "results.json"))).toBe(false);
    }
  });

  it("refuses openings and results files that are a FIFO or /dev/zero, without hanging", () => {
    const fifo = join(out, "fifo");
    execFileSync("mkfifo", [fifo]);
    expectOneLine(arena("five,random", join(out, "o1"), "--openings", fifo), "not a regular file");
    expectOneLine(arena("five,random", join(out, "o2"), "--openings", "/dev/zero"), "not a regular file");
    mkdirSync(join(out, "r1"));
    execFileSync("mkfifo", [join(out, "r1", "results.json")]);
    expectOneLine(arena("five,random", join(out, "r1")), "not a regular file");
  });

  it.each([
    ["null", "is not a piskasm arena results file"],
    ["{", "is not valid JSON"],
  ])("refuses a results file holding %j with exit code 2", (text, message) => {
    const dir = join(out, `bad-${text.length}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "results.json"), text);
    expectOneLine(arena("five,random", dir, "--resume"), message);
  });

  it("--resume drops twice-listed and foreign entries and plays again a game whose PSQ was deleted", () => {
    const dir = join(out, "resume");
    expect(arena("five,random", dir, "--games", "4").status).toBe(0);
    const full = games(dir);
    const [g0, g1] = full;
    rmSync(join(dir, g1.psq));
    const tampered = [g0, g0, { ...g0, index: 99 }, { ...full[2], first: "crossmix" }, g1];
    const lines = tampered.map((g) => JSON.stringify(g)).join("\n");
    // The last line cut short, as a crash in the middle of a write leaves it.
    writeFileSync(join(dir, "games.jsonl"), `${lines}\n${JSON.stringify(full[3]).slice(0, 40)}`);
    const run = arena("five,random", dir, "--games", "4", "--resume");
    expect(run.status, run.stderr).toBe(0);
    const resumed = games(dir);
    expect(resumed.map((g) => g.index)).toEqual([0, 1, 2, 3]);
    expect(results(dir).played).toBe(4);
    expect(existsSync(join(dir, resumed[1].psq))).toBe(true);
  });
});

describe("piskasm arena: settings", () => {
  it.each([
    [["--players", "five"], "at least two players"],
    [["--players", "five,five"], "listed twice"],
    [["--players", "five,random", "--games", "2000000000000000"], "--games must be at most 1125899906842624"],
    [
      ["--players", "five,random", "--time-per-move", "3000000000"],
      "--time-per-move must be a whole number of ms up to 2147483647",
    ],
  ])("refuses %j with one line and exit code 2", (args, message) => {
    expectOneLine(piskasm("arena", ...args, "--out", join(out, "never")), message);
  });

  it("refuses an opening that already holds five in a row (also a full board's diagonal)", () => {
    const file = join(out, "five.txt");
    writeFileSync(file, "0,0 0,-1 1,1 1,-1 2,2 2,-2 3,3 3,-3 4,4\n");
    expectOneLine(arena("five,random", join(out, "five"), "--openings", file), "already holds five in a row");
  });
});

describe("piskasm arena: hostile pbrain players", () => {
  it("a brain that writes one endless line loses that game; the arena goes on and finishes", () => {
    const dir = join(out, "endless");
    const run = arena(`${fake("endless")},random`, dir, "--games", "2");
    expect(run.status, run.stderr).toBe(0);
    const played = games(dir);
    expect(played).toHaveLength(2);
    expect(played.map((g) => g.reason).join("\n")).toMatch(/wrote a line of more than 65536 characters/);
  });

  it("a brain's extra answer line is not taken as the answer to its next command", () => {
    const dir = join(out, "twice");
    const run = arena(`${fake("twice")},five`, dir, "--games", "2");
    expect(run.status, run.stderr).toBe(0);
    for (const g of games(dir)) expect(g.end, g.reason).toBe("five");
  });

  it("a turn limit of 2^31-1 ms does not overflow the brain's timer", () => {
    const dir = join(out, "long-turn");
    const run = piskasm(
      "arena",
      "--players",
      `${fake("ok")},five`,
      "--games",
      "2",
      "--size",
      "15",
      "--time-per-move",
      "2147483647",
      "--out",
      dir,
    );
    expect(run.status, run.stderr).toBe(0);
    for (const g of games(dir)) expect(g.end, g.reason).toBe("five");
  });
});

describe("piskasm arena: a brain that cannot start", () => {
  it("is named on the console, and a run where it never started exits 1", () => {
    const run = arena("random,pbrain:/nonexistent/brain", join(out, "no-start"), "--games", "2");
    expect(run.stderr.split("\n").filter((line) => line.startsWith("piskasm:"))).toEqual([
      expect.stringMatching(
        /^piskasm: pbrain:\/nonexistent\/brain could not start 2 of its 2 games: .*\/nonexistent\/brain: not found/,
      ),
    ]);
    expect(run.status).toBe(1);
  });
});

describe("piskasm arena: signals", () => {
  it("on SIGINT before every player has played says interrupted and --resume, and exits 130", async () => {
    const dir = join(out, "sig-early");
    // The hanging brain never answers its first move (no time limit): no game ends before the signal.
    const run = await piskasmSignalled(
      ["arena", "--players", `${fake("hang")},random`, "--size", "15", "--time-per-move", "0", "--out", dir],
      (stderr) => stderr.includes("arena: ["),
      ["SIGINT"],
    );
    expect(run.status, run.stderr).toBe(130);
    expect(run.stdout.trim()).toMatch(
      /^interrupted by SIGINT after 0 of 10 games in .*, before every player was rated \(--resume continues it\)$/,
    );
    expect(run.stderr).not.toContain("piskasm:");
  });

  const sleeperAlive = (tag: string): boolean => spawnSync("pgrep", ["-f", `sleep ${tag}`]).status === 0;

  it.each([
    ["SIGINT", 130, "1"],
    ["SIGTERM", 143, "2"],
    ["SIGHUP", 129, "1"],
  ] as const)(
    "on %s ends the pbrain children, prints the table so far and exits %i (jobs %s)",
    async (signal, code, jobs) => {
      const tag = `300.${code}${jobs}${process.pid}`;
      const dir = join(out, `sig-${signal}`);
      const run = await piskasmSignalled(
        [
          "arena",
          "--players",
          `${fake("child", tag)},random`,
          "--games",
          "1000",
          "--size",
          "15",
          "--time-per-move",
          "0",
          "--jobs",
          jobs,
          "--out",
          dir,
        ],
        () => existsSync(join(dir, "games.jsonl")) && games(dir).length > 0,
        [signal],
      );
      expect(run.status, run.stderr).toBe(code);
      expect(run.stdout).toContain(`interrupted by ${signal} after`);
      expect(run.stdout).toMatch(/random\s+0\s+anchor/);
      await new Promise((r) => setTimeout(r, 300));
      expect(sleeperAlive(tag)).toBe(false);
    },
  );
});
