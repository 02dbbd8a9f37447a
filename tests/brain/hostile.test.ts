/**
 * `piskasm brain` under hostile managers and Gomocup time controls: INFO rule followed by more games,
 * match time (timeout_match, time_left) and timeout_turn 0, a flood of
 * commands read slowly, a BOARD never ended, lines without end, absurd board sizes, a bare INFO, and
 * signals with a pbrain engine's children running. Each failed on the code before the fix.
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { BrainProcess, MIDDLE_GAME, parseMove, withBrain } from "../../testkit/brain-process.js";

const FAKE = resolve("tests/arena/fixtures/pbrain-fake.mjs");

describe("piskasm brain: games and rules", () => {
  it.each(["pela", "five", "crossmix", "random"])(
    "%s plays a second and third game after INFO rule 1 (standard, no MESSAGE)",
    async (engine) => {
      await withBrain(["--engine", engine], async (brain) => {
        expect(await brain.ask("START 15")).toBe("OK");
        brain.send("INFO rule 1");
        const skipped: string[] = [];
        brain.send("BEGIN");
        parseMove(await brain.answer(skipped));
        expect(skipped).toEqual([]);
        expect(await brain.ask("START 15")).toBe("OK");
        parseMove(await brain.ask("BEGIN"));
        expect(await brain.ask("RESTART")).toBe("OK");
        parseMove(await brain.ask("TURN 7,7"));
      });
    },
  );

  it("refuses START 9999999 with one ERROR and goes on, also with a pbrain engine", async () => {
    for (const engine of ["pela", `pbrain:${process.execPath} ${FAKE} ok`]) {
      await withBrain(["--engine", engine], async (brain) => {
        expect(await brain.ask("START 9999999")).toBe("ERROR board size 9999999 is too large (at most 100)");
        expect(await brain.ask("START 15")).toBe("OK");
      });
    }
  });

  it("answers a bare INFO with nothing at once and a MESSAGE before the next answer", async () => {
    await withBrain(["--engine", "five"], async (brain) => {
      brain.send("INFO");
      brain.send("START 15");
      expect(await brain.next()).toBe("MESSAGE INFO needs a key and a value; ignored");
      expect(await brain.next()).toBe("OK");
    });
  });
});

describe("piskasm brain: time", () => {
  /** Asks pela for a move in the middle game after `info` lines; returns the answer's time in ms. */
  async function timedMove(brain: BrainProcess, info: readonly string[]): Promise<number> {
    expect(await brain.ask("START 15")).toBe("OK");
    brain.send(info.map((line) => `INFO ${line}`));
    brain.send(["BOARD", ...MIDDLE_GAME]);
    const started = performance.now();
    parseMove(await brain.ask("DONE"));
    return performance.now() - started;
  }

  it("pela keeps within time_left in a match of 15 s, and answers timeout_turn 0 at once", async () => {
    await withBrain(["--engine", "pela"], async (brain) => {
      const withMatch = await timedMove(brain, [
        "timeout_turn 5000",
        "timeout_match 15000",
        "time_left 1000",
      ]);
      expect(withMatch).toBeLessThan(1000);
      const atOnce = await timedMove(brain, ["timeout_match 0", "timeout_turn 0"]);
      expect(atOnce).toBeLessThan(500);
    });
  });
});

describe("piskasm brain: floods", () => {
  it("writes every answer before it exits, also to a manager that reads slowly", () => {
    const lines = 20_000;
    const input = `${"ABOUT\n".repeat(lines)}END\n`;
    const script = `node "${resolve("bin/pbrain-piskasm")}" --engine five | (sleep 2; cat) | grep -c '^name='`;
    const run = spawnSync("bash", ["-c", script], { input, encoding: "utf8", timeout: 60_000 });
    expect(run.stdout.trim()).toBe(String(lines));
  });

  it("answers a line without end with one ERROR, a BOARD without DONE stays bounded, and the brain goes on", async () => {
    await withBrain(["--engine", "five"], async (brain) => {
      brain.send("x".repeat(200_000));
      expect(await brain.next()).toMatch(/^ERROR a line of more than 65536 characters/);
      expect(await brain.ask("START 10")).toBe("OK");
      brain.send(["BOARD", ...Array.from({ length: 5000 }, () => "1,1,1")]);
      expect(await brain.ask("DONE")).toMatch(/^ERROR BOARD holds more stones than the board has cells/);
      expect(await brain.ask("ABOUT")).toMatch(/^name="five"/);
    });
  });
});

describe("piskasm brain: signals", () => {
  it("on SIGTERM kills a pbrain engine's process group and exits 143", async () => {
    const tag = `300.77${process.pid}`;
    const brain = BrainProcess.start(["--engine", `pbrain:${process.execPath} ${FAKE} child ${tag}`]);
    try {
      expect(await brain.ask("START 15")).toBe("OK");
      expect(spawnSync("pgrep", ["-f", `sleep ${tag}`]).status).toBe(0);
      brain.signal("SIGTERM");
      expect(await brain.exited).toBe(143);
      await new Promise((r) => setTimeout(r, 300));
      expect(spawnSync("pgrep", ["-f", `sleep ${tag}`]).status).toBe(1);
    } finally {
      brain.kill();
    }
  });
});
