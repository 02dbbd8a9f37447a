import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
let dir: string;

/** Runs the bundled CLI (build/cli.mjs, made by `make`). */
function piskasm(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(ROOT, "bin/piskasm.mjs"), ...args], { encoding: "utf8", timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The boot-sector fixture as a FAT12 floppy with a stand-in PISKDOS.SYS: it boots to "BOOT OK". */
function fixtureFloppy(): string {
  const bin = join(dir, "bootsector.bin");
  execFileSync("nasm", ["-f", "bin", join(ROOT, "tests/fixtures/bootsector.asm"), "-o", bin]);
  const image = join(dir, "fixture.img");
  execFileSync("mformat", ["-C", "-f", "1440", "-v", "FIXTURE", "-B", bin, "-i", image, "::"]);
  const kernel = join(dir, "PISKDOS.SYS");
  writeFileSync(kernel, "stand-in");
  execFileSync("mcopy", ["-i", image, kernel, "::PISKDOS.SYS"]);
  return image;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "piskasm-cli-"));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("piskasm boot", () => {
  it("boots a floppy until the screen is still and prints it as JSON", () => {
    const run = piskasm("boot", "--image", fixtureFloppy(), "--json");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as { bootMs: number; dos: string; screen: string[] };
    expect(report.dos).toBe("builtin");
    expect(report.bootMs).toBeGreaterThan(0);
    expect(report.screen).toHaveLength(25);
    expect(report.screen[0].startsWith("BOOT OK")).toBe(true);
  });

  it("boots the game's floppy (build/piskasm.img) to the menu", () => {
    const run = piskasm("boot", "--json");
    expect(run.stderr).toBe("");
    const report = JSON.parse(run.stdout) as { bootMs: number; dos: string; screen: string[] };
    expect(report.dos).toBe("builtin");
    expect(report.screen.join("\n")).toContain("1 = you start");
  });

  it("fails with one line and exit code 2 for a missing image", () => {
    const run = piskasm("boot", "--image", join(dir, "nothing.img"));
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toEqual([`piskasm: floppy image ${join(dir, "nothing.img")}: not found`]);
  });

  it("fails with exit code 2 for a bad timeout", () => {
    const run = piskasm("boot", "--timeout-ms", "soon");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--timeout-ms must be a positive integer");
  });

  it("fails with exit code 2 for an unknown option", () => {
    expect(piskasm("boot", "--bogus").status).toBe(2);
  });
});
