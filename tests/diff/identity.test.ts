/**
 * Reports that say which program made them: every mismatch report and shard summary records the
 * SHA-256 of PISKASM.COM and of the floppy (with the floppy's path as a hint); `piskasm replay` and
 * `piskasm report merge` refuse another program with one line and exit 2 unless `--image` names the
 * right floppy, and accept an older report without the identity with a warning line.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { piskasm, tempDir } from "../support/cli.js";
import { faultyImage } from "./faulty-image.js";

const dir = tempDir("identity");
const reports = join(dir, "reports");
let faulty: string;
let report: string;
const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");
const json = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
const lines = (text: string): string[] => text.trim().split("\n");

beforeAll(() => {
  faulty = faultyImage(dir);
  const run = piskasm(
    ...["diff", "--games", "2", "--seed", "7", "--image", faulty, "--out", reports],
    ...["--shrink-ms", "0", "--shard", "0/1"],
  );
  expect(run.status, run.stderr).toBe(1);
  report = join(reports, readdirSync(reports).filter((name) => name.endsWith(".json"))[0]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a report of a run", () => {
  it("records the program's and the floppy's SHA-256 and the floppy's path", () => {
    const floppy = readFileSync(faulty);
    const identity = {
      // faultyImage put this PISKASM.COM on the floppy: the FAT12 reader must find the same bytes.
      program: sha256(readFileSync(join(dir, "faulty", "PISKASM.COM"))),
      floppy: sha256(floppy),
      floppyPath: resolve(faulty),
    };
    expect(json(report).identity).toEqual(identity);
    expect(json(join(reports, "shard-0-of-1.json")).identity).toEqual(identity);
  });

  it("is refused by replay against another program with one line and exit 2", () => {
    const run = piskasm("replay", report);
    expect(run.status).toBe(2);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toMatch(
      /^piskasm: report .* was made by another program .* give --image for its floppy/,
    );
    expect(run.stderr).toContain(resolve(faulty));
  });

  it("replays with --image naming its floppy", () => {
    const run = piskasm("replay", report, "--image", faulty);
    expect(run.stdout).toContain("reproduced: the same divergence as in the report");
    expect(run.status).toBe(1);
  });

  it("of an older piskasm, without the identity, replays with a warning and counts the game's moves", () => {
    const old = join(dir, "old.json");
    const game = json(report) as { moves: string[]; computerMoves: string[] };
    writeFileSync(old, JSON.stringify({ ...game, identity: undefined }));
    const moves = game.moves.length + game.computerMoves.length;
    expect(moves).toBeGreaterThan(0);
    const run = piskasm("replay", old);
    expect(lines(run.stderr)).toEqual([
      expect.stringMatching(/^piskasm: warning: report .*old\.json does not record which program made it/),
    ]);
    expect(run.stdout).toContain(
      `no divergence: the engines agree on all ${moves} move${moves === 1 ? "" : "s"} of ${old} ` +
        `(${game.moves.length} human, ${game.computerMoves.length} computer;`,
    );
    expect(run.status).toBe(0);
  });
});

describe("report merge", () => {
  it("refuses shards of another program with one line and exit 2", () => {
    const run = piskasm("report", "merge", reports, "--out", join(dir, "merged"));
    expect(run.status).toBe(2);
    expect(lines(run.stderr)).toEqual([
      expect.stringMatching(/^piskasm: shard 0\/1 in .* was made by another program .* give --image/),
    ]);
  });

  it("merges them with --image naming their floppy, and records the identity", () => {
    const out = join(dir, "merged");
    const run = piskasm("report", "merge", reports, "--out", out, "--image", faulty);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
    expect(json(join(out, "summary.json")).identity).toEqual(json(report).identity);
  });

  it("refuses a shard whose computer moves were tampered with (1e308)", () => {
    const tampered = join(dir, "tampered");
    const summary = readFileSync(join(reports, "shard-0-of-1.json"), "utf8");
    rmSync(tampered, { recursive: true, force: true });
    piskasm("report", "merge", reports, "--out", tampered, "--image", faulty);
    writeFileSync(
      join(tampered, "shard-0-of-1.json"),
      summary.replace(/"computerMoves": \d+/, '"computerMoves": 1e308'),
    );
    const run = piskasm(
      "report",
      "merge",
      tampered,
      "--out",
      join(dir, "tampered-merged"),
      "--image",
      faulty,
    );
    expect(run.status).toBe(2);
    expect(lines(run.stderr)).toEqual([
      expect.stringMatching(/^piskasm: shard summary .*: computerMoves is not an integer >= 0/),
    ]);
  });
});
