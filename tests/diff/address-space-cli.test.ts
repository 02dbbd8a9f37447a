/**
 * `piskasm diff` under an address-space limit (`ulimit -v`), over real processes: V8's WebAssembly
 * guard regions and worker code ranges once made every emulator fail and `--jobs 2` die with a V8
 * fatal error (exit code 133). Now the CLI restarts Node without the trap handler, gives workers a
 * small code range, refuses jobs that cannot fit before it starts, and passes signals on once.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, expectOneLine, tempDir, type Run } from "../support/cli.js";

const dir = tempDir("diff-ulimit");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LIMIT_KB = 1_500_000;
const TIGHT_KB = 1_400_000;

/** Why `ulimit -v` cannot be set here (a lower hard limit, no bash), or undefined when it can. */
const ulimitUnavailable: string | undefined = (() => {
  const run = spawnSync("bash", ["-c", `ulimit -v ${LIMIT_KB} && ulimit -v`], { encoding: "utf8" });
  return run.status === 0 && run.stdout.trim() === String(LIMIT_KB)
    ? undefined
    : `ulimit -v ${LIMIT_KB} fails here: ${run.stderr.trim() || run.stdout.trim()}`;
})();

const command = (kb: number, args: readonly string[]): string =>
  `ulimit -v ${kb}; exec ${process.execPath} ${CLI} ${args.join(" ")}`;

function limited(kb: number, ...args: string[]): Run {
  const run = spawnSync("bash", ["-c", command(kb, args)], { encoding: "utf8", timeout: 300_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe.skipIf(ulimitUnavailable !== undefined)(
  `piskasm diff under ulimit -v (${ulimitUnavailable ?? "settable here"})`,
  () => {
    it("plays both games of --jobs 2 under 1,500,000 KB instead of dying with a V8 fatal error", () => {
      const run = limited(LIMIT_KB, "diff", "--jobs", "2", "--games", "2", "--out", join(dir, "two"));
      expect(run.stderr).not.toMatch(/Fatal|OOM/);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^2 games, \d+ computer moves checked, 0 mismatches/m);
      expect(run.stdout).toContain("with 2 job(s)");
    }, 300_000);

    it("refuses --jobs 2 under 1,400,000 KB before it starts, naming the limit and the jobs that fit", () => {
      const run = limited(TIGHT_KB, "diff", "--jobs", "2", "--games", "2", "--out", join(dir, "tight"));
      expectOneLine(run, "--jobs 2 needs about");
      expect(run.stderr).toContain(`ulimit -v allows ${Math.round(TIGHT_KB / 1024)} MB: use --jobs 1`);
    });

    it("on a terminal's Ctrl+C (SIGINT to the whole process group) prints the summary once and exits 130", async () => {
      const out = join(dir, "sig");
      const args = ["diff", "--games", "100000", "--max-moves", "5", "--out", out];
      const child = spawn("bash", ["-c", command(LIMIT_KB, args)], { detached: true });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((done) => child.on("exit", (status) => done(status)));
      // The relaunched CLI has made its --out folder, then starts listening for signals and playing.
      for (let waited = 0; !existsSync(out) && waited < 60_000; waited += 200)
        await new Promise((resolve) => setTimeout(resolve, 200));
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      process.kill(-(child.pid ?? 0), "SIGINT");
      const killer = setTimeout(() => process.kill(-(child.pid ?? 0), "SIGKILL"), 30_000);
      const status = await exited;
      clearTimeout(killer);
      expect(status, stderr).toBe(130);
      expect(stdout.match(/interrupted by SIGINT after/g)).toHaveLength(1);
    }, 60_000);
  },
);
