/**
 * A floppy whose PISKASM.COM is wrong on purpose: GetRandom steps by 4568 instead of 4567, so the asm
 * and engine-ts part at the first computer move of every game. For tests of what the tools do with
 * mismatches (reports, write failures); the game itself is untouched in build/.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
/** `add word [Random], 4567`: the immediate D7h 11h, once in the program. */
const RANDOM_STEP = Buffer.from([0xd7, 0x11]);

/** Builds the faulty floppy in `dir` and returns its path. */
export function faultyImage(dir: string): string {
  const program = readFileSync(join(ROOT, "build/PISKASM.COM"));
  const at = program.indexOf(RANDOM_STEP);
  if (at < 0 || program.indexOf(RANDOM_STEP, at + 1) >= 0) {
    throw new Error(
      "build/PISKASM.COM no longer holds the 4567 step exactly once: update tests/diff/faulty-image.ts",
    );
  }
  program[at] += 1;
  const work = join(dir, "faulty");
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, "PISKASM.COM"), program);
  const image = join(dir, "faulty.img");
  execFileSync(join(ROOT, "scripts/mkimg.sh"), [
    image,
    join(ROOT, "disk/AUTOEXEC.BAT"),
    join(ROOT, "build/MOUSE.COM"),
    join(work, "PISKASM.COM"),
  ]);
  return image;
}

/**
 * The floppy `image` with a boot sector that spins (`jmp $`), written in `dir`: its DOS is still
 * detected, but a machine booted from it never reaches the game. A command that refuses its input
 * before the emulator starts refuses it the same from this floppy; one that boots first ends in a
 * boot timeout instead.
 */
export function spinningImage(dir: string, image: string): string {
  const path = join(dir, "spinning.img");
  const bytes = readFileSync(image);
  bytes.set([0xeb, 0xfe], 0);
  writeFileSync(path, bytes);
  return path;
}
