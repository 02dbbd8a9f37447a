/**
 * `piskasm diff`'s outputs and numbers checked before the first game: a --coverage-md or
 * --coverage-lines that cannot be written (a device, a missing folder), a shard count beyond exact
 * integers, a seed beyond 65535. Each is refused with one line and exit 2 while the floppy given
 * cannot even boot (it spins), so a check made only after the run would end in a boot timeout instead.
 */
import { execFileSync } from "node:child_process";
import { lstatSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectOneLine, piskasm, tempDir } from "../support/cli.js";
import { spinningImage } from "./faulty-image.js";
import { IMAGE } from "./setup.js";

const dir = tempDir("outputs");
const spinning = spinningImage(dir, IMAGE);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const diff = (...args: string[]): ReturnType<typeof piskasm> =>
  piskasm("diff", "--games", "1", "--seed", "1", "--image", spinning, "--timeout-ms", "5000", ...args);

const rootless = process.getuid?.() !== 0 ? " (skipped: mknod needs root)" : "";

describe("piskasm diff before the first game", () => {
  it.skipIf(rootless !== "")(
    `refuses a --coverage-md that is a character device and leaves the device alone${rootless}`,
    () => {
      const device = join(dir, "null");
      execFileSync("mknod", ["-m", "666", device, "c", "1", "3"]);
      const run = diff("--out", join(dir, "r1"), "--coverage", "--coverage-md", device);
      expectOneLine(run, `cannot write --coverage-md file ${device}: not a regular file`);
      expect(lstatSync(device).isCharacterDevice()).toBe(true);
    },
  );

  it("refuses a --coverage-md that is a FIFO", () => {
    const fifo = join(dir, "pipe");
    execFileSync("mkfifo", [fifo]);
    expectOneLine(
      diff("--out", join(dir, "r2"), "--coverage", "--coverage-md", fifo),
      `cannot write --coverage-md file ${fifo}: not a regular file`,
    );
  });

  it("refuses a --coverage-lines in a folder that does not exist", () => {
    const lines = join(dir, "missing", "lines.json");
    expectOneLine(
      diff("--out", join(dir, "r3"), "--coverage", "--coverage-lines", lines),
      `cannot write --coverage-lines file ${lines}: not found (ENOENT)`,
    );
  });

  it("says a shard count beyond exact integers is too large, not that it is below 1", () => {
    expectOneLine(
      diff("--out", join(dir, "r4"), "--shard", "0/9007199254740993"),
      "--shard 0/9007199254740993: i and n must be integers up to 9007199254740991",
    );
  });

  it("refuses --seed 99999 instead of taking it mod 65536", () => {
    expectOneLine(
      piskasm("diff", "--seed", "99999", "--image", spinning),
      "--seed must be an integer 0..65535",
    );
  });
});
