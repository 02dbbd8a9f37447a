import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

interface BootJson {
  bootMs: number;
  dos: string;
  found: string;
  error: string | null;
  expected: string;
  reached: boolean;
  screen: string[];
}
let dir: string;

/** Runs the bundled CLI (build/cli.mjs, made by `make`). */
function piskasm(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(ROOT, "bin/piskasm.mjs"), ...args], {
    encoding: "utf8",
    timeout: 60_000,
  });
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
  it("boots a floppy until the screen is still and prints it as JSON (--expect any)", () => {
    const run = piskasm("boot", "--image", fixtureFloppy(), "--json", "--expect", "any");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as BootJson;
    expect(report).toMatchObject({ dos: "builtin", found: "nothing", reached: true, expected: "any" });
    expect(report.bootMs).toBeGreaterThan(0);
    expect(report.screen).toHaveLength(25);
    expect(report.screen[0].startsWith("BOOT OK")).toBe(true);
  });

  it("exits 1 and says it found nothing when a floppy's screen goes still without the game", () => {
    const run = piskasm("boot", "--image", fixtureFloppy());
    expect(run.stdout).toContain("found: neither the game, a DOS prompt nor an error message");
    expect(run.stderr.trim().split("\n")).toEqual([
      "piskasm: the boot did not reach the game's menu; it found neither the game, a DOS prompt nor an error message",
    ]);
    expect(run.status).toBe(1);
  });

  it("boots the game's floppy (build/piskasm.img) to the menu and says so", () => {
    const run = piskasm("boot", "--json");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as BootJson;
    expect(report).toMatchObject({ dos: "builtin", found: "game-menu", error: null, reached: true });
    expect(report.screen.join("\n")).toContain("1 = you start");
  });

  it("exits 1 with the DOS's error text for a floppy without PISKASM.COM", () => {
    const autoexec = join(dir, "AUTOEXEC.BAT");
    writeFileSync(autoexec, "MOUSE\nPISKASM\n");
    const image = join(dir, "nogame.img");
    execFileSync(join(ROOT, "scripts/mkimg.sh"), [image, autoexec, join(ROOT, "build/MOUSE.COM")]);
    const run = piskasm("boot", "--image", image, "--json");
    const report = JSON.parse(run.stdout) as BootJson;
    expect(report).toMatchObject({
      found: "dos-error",
      error: "PISKDOS: PISKASM.COM not found",
      reached: false,
    });
    expect(run.stderr).toContain(
      "piskasm: the boot did not reach the game's menu; it found an error message: PISKDOS: PISKASM.COM not found",
    );
    expect(run.status).toBe(1);
    // Asked only for a DOS prompt, the same floppy still fails: an error message is not a prompt.
    expect(piskasm("boot", "--image", image, "--expect", "prompt").status).toBe(1);
  });

  it("exits 1 and names the boot loop for a FreeDOS floppy that does not boot", () => {
    const image = join(dir, "freedos-noboot.img");
    execFileSync("mformat", ["-C", "-f", "1440", "-v", "NOBOOT", "-i", image, "::"]);
    for (const name of ["KERNEL.SYS", "COMMAND.COM"]) {
      writeFileSync(join(dir, name), `not really ${name}`);
      execFileSync("mcopy", ["-i", image, join(dir, name), `::${name}`]);
    }
    const run = piskasm("boot", "--image", image, "--json");
    const report = JSON.parse(run.stdout) as BootJson;
    expect(report).toMatchObject({ dos: "freedos", found: "dos-error", reached: false });
    expect(report.error).toContain("the floppy does not boot");
    expect(run.status).toBe(1);
  });

  it("fails with one line and exit code 2 for a missing image", () => {
    const run = piskasm("boot", "--image", join(dir, "nothing.img"));
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toEqual([
      `piskasm: floppy image ${join(dir, "nothing.img")}: not found`,
    ]);
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
