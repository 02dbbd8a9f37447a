/**
 * The one atomic writer (util/files.ts) never renames its temporary file over something that is not a
 * regular file: a character device or a FIFO the user names is refused and left as it was.
 */
import { execFileSync } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFileAtomically } from "../../util/files.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "piskasm-atomic-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const rootless = process.getuid?.() !== 0 ? "mknod of a character device needs root" : undefined;

describe("the atomic writer", () => {
  it.skipIf(rootless !== undefined)(
    "refuses a character device like /dev/null and leaves it a device" + (rootless ? ` (${rootless})` : ""),
    () => {
      const device = join(dir, "null");
      execFileSync("mknod", ["-m", "666", device, "c", "1", "3"]);
      expect(() => writeFileAtomically(device, "text\n", "--coverage-md file")).toThrow(
        `cannot write --coverage-md file ${device}: not a regular file (a device, pipe or socket)`,
      );
      expect(lstatSync(device).isCharacterDevice()).toBe(true);
      expect(readdirSync(dir)).toEqual(["null"]);
    },
  );

  it("refuses a FIFO and leaves it a FIFO", () => {
    const fifo = join(dir, "pipe");
    execFileSync("mkfifo", [fifo]);
    expect(() => writeFileAtomically(fifo, "text\n", "report")).toThrow(
      `cannot write report ${fifo}: not a regular file (a device, pipe or socket)`,
    );
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(["pipe"]);
  });

  it("refuses a link that points at a device", () => {
    const link = join(dir, "out.md");
    execFileSync("ln", ["-s", "/dev/null", link]);
    expect(() => writeFileAtomically(link, "text\n", "--coverage-md file")).toThrow(/not a regular file/);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it("still replaces a regular file whole", () => {
    const file = join(dir, "out.md");
    writeFileSync(file, "old\n");
    writeFileAtomically(file, "new\n", "report");
    expect(readFileSync(file, "utf8")).toBe("new\n");
    expect(readdirSync(dir)).toEqual(["out.md"]);
  });
});
