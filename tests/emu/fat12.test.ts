import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectDos } from "../../emu/dos-kind.js";
import { listRootDirectory } from "../../emu/fat12.js";
import { FLOPPY_BYTES } from "../../emu/floppy.js";

let dir: string;

/** A 1.44 MB FAT12 floppy made with mtools, holding the named files. */
function floppyWith(files: Record<string, string>): Uint8Array {
  const image = join(dir, `${Object.keys(files).join("_") || "empty"}.img`);
  execFileSync("mformat", ["-C", "-f", "1440", "-v", "TEST", "-i", image, "::"]);
  for (const [name, content] of Object.entries(files)) {
    const local = join(dir, name);
    writeFileSync(local, content);
    execFileSync("mcopy", ["-i", image, local, `::${name}`]);
  }
  return new Uint8Array(readFileSync(image));
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "piskasm-fat12-"));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the FAT12 root directory reader", () => {
  it("lists the files with their sizes, without the volume label", () => {
    const entries = listRootDirectory(floppyWith({ "PISKDOS.SYS": "kernel", "AUTOEXEC.BAT": "MOUSE\r\n" }));
    expect(entries.map(({ name, size }) => ({ name, size }))).toEqual([
      { name: "PISKDOS.SYS", size: 6 },
      { name: "AUTOEXEC.BAT", size: 7 },
    ]);
  });

  it("rejects an image without a BIOS parameter block", () => {
    expect(() => listRootDirectory(new Uint8Array(FLOPPY_BYTES))).toThrow(/not a FAT12 image/);
  });
});

describe("the DOS detection", () => {
  it("knows the small DOS by PISKDOS.SYS", () => {
    expect(detectDos(floppyWith({ "PISKDOS.SYS": "k" }))).toBe("builtin");
  });

  it("knows FreeDOS by KERNEL.SYS", () => {
    expect(detectDos(floppyWith({ "KERNEL.SYS": "k" }))).toBe("freedos");
  });

  it("names both kernels when neither is there", () => {
    expect(() => detectDos(floppyWith({}))).toThrow(/neither PISKDOS.SYS .* nor KERNEL.SYS/);
  });
});
