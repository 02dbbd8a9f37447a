/**
 * docs/piskasm.md's instructions per move (median and maximum of a 2,000-game run) checked against a
 * shorter run of the same command on today's build: a change to the program's cost fails here until
 * the figures are measured again and written down.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, IMAGE } from "./setup.js";

const out = mkdtempSync(join(tmpdir(), "piskasm-doc-figures-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Games of the shorter run: about 5,000 computer moves, 20 s on two busy cores. */
const GAMES = 300;
/** How far the run's median (and maximum) may be from the documented ones, as a share of them. */
const MEDIAN_TOLERANCE = 0.01;
const MAX_TOLERANCE = 0.05;

const doc = readFileSync("docs/piskasm.md", "utf8").replace(/\s+/g, " ");
const number = (text: string): number => Number(text.replace(/,/g, ""));

describe("docs/piskasm.md's instructions per computer move", () => {
  const command = /`piskasm diff --games 2000 (--seed \d+ --policy \w+ --jobs \d+)`/.exec(doc);
  const printed = /printed median ([\d,]+) and maximum ([\d,]+) instructions/.exec(doc);

  it("are found with the command that measured them", () => {
    expect(command, "the diff command in docs/piskasm.md").not.toBeNull();
    expect(printed, "the printed median and maximum in docs/piskasm.md").not.toBeNull();
  });

  it(`are within ${MEDIAN_TOLERANCE * 100}% (median) and ${MAX_TOLERANCE * 100}% (maximum) of a ${GAMES}-game run of that command`, () => {
    const args = command?.[1].split(" ") ?? [];
    const run = spawnSync(
      process.execPath,
      [CLI, "diff", "--games", String(GAMES), ...args, "--json", "--image", IMAGE, "--out", out],
      { encoding: "utf8", timeout: 170_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const measured = (JSON.parse(run.stdout) as { instructionsPerMove: { median: number; max: number } })
      .instructionsPerMove;
    const [median, max] = [number(printed?.[1] ?? "0"), number(printed?.[2] ?? "0")];
    expect(Math.abs(measured.median - median), `measured median ${measured.median}`).toBeLessThanOrEqual(
      median * MEDIAN_TOLERANCE,
    );
    expect(Math.abs(measured.max - max), `measured maximum ${measured.max}`).toBeLessThanOrEqual(
      max * MAX_TOLERANCE,
    );
  });
});
