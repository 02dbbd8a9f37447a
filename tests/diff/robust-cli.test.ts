/**
 * The CLI under a careless or hostile user: a report directory that is a file, reports
 * that cannot be written in the middle of a run, run lengths up to 2^31, signals, tampered and
 * non-regular report files, outputs into directories, too little memory. Each test failed on the code
 * before the fix; every failure must be one `piskasm: ...` line, never a stack trace.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCell, Game, NO_CELL, parseCell } from "../../engine-ts/index.js";
import { MAX_REPORT_BYTES, REPORT_FORMAT, type MismatchReport } from "../../checks/report.js";
import { faultyImage, spinningImage } from "./faulty-image.js";
import { CLI, IMAGE } from "./setup.js";

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

const dir = mkdtempSync(join(tmpdir(), "piskasm-robust-"));
let faulty: string;
beforeAll(() => {
  faulty = faultyImage(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function piskasm(...args: string[]): Run {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 120_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The CLI under a shell's limits: `ulimit -f` (SIGXFSZ ignored, so a write beyond it fails with EFBIG) or `-v`. */
function piskasmLimited(limit: string, ...args: string[]): Run {
  const quoted = [process.execPath, CLI, ...args].map((a) => `'${a}'`).join(" ");
  const run = spawnSync("bash", ["-c", `trap '' XFSZ; ulimit ${limit}; exec ${quoted}`], {
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function expectOneLine(run: Run, exitCode: number, text: string): void {
  expect(run.stderr.trim().split("\n"), run.stderr).toHaveLength(1);
  expect(run.stderr).toMatch(/^piskasm: /);
  expect(run.stderr).toContain(text);
  expect(run.status).toBe(exitCode);
}

function jsonFiles(path: string): string[] {
  return existsSync(path)
    ? readdirSync(path).filter((f) => f.endsWith(".json") && !f.startsWith(".piskasm-probe"))
    : [];
}

describe("piskasm diff: reports", () => {
  it("refuses an --out that is a file before the first game, with one line and exit code 2", () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "not a directory");
    const run = piskasm("diff", "--games", "4", "--jobs", "2", "--image", faulty, "--out", file);
    expectOneLine(run, 2, `cannot create report directory ${file}`);
    expect(run.stdout).toBe("");
  });

  it("says in one line when a report cannot be written, goes on, and lists the missing reports in the summary", () => {
    const out = join(dir, "full");
    // ulimit -f 1: files of at most 1 KiB, like a disk that is full once the run has started; a report is larger.
    const run = piskasmLimited(
      "-f 1",
      "diff",
      "--games",
      "4",
      "--jobs",
      "2",
      "--seed",
      "9",
      "--policy",
      "random",
      "--image",
      faulty,
      "--out",
      out,
    );
    const failures = run.stderr.split("\n").filter((line) => line.startsWith("piskasm: cannot write report"));
    expect(failures, run.stderr).toHaveLength(4);
    for (const line of failures)
      expect(line).toMatch(/file too large for the file system \(EFBIG\); the run goes on$/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toContain("4 games,");
    expect(run.stdout).toContain("4 mismatch report(s) missing (could not be written to");
    expect(run.stdout).toMatch(/games 0, 1, 2, 3/);
    expect(run.status).toBe(1);
    // Written under a temporary name and renamed: no truncated report is left behind.
    expect(jsonFiles(out)).toEqual([]);
  });

  it("stops at the first report that cannot be written with --stop-on-write-error (exit code 2)", () => {
    const out = join(dir, "full-stop");
    const run = piskasmLimited(
      "-f 1",
      "diff",
      "--games",
      "6",
      "--seed",
      "9",
      "--policy",
      "random",
      "--stop-on-write-error",
      "--json",
      "--image",
      faulty,
      "--out",
      out,
    );
    const figures = JSON.parse(run.stdout) as { games: number; missingReports: number; interrupted: string };
    expect(figures.missingReports).toBe(1);
    expect(figures.games).toBe(1);
    expect(figures.interrupted).toBe("a report that could not be written");
    expect(run.stderr).toContain("stopping (--stop-on-write-error)");
    expect(run.status).toBe(2);
  });

  it.each(["random", "storm"])("writes complete reports of %s games that replay shows again", (policy) => {
    const out = join(dir, `reports-${policy}`);
    const run = piskasm(
      "diff",
      "--games",
      "2",
      "--seed",
      "3",
      "--policy",
      policy,
      "--json",
      "--image",
      faulty,
      "--out",
      out,
    );
    const { reports } = JSON.parse(run.stdout) as { reports: string[] };
    expect(reports).toHaveLength(2);
    expect(jsonFiles(out)).toHaveLength(2);
    const replay = piskasm("replay", reports[0], "--image", faulty);
    expect(replay.stdout).toContain("reproduced: the same divergence as in the report");
    expect(replay.status).toBe(1);
  });
});

describe("piskasm diff: run length and signals", () => {
  it("refuses --games above 2^31 with one line and exit code 2", () => {
    expectOneLine(
      piskasm("diff", "--games", "2147483649", "--image", IMAGE),
      2,
      "--games must be at most 2147483648",
    );
  });

  /** Starts a run of 2^31 games, sends `signal` once a progress line counts a game, and collects the output. */
  async function interrupted(signal: NodeJS.Signals): Promise<Run> {
    const child = spawn(process.execPath, [
      CLI,
      "diff",
      "--games",
      "2147483648",
      "--image",
      IMAGE,
      "--out",
      join(dir, "r"),
    ]);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    // Not a terminal: a progress line at the start, then one every 5 s; the first with a game played.
    const progressed = new Promise<void>((resolve) =>
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (/diff: .* [1-9]\d*\/2147483648 games/.test(stderr)) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.on("exit", (status) => resolve(status)));
    await Promise.race([progressed, exited]);
    child.kill(signal);
    return { status: await exited, stdout, stderr };
  }

  it("on SIGINT, SIGTERM and SIGHUP in a run of 2^31 games finishes the progress line, prints the summary so far and exits 130, 143, 129", async () => {
    const signals = [
      ["SIGINT", 130],
      ["SIGTERM", 143],
      ["SIGHUP", 129],
    ] as const;
    const runs = await Promise.all(signals.map(([signal]) => interrupted(signal)));
    for (const [i, [signal, code]] of signals.entries()) {
      const { stdout, stderr, status } = runs[i];
      expect(stderr, stderr).not.toContain("piskasm:");
      expect(stdout).toMatch(/^\d+ games, \d+ computer moves checked, 0 mismatches/);
      expect(stdout).toContain(`interrupted by ${signal} after`);
      expect(stdout).toContain("of 2147483648 games");
      expect(stderr.endsWith("\n")).toBe(true);
      expect(status, `exit code after ${signal}`).toBe(code);
    }
  });
});

describe("piskasm replay: the report is checked before the emulator starts", () => {
  const game = Game.newGame(42, "human");
  const computerMoves = ["K10"].map((move) =>
    formatCell(game.humanMove(parseCell(move)).computer ?? NO_CELL),
  );
  const report: MismatchReport = {
    format: REPORT_FORMAT,
    seed: 42,
    policy: "random",
    policySeed: 1,
    whoStarts: "human",
    moves: ["K10"],
    computerMoves,
    ply: 2,
    diffs: [],
    screen: [],
    dos: "builtin",
    gameIndex: 0,
  };

  // A report refused only after the boot would end in a boot timeout (with the screen), not in the refusal.
  const spinning = spinningImage(dir, IMAGE);

  function replayEdited(name: string, edit: Partial<MismatchReport>): Run {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify({ ...report, ...edit }));
    return piskasm("replay", file, "--image", spinning, "--timeout-ms", "10000");
  }

  it.each<[string, Partial<MismatchReport>, string]>([
    [
      "a move played twice",
      { moves: ["K10", "K10"], computerMoves: [...computerMoves, "A1"] },
      "human move K10 (stone 3) is on an occupied cell",
    ],
    [
      "a move on the computer's stone",
      { moves: ["K10", computerMoves[0]], computerMoves: [...computerMoves, "A1"] },
      "is on an occupied cell",
    ],
    [
      "two human moves in a row",
      { moves: ["K10", "A1"], computerMoves: [] },
      "cannot alternate when the human starts",
    ],
    [
      "moves after a five in a row",
      { moves: ["A1", "A2", "A3", "A4", "A5", "A6"], computerMoves: ["S1", "S2", "S3", "S4", "S5"] },
      "five in a row with A5",
    ],
    ["an unknown policy", { policy: "telepathy" }, 'policy "telepathy" is not a known policy'],
  ])("refuses %s at once with one line and exit code 2", (_, edit, message) => {
    // Refused before any emulator boots (the old code waited 20 s for an answer to the click): from a
    // floppy that cannot boot, the refusal is still the one line.
    expectOneLine(replayEdited("edited.json", edit), 2, message);
  });

  it.each(["five", "pbrain:./brain"])(
    "replays a report whose opponent was the engine %s (a name of the engine registry)",
    (policy) => {
      const file = join(dir, "engine-opponent.json");
      writeFileSync(file, JSON.stringify({ ...report, policy }));
      const run = piskasm("replay", file, "--image", IMAGE);
      expect(run.stderr, run.stderr).not.toContain("is not a known policy");
      expect(run.status, run.stdout + run.stderr).toBe(0);
    },
  );

  it("refuses a device, a pipe and a directory without reading them", () => {
    expectOneLine(piskasm("replay", "/dev/zero", "--image", IMAGE), 2, "/dev/zero: not a regular file");
    const fifo = join(dir, "fifo");
    spawnSync("mkfifo", [fifo]);
    expectOneLine(piskasm("replay", fifo, "--image", IMAGE), 2, "not a regular file");
    expectOneLine(piskasm("replay", dir, "--image", IMAGE), 2, "is a directory");
  });

  it("refuses a report larger than the limit", () => {
    const file = join(dir, "huge.json");
    writeFileSync(file, " ".repeat(MAX_REPORT_BYTES + 1));
    expectOneLine(piskasm("replay", file, "--image", IMAGE), 2, `refusing more than ${MAX_REPORT_BYTES}`);
  });
});

describe("file-system and memory errors", () => {
  it("names the user's output, not a temporary file, when disk -o is a directory", () => {
    const fake = join(dir, "fake-freedos.img");
    spawnSync("mformat", ["-C", "-f", "1440", "-v", "FAKE", "-i", fake, "::"]);
    for (const name of ["KERNEL.SYS", "COMMAND.COM"]) {
      writeFileSync(join(dir, name), name);
      spawnSync("mcopy", ["-i", fake, join(dir, name), `::${name}`]);
    }
    const out = join(dir, "an-output-directory");
    mkdirSync(out);
    const run = piskasm("disk", "--freedos", fake, "-o", out);
    expectOneLine(run, 2, `cannot write floppy ${out}: is a directory (EISDIR)`);
    expect(run.stderr).not.toContain(".tmp");
  });

  it("reports an emulator that cannot get its memory (ulimit -v) in one line with exit code 2", () => {
    expectOneLine(
      piskasmLimited("-v 800000", "boot", "--image", IMAGE),
      2,
      "not enough memory for the emulator",
    );
    const workers = piskasmLimited(
      "-v 800000",
      "diff",
      "--games",
      "2",
      "--jobs",
      "2",
      "--image",
      IMAGE,
      "--out",
      join(dir, "r"),
    );
    expectOneLine(workers, 2, "not enough memory for the emulator");
  });

  it("gives the range of --seed in diff --help", () => {
    const run = piskasm("diff", "--help");
    expect(run.stdout).toMatch(/--seed <s>\s+0\.\.65535/);
    expect(run.status).toBe(0);
  });
});
