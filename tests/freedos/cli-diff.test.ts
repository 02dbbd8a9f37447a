/**
 * `piskasm diff --dos freedos --freedos-image IMG --games 20` as a user runs it (the bundled CLI in a
 * child process): 20 games under FreeDOS with every computer move checked against engine-ts, no
 * mismatch, once against the random opponent and once against the engine opponent.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { noFreedos, tierName } from "./tier.js";

const ROOT = resolve(import.meta.dirname, "../..");
/** 20 FreeDOS games take about 30 s alone; the machine is often shared with other emulators. */
const RUN_TIMEOUT_MS = 400_000;
/** One emulator step may wait this long (the default 20 s is too short on a loaded machine). */
const STEP_TIMEOUT_MS = "60000";
const GAMES = 20;

const out = mkdtempSync(join(tmpdir(), "piskasm-fdos-diff-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe.skipIf(noFreedos)(tierName("FreeDOS: piskasm diff --dos freedos --games 20"), () => {
  it.each(["random", "engine"])(
    "plays 20 games against the %s policy with 0 mismatches",
    (policy) => {
      const image = resolve(process.env.FREEDOS_IMAGE ?? "");
      const run = spawnSync(
        process.execPath,
        [
          join(ROOT, "bin/piskasm.mjs"),
          "diff",
          ...["--dos", "freedos", "--freedos-image", image, "--games", String(GAMES), "--policy", policy],
          ...["--jobs", "2", "--timeout-ms", STEP_TIMEOUT_MS, "--json", "--out", out],
        ],
        { encoding: "utf8", timeout: RUN_TIMEOUT_MS },
      );
      const printed = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
      expect(run.status, printed).toBe(0);
      const figures = JSON.parse(run.stdout) as Record<string, unknown>;
      expect(figures, printed).toMatchObject({
        games: GAMES,
        mismatches: 0,
        policy,
        dos: "freedos",
        reports: [],
      });
      expect(figures.computerMoves, printed).toBeGreaterThanOrEqual(GAMES);
    },
    RUN_TIMEOUT_MS,
  );
});
