/**
 * `piskasm disk --freedos IMG` without a real FreeDOS: fake FAT12 floppies made with mformat. A bad IMG
 * gives a one-line error naming what is missing, and neither IMG nor the output is touched.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildFreedosDisk, type FreedosDiskInputs } from "../../freedos/build-disk.js";
import { rootFiles } from "../../freedos/mtools.js";

const ROOT = resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "piskasm-disk-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** A formatted 1.44 MB FAT12 floppy holding `files` (name -> content) in its root directory. */
function fakeFloppy(name: string, files: Record<string, string>): string {
  const path = join(dir, name);
  execFileSync("mformat", ["-C", "-f", "1440", "-v", "FAKE", "-i", path, "::"]);
  for (const [fileName, content] of Object.entries(files)) {
    execFileSync("mcopy", ["-i", path, file(`${name}.${fileName}`, content), `::${fileName}`]);
  }
  return path;
}

function sha256(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

function inputs(freedosImage: string): FreedosDiskInputs {
  return { freedosImage, mouseCom: file("MOUSE.COM", "\xc3"), gameCom: file("PISKASM.COM", "\xcd\x20") };
}

function expectRejected(freedosImage: string, message: RegExp): void {
  const out = join(dir, "out.img");
  const before = existsSync(freedosImage) ? sha256(freedosImage) : undefined;
  expect(() => buildFreedosDisk(inputs(freedosImage), out)).toThrow(message);
  expect(existsSync(out)).toBe(false);
  if (before !== undefined) expect(sha256(freedosImage)).toBe(before);
}

describe("piskasm disk: the FreeDOS image is checked before anything is written", () => {
  it("names both files when neither KERNEL.SYS nor COMMAND.COM is there", () => {
    const img = fakeFloppy("empty.img", {});
    expectRejected(img, /^FreeDOS image \S+empty\.img: no KERNEL\.SYS and no COMMAND\.COM in the root/);
  });

  it("names the one file that is missing", () => {
    expectRejected(fakeFloppy("nokernel.img", { "COMMAND.COM": "shell" }), /: no KERNEL\.SYS in the root/);
    expectRejected(fakeFloppy("noshell.img", { "KERNEL.SYS": "kernel" }), /: no COMMAND\.COM in the root/);
  });

  it("rejects a file of the wrong size, a file without FAT12, and a missing file", () => {
    expectRejected(
      file("small.img", new Uint8Array(737_280)),
      /737280 bytes; a 1\.44 MB floppy image has 1474560/,
    );
    expectRejected(file("zeros.img", new Uint8Array(1_474_560)), /not a FAT12 floppy image/);
    expectRejected(join(dir, "absent.img"), /^FreeDOS image \S+absent\.img: not found$/);
  });

  it("says so when a copy of the image has no room for the game's files", () => {
    const filler = "x".repeat(1_456_000);
    const img = fakeFloppy("full.img", {
      "KERNEL.SYS": "kernel",
      "COMMAND.COM": "shell",
      "FILLER.BIN": filler,
    });
    expectRejected(
      img,
      /^FreeDOS image \S+full\.img: cannot add the game's files to a copy of it \(Disk full\)$/,
    );
  });

  it("refuses to write over the FreeDOS image itself", () => {
    const img = fakeFloppy("self.img", { "KERNEL.SYS": "kernel", "COMMAND.COM": "shell" });
    const before = sha256(img);
    expect(() => buildFreedosDisk(inputs(img), img)).toThrow(/is the FreeDOS image itself/);
    expect(sha256(img)).toBe(before);
  });
});

describe("piskasm disk: a good image", () => {
  it("adds the programs and boot files, keeps the originals as .ORG, leaves IMG alone", () => {
    const img = fakeFloppy("good.img", {
      "KERNEL.SYS": "kernel",
      "COMMAND.COM": "shell",
      "AUTOEXEC.BAT": "ORIGINAL AUTOEXEC\r\n",
      "CONFIG.SYS": "ORIGINAL CONFIG\r\n",
      "FDCONFIG.SYS": "MENU 1 - would ask at boot\r\n",
    });
    const before = sha256(img);
    const out = join(dir, "good-out.img");
    buildFreedosDisk(inputs(img), out);
    expect(sha256(img)).toBe(before);
    expect(rootFiles(out).sort()).toEqual([
      "AUTOEXEC.BAT",
      "AUTOEXEC.ORG",
      "COMMAND.COM",
      "CONFIG.ORG",
      "CONFIG.SYS",
      "FDCONFIG.ORG",
      "KERNEL.SYS",
      "MOUSE.COM",
      "PISKASM.COM",
    ]);
    const type = (name: string) => execFileSync("mtype", ["-i", out, `::${name}`], { encoding: "utf8" });
    expect(type("AUTOEXEC.ORG")).toBe("ORIGINAL AUTOEXEC\r\n");
    expect(type("CONFIG.ORG")).toBe("ORIGINAL CONFIG\r\n");
    expect(type("AUTOEXEC.BAT")).toMatch(/^MOUSE\r$/m);
    expect(type("AUTOEXEC.BAT")).toMatch(/^PISKASM\r$/m);
    expect(type("CONFIG.SYS")).toMatch(/^IDLEHALT=1\r$/m);

    // Building on a floppy built before keeps the first originals.
    const again = join(dir, "again-out.img");
    buildFreedosDisk(inputs(out), again);
    expect(execFileSync("mtype", ["-i", again, "::AUTOEXEC.ORG"], { encoding: "utf8" })).toBe(
      "ORIGINAL AUTOEXEC\r\n",
    );
  });
});

/** Runs the bundled CLI (build/cli.mjs, made by `make`); `path`: its PATH (to hide mtools). */
function piskasm(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return piskasmWithPath(process.env.PATH ?? "", ...args);
}

function piskasmWithPath(
  path: string,
  ...args: string[]
): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(ROOT, "bin/piskasm.mjs"), ...args], {
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, FREEDOS_IMAGE: "", PATH: path },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("the piskasm command with a bad FreeDOS image", () => {
  it("disk: one line naming what is missing, exit 2, nothing written", () => {
    const img = fakeFloppy("cli-nokernel.img", { "COMMAND.COM": "shell" });
    const before = sha256(img);
    const out = join(dir, "cli-out.img");
    const run = piskasm("disk", "--freedos", img, "-o", out);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `piskasm: FreeDOS image ${img}: no KERNEL.SYS in the root directory; a FreeDOS boot floppy has KERNEL.SYS and COMMAND.COM\n`,
    );
    expect(existsSync(out)).toBe(false);
    expect(sha256(img)).toBe(before);
  });

  it("disk and --dos freedos without mtools name the missing tool, not the image", () => {
    const img = fakeFloppy("cli-good.img", { "KERNEL.SYS": "kernel", "COMMAND.COM": "shell" });
    const line =
      "piskasm: the game's FreeDOS floppy is made with mtools: mdir not found: install mtools (Debian package mtools)\n";
    for (const args of [
      ["disk", "--freedos", img, "-o", join(dir, "no-mtools.img")],
      ["boot", "--dos", "freedos", "--freedos-image", img],
    ]) {
      const run = piskasmWithPath(dir, ...args);
      expect([run.status, run.stderr], args.join(" ")).toEqual([2, line]);
    }
  });

  it("--dos freedos without an image, or with a file that is no floppy: one line, exit 2", () => {
    const missing = piskasm("boot", "--dos", "freedos");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^piskasm: --dos freedos needs --freedos-image IMG .*\n$/);
    const small = piskasm(
      "boot",
      "--dos",
      "freedos",
      "--freedos-image",
      file("cli-small.img", "not a floppy"),
    );
    expect(small.status).toBe(2);
    expect(small.stderr).toMatch(
      /^piskasm: FreeDOS image \S+cli-small\.img: 12 bytes; a 1\.44 MB floppy image has 1474560\n$/,
    );
  });
});
