/** What `piskasm mutate` refuses up front, each with one line and exit code 2. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { requireTools } from "../../mutate/tools.js";
import { CLI } from "./mutants.js";

const out = mkdtempSync(join(tmpdir(), "piskasm-mutate-refusals-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function refused(args: readonly string[], text: string, env: NodeJS.ProcessEnv = process.env): void {
  const run = spawnSync(process.execPath, [CLI, "mutate", ...args, "--out", join(out, "o")], {
    encoding: "utf8",
    env,
  });
  expect(run.status, run.stderr).toBe(2);
  expect(run.stderr.trim().split("\n")).toHaveLength(1);
  expect(run.stderr).toContain(text);
}

describe("piskasm mutate refuses up front", () => {
  it("names nasm and mtools when they are not on the PATH, before assembling anything", () => {
    refused(["--limit", "1"], "needs nasm, mformat, mcopy on the PATH: install nasm and mtools", {
      ...process.env,
      PATH: join(out, "empty"),
    });
  });

  it("says that mutate needs a clone where the sources are missing (the npm package)", () => {
    expect(() => requireTools(out, "asm")).toThrow(/mutate needs a clone of piskasm .* with nasm and mtools/);
    expect(() => requireTools(resolve("."), "asm")).not.toThrow();
  });

  it("takes a shard out of range as a usage error, as diff does", () => {
    refused(["--shard", "2/2"], "--shard 2/2: i must be 0..1");
  });

  it("refuses a --markdown it could not write (a folder) before assembling anything", () => {
    refused(["--limit", "1", "--markdown", out], "cannot write --markdown file");
  });

  it("refuses a --games-from file that is not a campaign's minimal-games.json", () => {
    const path = join(out, "not-games.json");
    writeFileSync(path, JSON.stringify({ format: "piskasm-mutation/1" }));
    refused(["--games-from", path], "is not a piskasm-minimal-games/1 file");
  });

  it("refuses a Seed above 65535 instead of taking it modulo 65536", () => {
    refused(["--seed", "99999"], `--seed must be an integer 0..65535, not "99999"`);
  });
});
