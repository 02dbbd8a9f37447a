/**
 * Real CLI processes for the hostile-user tests: a run with its output, a run that is sent signals,
 * and a small tmpfs as a disk that fills up (mounting needs root; without it those tests are skipped
 * and say why).
 */
import { spawn, spawnSync } from "node:child_process";
import { expect } from "vitest";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** PISKASM_CLI runs the tests against another build (to show that they fail on the code before a fix). */
export const CLI = resolve(process.env.PISKASM_CLI ?? "bin/piskasm.mjs");

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function piskasm(...args: string[]): Run {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 120_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Starts the CLI, waits until `ready(stderr)` holds (polled; or until it exits), sends `signals` 300 ms apart and collects the output. */
export async function piskasmSignalled(
  args: readonly string[],
  ready: (stderr: string) => boolean,
  signals: readonly NodeJS.Signals[],
): Promise<Run & { msAfterSignal: number; pid: number }> {
  const child = spawn(process.execPath, [CLI, ...args]);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const started = new Promise<void>((done) => {
    const poll = setInterval(() => {
      if (!ready(stderr)) return;
      clearInterval(poll);
      done();
    }, 200);
    child.on("exit", () => clearInterval(poll));
  });
  const exited = new Promise<number | null>((done) =>
    child.on("exit", (status, signal) => done(status ?? (signal ? -1 : null))),
  );
  await Promise.race([started, exited]);
  const sent = performance.now();
  for (const [i, signal] of signals.entries()) {
    if (i > 0) await new Promise((r) => setTimeout(r, 300));
    if (child.exitCode === null) child.kill(signal);
  }
  const killer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const status = await exited;
  clearTimeout(killer);
  return { status, stdout, stderr, msAfterSignal: performance.now() - sent, pid: child.pid ?? -1 };
}

/** A fresh directory under the system's temporary folder. */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `piskasm-${prefix}-`));
}

export interface SmallDisk {
  readonly path: string;
  unmount(): void;
}

/** Why a small tmpfs cannot be mounted here (not root, no mount), or undefined when it can. */
export const smallDiskUnavailable: string | undefined = (() => {
  if (process.getuid?.() !== 0) return "mounting a tmpfs needs root";
  const probe = mkdtempSync(join(tmpdir(), "piskasm-tmpfs-probe-"));
  const run = spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], { encoding: "utf8" });
  if (run.status !== 0) {
    rmSync(probe, { recursive: true, force: true });
    return `mount -t tmpfs failed: ${run.stderr.trim()}`;
  }
  spawnSync("umount", [probe]);
  rmSync(probe, { recursive: true, force: true });
  return undefined;
})();

/** A tmpfs of `kib` KiB (a disk that fills up; `readOnly`: mounted read-only); only when smallDiskUnavailable is undefined. */
export function smallDisk(kib: number, readOnly = false): SmallDisk {
  const path = mkdtempSync(join(tmpdir(), "piskasm-full-"));
  const run = spawnSync(
    "mount",
    ["-t", "tmpfs", "-o", `size=${kib}k${readOnly ? ",ro" : ""}`, "tmpfs", path],
    { encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`mount -t tmpfs failed: ${run.stderr}`);
  return {
    path,
    unmount: () => {
      spawnSync("umount", [path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Creates `dir` and returns it. */
export function made(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A refusal: one `piskasm:` line holding `text` (no stack trace) and exit code 2. */
export function expectOneLine(run: Run, text: string): void {
  const lines = run.stderr.split("\n").filter((l) => l.startsWith("piskasm:"));
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toContain(text);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.status, run.stderr).toBe(2);
}
