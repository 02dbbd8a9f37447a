/** `piskasm diff`, `info` and `replay` as a user runs them: the bundled CLI in a child process. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatCell, Game, NO_CELL, parseCell } from "../../engine-ts/index.js";
import { REPORT_FORMAT, type MismatchReport } from "../../checks/report.js";
import { CLI, IMAGE } from "./setup.js";

const out = mkdtempSync(join(tmpdir(), "piskasm-cli-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function piskasm(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 120_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("piskasm diff", () => {
  it("runs games on two emulators in worker threads and prints the figures as one JSON object", () => {
    const run = piskasm("diff", "--games", "6", "--jobs", "2", "--json", "--image", IMAGE, "--out", out);
    expect(run.stderr + run.stdout).not.toContain("MISMATCH");
    expect(run.status).toBe(0);
    const figures = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(figures).toMatchObject({ games: 6, mismatches: 0, jobs: 2 });
    for (const key of ["computerMoves", "movesPerSecond", "wallMs"]) expect(figures[key]).toBeGreaterThan(0);
    expect(figures.instructionsPerMove).toMatchObject({
      median: expect.any(Number) as unknown,
      max: expect.any(Number) as unknown,
    });
  });

  it("plays the same games with two jobs (started from one boot's menu snapshot) as with one", () => {
    const digests = ["1", "2"].map((jobs) => {
      const run = piskasm(
        "diff",
        "--games",
        "12",
        "--seed",
        "321",
        "--policy",
        "engine",
        "--jobs",
        jobs,
        "--json",
        "--image",
        IMAGE,
        "--out",
        out,
      );
      expect(run.status, run.stderr).toBe(0);
      const figures = JSON.parse(run.stdout) as {
        movesDigest: string;
        computerMoves: number;
        mismatches: number;
      };
      expect(figures.mismatches).toBe(0);
      return `${figures.movesDigest} ${figures.computerMoves}`;
    });
    expect(digests[1]).toBe(digests[0]);
  });

  it("prints the coverage of PISKASM.COM with --coverage --json and the coverage page with --coverage-md", () => {
    const page = join(out, "coverage.md");
    const run = piskasm(
      "diff",
      "--games",
      "2",
      "--policy",
      "random",
      "--coverage",
      "--coverage-md",
      page,
      "--json",
      "--image",
      IMAGE,
      "--out",
      out,
    );
    expect(run.status, run.stderr).toBe(0);
    const figures = JSON.parse(run.stdout) as {
      coverage: { evaluator: { blocksHit: number; blocks: number }; uncoveredBlocks: { routine: string }[] };
    };
    expect(figures.coverage.evaluator.blocksHit).toBeGreaterThan(figures.coverage.evaluator.blocks / 2);
    expect(figures.coverage.uncoveredBlocks.map((b) => b.routine)).toContain("set_up_position");
    expect(readFileSync(page, "utf8")).toContain("coverage.evaluator_blocks_percent");
  });

  it.each([
    [["--games", "ten"], "--games must be a positive integer"],
    [["--jobs", "0"], "--jobs must be a positive integer"],
    [["--seed", "70000"], "--seed must be an integer 0..65535"],
    [["--policy", "minimax"], "--policy must be random or engine"],
    [["--coverage-md", "x.md"], "--coverage-md needs --coverage"],
    [["--image", "/nonexistent.img"], "not found"],
  ])("rejects %j with one line and exit code 2", (args, message) => {
    const run = piskasm("diff", "--image", IMAGE, ...args);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(message);
  });

  it("gives up on a floppy without the game with a timeout error that shows the screen", () => {
    // 15 s: a guard long enough to show the BIOS screen even when other test runs load both cores.
    const run = piskasm(
      "diff",
      "--games",
      "1",
      "--timeout-ms",
      "15000",
      "--image",
      resolve("build/test-dos.img"),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("timed out after 15000 ms");
    expect(run.stderr).toContain("Booting from Floppy");
  });
});

describe("a bad --seed", () => {
  it.each([["diff"], ["info", "--moves", "h8"], ["arena", "--players", "asm,ts"], ["mutate"], ["brain"]])(
    "is refused in the same words by %s (one validator for every command that takes a seed)",
    (...command) => {
      const run = piskasm(...command, "--seed", "1x");
      expect(run.status).toBe(2);
      expect(run.stderr).toBe('piskasm: --seed must be an integer 0..65535, not "1x"\n');
    },
  );
});

describe("piskasm info", () => {
  it("shows both engines' Info side by side for the given moves", () => {
    const run = piskasm("info", "--moves", "K10", "--image", IMAGE);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("asm Info");
    expect(run.stdout).toContain("TS Info");
    expect(run.stdout).toContain("the engines agree on the whole state");
  });

  it("rejects a move on the cell the computer took with the same seed, with one line and exit code 2", () => {
    const first = piskasm("info", "--moves", "K10", "--seed", "42", "--json", "--image", IMAGE);
    const { asm } = JSON.parse(first.stdout) as { asm: { lastPC: number } };
    const taken = `${"ABCDEFGHIJKLMNOPQRS"[asm.lastPC % 19]}${Math.floor(asm.lastPC / 19) + 1}`;
    const run = piskasm("info", "--moves", `K10,${taken}`, "--seed", "42", "--image", IMAGE);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`move ${taken} is on an occupied cell`);
  });

  it.each([["T5"], ["K20"], ["K10,K10"]])("rejects the move list %j with exit code 2", (moves) => {
    const run = piskasm("info", "--moves", moves, "--image", IMAGE);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });
});

describe("piskasm replay", () => {
  /** engine-ts's answers to K10 and K11 with seed 42: a report's computer moves must fit its game. */
  const game = Game.newGame(42, "human");
  const computerMoves = ["K10", "K11"].map((move) =>
    formatCell(game.humanMove(parseCell(move)).computer ?? NO_CELL),
  );
  const report: MismatchReport = {
    format: REPORT_FORMAT,
    seed: 42,
    policy: "random",
    policySeed: 1,
    whoStarts: "human",
    moves: ["K10", "K11"],
    computerMoves,
    ply: 4,
    diffs: [{ field: "Info", cell: 0, row: 0, col: 0, asm: 0, ts: 1 }],
    screen: [],
    dos: "builtin",
    gameIndex: 0,
  };

  it("re-runs a report's game and says when the engines now agree", () => {
    const file = join(out, "report.json");
    writeFileSync(file, JSON.stringify(report));
    const run = piskasm("replay", file, "--image", IMAGE);
    expect(run.stdout).toContain("no divergence");
    expect(run.status).toBe(0);
  });

  it("rejects a file that is not a report with one line and exit code 2", () => {
    const file = join(out, "bad.json");
    writeFileSync(file, JSON.stringify({ ...report, moves: ["Z99"] }));
    const run = piskasm("replay", file, "--image", IMAGE);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });
});
