/**
 * The checker can fail: faults injected into engine-ts here, in the test (never into the product), must
 * be reported with the right cells and values, and replaying the report must show them again. A
 * reference that throws is a mismatch of its own (`Reference`), not a failure of the harness.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildBodovani, CELLS, Game, LAYOUT, parseCell, type WhoStarts } from "../../engine-ts/index.js";
import { openSession } from "../../guest/boot.js";
import { formatMismatch, readReport, writeReport, type MismatchReport } from "../../checks/report.js";
import { replaySpec, sameDivergence } from "../../harness/replay.js";
import { playGame, type EngineFactory } from "../../harness/runner.js";
import type { GameSession } from "../../guest/session.js";
import { ProgramChecker } from "../../checks/checker.js";
import { BOOT } from "./setup.js";
import type { GameSpec } from "../../harness/model.js";
import { buildReport } from "../../harness/mismatch-report.js";

const CORNER = parseCell("A1");
const CORRUPT_VALUE = 777;

/** engine-ts with one Info word of the fresh game wrong: the far corner A1, never re-scored early on. */
const corruptedState: EngineFactory = (seed, who) => {
  const game = Game.newGame(seed, who);
  game.state.info[CORNER] = CORRUPT_VALUE;
  return game;
};

/** The attack table's ONE entry `..X..` (L5 mask 04h) is 3 instead of 2. */
const WRONG_MASK = 0x04;
function wrongTable(): Uint16Array {
  const bodovani = buildBodovani();
  bodovani[LAYOUT.attack[5] + WRONG_MASK] += 1;
  return bodovani;
}
const wrongTableEngine: EngineFactory = (seed, who) => Game.newGame(seed, who, { bodovani: wrongTable() });

/** A game with the program's counted seed (replays force it with /S:n). */
function spec(whoStarts: WhoStarts): GameSpec {
  return { index: 0, whoStarts, policy: "random", policySeed: 5, maxComputerMoves: 40 };
}

describe("the differential checker", () => {
  let session: GameSession;
  let out: string;

  beforeAll(async () => {
    session = await openSession(BOOT);
    out = mkdtempSync(join(tmpdir(), "piskasm-diff-"));
  });

  afterAll(async () => {
    await session?.machine.destroy();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  /** The reports of the two faults, replayed by the later tests. */
  const reports: { corrupted?: MismatchReport; wrongTable?: MismatchReport } = {};

  beforeEach(() => session.backToMenu());

  it("reports a corrupted engine-ts Info word at its cell with both values", async () => {
    const outcome = await playGame(session, spec("human"), { engine: corruptedState });
    expect(outcome.result).toBe("mismatch");
    expect(outcome.mismatch?.ply).toBe(0);
    expect(outcome.mismatch?.diffs).toEqual([
      { field: "Info", cell: CORNER, row: 0, col: 0, asm: 0, ts: CORRUPT_VALUE },
    ]);
    const report = readReport(writeReport(out, buildReport(outcome, "builtin")));
    expect(report.seed).toBe(outcome.seed);
    expect(formatMismatch(report)).toContain("Info A1: asm 0, ts 777");
    reports.corrupted = report;
  });

  it("reports a wrong table entry as its Bodovani word at the first move, and Info at exactly the cells it changes", async () => {
    const outcome = await playGame(session, spec("computer"), { engine: wrongTableEngine });
    expect(outcome.result).toBe("mismatch");
    const mismatch = outcome.mismatch;
    if (!mismatch) throw new Error("no mismatch");
    // Independent expectation: the correct and the faulty engine-ts side by side on the same moves.
    const right = Game.newGame(outcome.seed, "computer");
    const wrong = wrongTableEngine(outcome.seed, "computer");
    for (const cell of outcome.humanMoves) {
      right.humanMove(cell);
      wrong.humanMove(cell);
    }
    const expected = [];
    for (let cell = 0; cell < CELLS; cell++) {
      if (right.state.info[cell] !== wrong.state.info[cell]) {
        expected.push({ cell, asm: right.state.info[cell], ts: wrong.state.info[cell] });
      }
    }
    const word = LAYOUT.attack[5] + WRONG_MASK;
    const correct = buildBodovani()[word];
    expect(mismatch.diffs.filter((d) => d.field === "Bodovani")).toEqual([
      {
        field: "Bodovani",
        cell: null,
        row: null,
        col: null,
        asm: `[${word}] ${correct}`,
        ts: `[${word}] ${correct + 1}`,
      },
    ]);
    const infoDiffs = mismatch.diffs
      .filter((d) => d.field === "Info")
      .map(({ cell, asm, ts }) => ({ cell, asm, ts }));
    expect(infoDiffs).toEqual(expected);
    for (const d of infoDiffs) expect(Number(d.ts) - Number(d.asm)).toBeGreaterThan(0);
    reports.wrongTable = readReport(writeReport(out, buildReport(outcome, "builtin")));
  });

  it("shows the same divergences again when the reports are replayed (PISKASM /S:n, the same moves)", async () => {
    if (!reports.corrupted || !reports.wrongTable)
      throw new Error("the reports of the tests above are missing");
    expect(
      sameDivergence(
        reports.corrupted,
        await playGame(session, replaySpec(reports.corrupted), { engine: corruptedState }),
      ),
    ).toBe(true);
    await session.backToMenu();
    expect(
      sameDivergence(
        reports.wrongTable,
        await playGame(session, replaySpec(reports.wrongTable), { engine: wrongTableEngine }),
      ),
    ).toBe(true);
  });

  it("finds nothing to report when a report's game is replayed with the correct engine", async () => {
    const report = reports.wrongTable;
    if (!report) throw new Error("the report of the wrong-table test is missing");
    const again = await playGame(session, replaySpec(report));
    expect(again.mismatch).toBeUndefined();
    expect(again.humanMoves).toEqual(report.moves.map(parseCell));
  });
});

const TABLES_FAIL = "the score tables cannot be read";

/** The score tables of a reference that fails: each read of an entry throws while `armed()` says so. */
function failingTables(armed: () => boolean): Uint16Array {
  return new Proxy(buildBodovani(), {
    get(target, key) {
      if (armed() && typeof key === "string" && /^\d+$/.test(key)) throw new Error(TABLES_FAIL);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe("a reference model that throws", () => {
  let session: GameSession;
  let out: string;
  let checker: ProgramChecker;
  /** The tables fail from the next mouse press on (set by a listener that hears each input before the checker). */
  let armed = false;

  beforeAll(async () => {
    session = await openSession(BOOT);
    out = mkdtempSync(join(tmpdir(), "piskasm-reference-"));
    session.inputs.listen(async (event) => {
      if (event.kind === "press") armed = true;
    });
    checker = ProgramChecker.attach(session, {
      settleTimeoutMs: 20_000,
      sink: "throw",
      bodovani: failingTables(() => armed),
    });
  });

  afterAll(async () => {
    await session?.machine.destroy();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it("is a Reference mismatch of the program's start, the error's stack its detail, when it cannot form its expectation there", () => {
    armed = true;
    const mismatch = checker.startDiffers();
    armed = false;
    expect(mismatch?.diffs).toEqual([
      {
        field: "Reference",
        cell: null,
        row: null,
        col: null,
        asm: "the program in phase MENU",
        ts: `the reference model failed: ${TABLES_FAIL}`,
      },
    ]);
    expect(mismatch?.afterInput).toBe("the program's start");
    expect(mismatch?.detail).toMatch(new RegExp(`^Error: ${TABLES_FAIL}\\n\\s+at `));
    expect(checker.startDiffers()).toBeUndefined();
  });

  it("is a Reference mismatch after the click it fails on, in a report that shows the error and replays the same failure", async () => {
    const move = parseCell("K10");
    const game: GameSpec = {
      index: 0,
      whoStarts: "human",
      policy: "replay",
      policySeed: 0,
      moves: [move],
      maxComputerMoves: 1,
      seed: 1234,
    };
    const outcome = await playGame(session, game);
    expect(outcome.result).toBe("mismatch");
    expect(outcome.humanMoves).toEqual([move]);
    const mismatch = outcome.mismatch;
    expect(mismatch?.diffs[0]).toMatchObject({
      field: "Reference",
      ts: `the reference model failed: ${TABLES_FAIL}`,
    });
    expect(mismatch?.afterInput).toMatch(/^press of the left button at \(col \d+, row \d+\)$/);
    const report = readReport(writeReport(out, buildReport(outcome, "builtin")));
    expect(report.seed).toBe(1234);
    expect(report.detail).toContain(TABLES_FAIL);
    expect(formatMismatch(report)).toContain(`Reference: asm "the program in phase `);
    expect(formatMismatch(report)).toContain("the reference's error:");
    armed = false;
    expect(sameDivergence(report, await playGame(session, replaySpec(report)))).toBe(true);
  });
});
