/**
 * `piskasm diff` and `piskasm report merge` under a hostile user: signals while two jobs write a
 * report per game, a disk that fills before the shard summary, outputs under /proc, shards of other
 * programs or inconsistent in themselves, reports that are symbolic links, merges refused or cut short
 * and run again. Each failed on the code before the fix; refusals are one `piskasm:` line, exit 2.
 */
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectOneLine,
  piskasm,
  piskasmSignalled,
  smallDisk,
  smallDiskUnavailable,
  tempDir,
} from "../support/cli.js";
import { faultyImage, spinningImage } from "./faulty-image.js";
import { IMAGE } from "./setup.js";

const dir = tempDir("diff-hostile");
let faulty: string;
beforeAll(() => {
  faulty = faultyImage(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Shard `shard` of a 4-game run of `image` in `out` (the faulty floppy: every game a mismatch report). */
function shardOf(out: string, shard: string, image = faulty): void {
  const run = piskasm(
    "diff",
    "--games",
    "4",
    "--seed",
    "5",
    "--max-moves",
    "2",
    // Every game of the random policy reaches the faulty first move (sweep's set-up openings need not).
    "--policy",
    "random",
    "--shard",
    shard,
    "--image",
    image,
    "--out",
    out,
  );
  expect(run.status, run.stderr).toBe(image === faulty ? 1 : 0);
}

describe("piskasm diff: signals with two jobs writing a report per game", () => {
  it("ends within seconds of SIGINT with the summary so far and exit code 130", async () => {
    const out = join(dir, "sig");
    const run = await piskasmSignalled(
      ["diff", "--jobs", "2", "--games", "100000", "--max-moves", "5", "--image", faulty, "--out", out],
      () => existsSync(out) && readdirSync(out).length > 60,
      ["SIGINT", "SIGTERM", "SIGHUP"],
    );
    expect(run.msAfterSignal).toBeLessThan(10_000);
    expect(run.status, run.stderr.slice(-500)).toBe(130);
    expect(run.stdout).toContain("interrupted by SIGINT after");
  });
});

describe("piskasm diff and report merge: files", () => {
  it.skipIf(smallDiskUnavailable !== undefined)(
    `leaves no broken shard summary on a full disk, and still prints the figures (${smallDiskUnavailable ?? "tmpfs"})`,
    () => {
      const disk = smallDisk(64);
      try {
        const out = join(disk.path, "r");
        const run = piskasm(
          "diff",
          "--games",
          "40",
          "--seed",
          "5",
          "--max-moves",
          "2",
          "--shard",
          "0/2",
          "--json",
          "--image",
          faulty,
          "--out",
          out,
        );
        expect(run.stderr).toMatch(
          /piskasm: cannot write (shard summary|report directory) \S+: no space left on device \(ENOSPC\)/,
        );
        expect(run.stderr).not.toMatch(/^\s+at /m);
        expect(run.status).toBe(2);
        expect(readdirSync(out).filter((f) => f.startsWith("shard-"))).toEqual([]);
        expect(JSON.parse(run.stdout)).toHaveProperty("games", 20);
      } finally {
        disk.unmount();
      }
    },
  );

  it.skipIf(smallDiskUnavailable !== undefined)(
    `names a read-only disk as such, not as "not found" (${smallDiskUnavailable ?? "tmpfs"})`,
    () => {
      const disk = smallDisk(64, true);
      try {
        expectOneLine(
          piskasm("diff", "--games", "1", "--image", IMAGE, "--out", join(disk.path, "a", "b")),
          "read-only file system (EROFS)",
        );
      } finally {
        disk.unmount();
      }
    },
  );

  it("refuses --out under /proc for diff, report merge and disk at once", () => {
    // diff from a floppy that cannot boot: refused before the emulator starts, or it would time out.
    const spinning = spinningImage(dir, IMAGE);
    for (const args of [
      ["diff", "--games", "1", "--image", spinning, "--timeout-ms", "10000", "--out", "/proc/self/piskasm/r"],
      ["report", "merge", dir, "--out", "/proc/self/piskasm/m"],
      ["disk", "--freedos", IMAGE, "-o", "/proc/self/status"],
    ]) {
      expectOneLine(piskasm(...args), "kernel's proc file system");
    }
  });

  it("merges the reports with their .psq and .sgf, and a merge run again (or after an interruption) succeeds", () => {
    const out = join(dir, "shards");
    shardOf(out, "0/2");
    shardOf(out, "1/2");
    const merged = join(dir, "merged");
    expect(piskasm("report", "merge", out, "--out", merged, "--image", faulty).status).toBe(1);
    const files = readdirSync(merged);
    for (const ext of [".json", ".psq", ".sgf"])
      expect(files.filter((f) => f.startsWith("mismatch-") && f.endsWith(ext))).toHaveLength(4);
    // An interrupted merge: one record cut short, the summary not yet written; the refusal writes nothing.
    const record = files.find((f) => f.endsWith(".psq")) ?? "";
    rmSync(join(merged, "summary.json"));
    writeFileSync(join(merged, record), "cut");
    expectOneLine(
      piskasm("report", "merge", out, "--out", merged, "--image", faulty),
      "already exists with other content",
    );
    expect(readdirSync(merged)).not.toContain("summary.json");
    rmSync(join(merged, record));
    expect(piskasm("report", "merge", out, "--out", merged, "--image", faulty).status).toBe(1);
    expect(JSON.parse(readFileSync(join(merged, "summary.json"), "utf8"))).toHaveProperty("games", 4);
  });

  it("refuses shards of another program, shards inconsistent in themselves and reports that are symbolic links", () => {
    const [a, b, other] = ["a", "b", "other"].map((name) => join(dir, `shard-${name}`));
    shardOf(a, "0/2");
    shardOf(b, "1/2");
    shardOf(other, "1/2", IMAGE);
    expectOneLine(
      piskasm("report", "merge", a, other, "--out", join(dir, "m1"), "--image", faulty),
      "was made by another program",
    );
    const path = join(a, "shard-0-of-2.json");
    const summary = JSON.parse(readFileSync(path, "utf8")) as {
      games: number;
      mismatches: number;
      reports: string[];
    };
    writeFileSync(path, JSON.stringify({ ...summary, mismatches: 0 }));
    expectOneLine(
      piskasm("report", "merge", a, b, "--out", join(dir, "m2"), "--image", faulty),
      "reports for 0 mismatches",
    );
    writeFileSync(path, JSON.stringify({ ...summary, games: 1 }));
    expectOneLine(
      piskasm("report", "merge", a, b, "--out", join(dir, "m3"), "--image", faulty),
      "played 1 games, its shard of the plan has 2",
    );
    writeFileSync(path, JSON.stringify(summary));
    rmSync(join(a, summary.reports[0]));
    symlinkSync("/etc/passwd", join(a, summary.reports[0]));
    expectOneLine(
      piskasm("report", "merge", a, b, "--out", join(dir, "m4"), "--image", faulty),
      "is a symbolic link",
    );
  });
});
