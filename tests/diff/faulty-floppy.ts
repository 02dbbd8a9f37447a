/**
 * A floppy whose PISKASM.COM is built from a copy of asm/ with one fault written into it: the tests
 * that show the checker sees faults of the whole program. The edit must match its file exactly once.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export interface SourceEdit {
  /** Under asm/, e.g. "piskasm/screen.inc". */
  file: string;
  from: string;
  to: string;
}

/**
 * Builds the faulty floppy in a new temporary folder; returns the image's path. `autoexec`: another
 * AUTOEXEC.BAT than the campaign's (disk/tests/piskasm-nomouse.bat: PISKASM without MOUSE.COM).
 */
export function faultyFloppy(edit: SourceEdit, autoexec = "disk/AUTOEXEC.BAT"): string {
  const dir = mkdtempSync(join(tmpdir(), "piskasm-fault-"));
  const asm = join(dir, "asm");
  cpSync(resolve("asm"), asm, { recursive: true });
  const path = join(asm, edit.file);
  const text = readFileSync(path, "utf8");
  const count = text.split(edit.from).length - 1;
  if (count !== 1) throw new Error(`the fault's text occurs ${count} times in ${edit.file}, not once`);
  writeFileSync(path, text.replace(edit.from, edit.to));
  const com = join(dir, "PISKASM.COM");
  execFileSync("nasm", ["-w+all", "-f", "bin", "-I", `${asm}/`, join(asm, "piskasm.asm"), "-o", com]);
  const image = join(dir, "piskasm.img");
  execFileSync(resolve("scripts/mkimg.sh"), [image, resolve(autoexec), resolve("build/MOUSE.COM"), com]);
  return image;
}
