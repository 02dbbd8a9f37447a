/**
 * `piskasm arena --games 1000000000` over a real process: the games are planned one at a time and
 * recorded on disk as they finish (games.jsonl, a PSQ each), only the running table is kept, so the
 * process's memory stays flat however long the arena is; SIGINT ends it with the table so far.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, tempDir } from "../support/cli.js";
import { games, results } from "./games.js";

const out = tempDir("arena-flat");
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The resident memory of process `pid` in MB (VmRSS), or undefined once it is gone. */
function rssMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    // The process has exited between two samples.
    return undefined;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A process this large would be holding games, not just a table (it starts at about 70 MB). */
const MAX_RSS_MB = 300;
/** Growth allowed between the first games and the SIGINT: the heap settling, not games kept. */
const MAX_GROWTH_MB = 64;
const PLAY_MS = 6_000;

describe("piskasm arena: a billion games", () => {
  it("runs in flat memory and on SIGINT prints the table of the games played and exits 130", async () => {
    const dir = join(out, "billion");
    const args = ["arena", "--players", "random,five", "--games", "1000000000", "--size", "10"];
    const child = spawn(process.execPath, [CLI, ...args, "--time-per-move", "0", "--out", dir]);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on("exit", (status) => done(status)));
    const pid = child.pid ?? -1;
    const samples: number[] = [];
    const playing = (): boolean => existsSync(join(dir, "games.jsonl")) && games(dir).length > 0;
    for (let waited = 0; !playing() && child.exitCode === null && waited < 60_000; waited += 250)
      await sleep(250);
    expect(playing(), stderr).toBe(true);
    const atFirstGames = rssMb(pid) ?? 0;
    for (let t = 0; t < PLAY_MS && child.exitCode === null; t += 250) {
      samples.push(rssMb(pid) ?? 0);
      await sleep(250);
    }
    child.kill("SIGINT");
    const killer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const status = await exited;
    clearTimeout(killer);

    expect(status, stderr).toBe(130);
    const played = games(dir).length;
    expect(played).toBeGreaterThan(10);
    expect(stdout).toContain(`interrupted by SIGINT after ${played} of 1000000000 games`);
    expect(stdout).toMatch(/random vs five\s+\d+/);
    expect(results(dir).played).toBe(played);
    const peak = Math.max(...samples);
    expect(peak, `RSS samples ${samples.map((s) => s.toFixed(0)).join(" ")} MB`).toBeLessThan(MAX_RSS_MB);
    expect(peak - atFirstGames).toBeLessThan(MAX_GROWTH_MB);
  }, 120_000);
});
