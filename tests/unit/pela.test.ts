/**
 * pela (seed 002): the 9-cell window table, a VCF of at least five fours, the defence against the
 * opponent's VCF, and the per-move time.
 */
import { describe, expect, it } from "vitest";
import { playArenaGame } from "../../arena/game.js";
import { Board, OPP, OWN } from "../../engines/common/board.js";
import { BoardEngine } from "../../engines/common/board-engine.js";
import { DEAD, FIVE, FOUR, ONE, OPEN3, OPEN4, shapeTable, windowKey } from "../../engines/common/shapes.js";
import { createFiveEngine } from "../../engines/five/five.js";
import { PelaStrategy } from "../../engines/pela/pela.js";
import { ShapeBoard } from "../../engines/pela/shape-board.js";
import { searchVcf } from "../../engines/pela/vcf.js";
import { searchVct, type VctLimits } from "../../engines/pela/vct.js";
import type { Engine, Point } from "../../engines/engine.js";
import { answerTo, stonesOf } from "./engine-position.js";

/** x to move; x wins by seven continuous fours and by none of four or fewer (found in a crossmix-FIVE game). */
const LONG_VCF = [
  "...............",
  "...............",
  "...............",
  "...............",
  "...............",
  "........x......",
  "....o.o.o...o..",
  ".....xxxo..x...",
  ".....ox.oox....",
  ".....xxxox.....",
  "........x.o....",
  ".......o.o.....",
];

function boardOf(size: number, rows: readonly string[]): Board {
  const board = new Board(size);
  for (const s of stonesOf(rows)) board.place(board.cell(s.at), s.own ? OWN : OPP);
  return board;
}

const UNLIMITED = { maxDepth: 30, maxNodes: 1_000_000, deadlineMs: Infinity };

function pela(): { engine: BoardEngine; strategy: PelaStrategy } {
  const strategy = new PelaStrategy();
  return {
    engine: new BoardEngine({ name: "pela", version: "test", author: "test", country: "CZ" }, strategy),
    strategy,
  };
}

describe("pela's 9-cell window table", () => {
  const line = (cells: string): number => {
    const board = boardOf(9, [cells]);
    return shapeTable()[windowKey(board, 4, 1, 0, OWN)];
  };

  it("scores fives, open and closed fours and open threes through the middle cell", () => {
    expect(line("xxxx.....")).toBe(FIVE);
    expect(line("...x.x...")).toBe(OPEN3);
    expect(line(".xxx.....")).toBe(OPEN4);
    expect(line("oxxx.....")).toBe(FOUR);
    expect(line("...x.x.x.")).toBe(FOUR);
  });

  it("is zero when opponent's stones leave fewer than five cells between them", () => {
    expect(line("...o.xxo.")).toBe(DEAD);
    expect(line("o.......o")).toBe(ONE);
  });
});

describe("pela's VCF search", () => {
  it("finds a win of at least five continuous fours where none of four or fewer exists", () => {
    const board = boardOf(15, LONG_VCF);
    expect(searchVcf(ShapeBoard.from(board), OWN, { ...UNLIMITED, maxDepth: 4 }).result).toBeUndefined();
    const { result } = searchVcf(ShapeBoard.from(board), OWN, UNLIMITED);
    expect(result).toBeDefined();
    const line = result?.line ?? [];
    const fours = Math.ceil(line.length / 2);
    expect(fours).toBeGreaterThanOrEqual(5);
    // Replay it: every attacker stone makes a four the defender can stop in one cell only, the last wins.
    line.forEach((cell, i) => {
      const attacker = i % 2 === 0;
      if (attacker)
        expect(ShapeBoard.from(board).fourKind(cell, OWN)).toBeGreaterThanOrEqual(
          i === line.length - 1 ? 2 : 1,
        );
      board.place(cell, attacker ? OWN : OPP);
    });
  });

  it("plays the first stone of that win as its move, within the node budget", async () => {
    const { engine, strategy } = pela();
    await engine.newGame({ size: 15, rule: 0, seed: 3 });
    await engine.setPosition(stonesOf(LONG_VCF));
    // A long turn: the node budget, not the clock, ends the search.
    const move = await engine.ownMove({ turnMs: 60_000 });
    const board = boardOf(15, LONG_VCF);
    const { result } = searchVcf(ShapeBoard.from(board), OWN, UNLIMITED);
    expect(board.cell(move)).toBe(result?.line[0]);
    expect(ShapeBoard.from(board).fourKind(board.cell(move), OWN)).toBe(1);
    expect(strategy.lastNodes).toBeGreaterThan(0);
  });

  it("defends against the opponent's VCF with a move after which the opponent has none", async () => {
    // The same position with the colours swapped: the opponent now has the long VCF.
    const swapped = LONG_VCF.map((row) => row.replace(/[xo]/g, (c) => (c === "x" ? "o" : "x")));
    const before = boardOf(15, swapped);
    expect(searchVcf(ShapeBoard.from(before), OPP, UNLIMITED).result).toBeDefined();
    const { engine } = pela();
    await engine.newGame({ size: 15, rule: 0, seed: 3 });
    await engine.setPosition(stonesOf(swapped));
    const move = await engine.ownMove({ turnMs: 60_000 });
    before.place(before.cell(move), OWN);
    expect(searchVcf(ShapeBoard.from(before), OPP, UNLIMITED).result).toBeUndefined();
  });
});

/**
 * x to move; x has no win by fours (not even ending in a double three), but an open three first wins:
 * whichever cell o answers it with, x then wins by fours (found by a search of random positions).
 */
const THREE_THEN_FOURS = [
  "...............",
  "...............",
  "...............",
  "...............",
  "....o..........",
  "....x....o.....",
  "......xx.......",
  "...............",
  "....x.....x....",
  "....o..........",
  ".......oo......",
];

/** After the engine's `move` on `board`, the opponent's threat search (within `limits`) finishes and finds no win. */
function expectNoThreatWinAfterMove(board: Board, move: Point, limits: VctLimits): void {
  board.place(board.cell(move), OWN);
  const after = searchVct(ShapeBoard.from(board), OPP, limits);
  expect(after.complete).toBe(true);
  expect(after.result).toBeUndefined();
}

const THREATS = {
  ...UNLIMITED,
  doubleThrees: true,
  width: 30,
  counterFours: true,
  leafNodes: 1_000_000,
  tempoFours: 2,
};

describe("pela's threat-space search (fours and open threes)", () => {
  it("finds a win that starts with an open three where no VCF exists", () => {
    const board = boardOf(15, THREE_THEN_FOURS);
    expect(
      searchVcf(ShapeBoard.from(board), OWN, { ...UNLIMITED, doubleThrees: true }).result,
    ).toBeUndefined();
    expect(searchVct(ShapeBoard.from(board), OWN, { ...THREATS, threes: 0 }).result).toBeUndefined();
    const { result, complete } = searchVct(ShapeBoard.from(board), OWN, { ...THREATS, threes: 1 });
    expect(complete).toBe(true);
    const first = result?.first ?? -1;
    expect(ShapeBoard.from(board).fourKind(first, OWN)).toBe(0);
    expect(ShapeBoard.from(board).openThrees(first, OWN)).toBe(1);
  });

  it("plays a three after which every answer of the opponent loses to continuous fours", async () => {
    const { engine } = pela();
    await engine.newGame({ size: 15, rule: 0, seed: 3 });
    await engine.setPosition(stonesOf(THREE_THEN_FOURS));
    const move = await engine.ownMove({ turnMs: 60_000 });
    const board = boardOf(15, THREE_THEN_FOURS);
    board.place(board.cell(move), OWN);
    const answers = board.cellsNearStones(3);
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) {
      board.place(answer, OPP);
      expect(
        searchVcf(ShapeBoard.from(board), OWN, { ...UNLIMITED, doubleThrees: true }).result,
        `o answers at ${answer}`,
      ).toBeDefined();
      board.removeLast(answer);
    }
  });

  it("defends against the opponent's three-then-fours win before the three is played", async () => {
    const swapped = THREE_THEN_FOURS.map((row) => row.replace(/[xo]/g, (c) => (c === "x" ? "o" : "x")));
    const before = boardOf(15, swapped);
    expect(
      searchVcf(ShapeBoard.from(before), OPP, { ...UNLIMITED, doubleThrees: true }).result,
    ).toBeUndefined();
    expect(searchVct(ShapeBoard.from(before), OPP, { ...THREATS, threes: 1 }).result).toBeDefined();
    expectNoThreatWinAfterMove(before, await answerTo(pela().engine, 15, swapped, 3, 60_000), {
      ...THREATS,
      threes: 1,
    });
  });
});

/**
 * x to move (from a pela - piskasm-asm arena game, x the asm): x has no VCF and no threat win that
 * starts with an open three, but a four first (o's block is forced) and then two open threes win.
 */
const FOUR_THEN_THREES = [
  "...................",
  "...................",
  "...................",
  "...................",
  "...................",
  "...................",
  "......o............",
  ".......x.o.........",
  ".......oxo.........",
  ".......xox.........",
  "......xx...........",
  "...........o.......",
];

/**
 * x (pela) to move, from an arena game: o has a VCF, and the best cell by value that leaves o no win
 * with one open three (5,5) still leaves one with two; at 200 ms per move pela played such a cell.
 */
const DEEPER_DEFENCE = [
  "...................",
  "...................",
  "...................",
  "...................",
  ".....x.............",
  "......o.o..........",
  ".......o...........",
  "........o..........",
  ".......x.o.........",
  "........oxx........",
  ".......xx..........",
];

describe("pela's deeper threat checks", () => {
  it("finds a threat win that starts with a four played for tempo, and none without that four", () => {
    const board = boardOf(19, FOUR_THEN_THREES);
    expect(
      searchVcf(ShapeBoard.from(board), OWN, { ...UNLIMITED, doubleThrees: true }).result,
    ).toBeUndefined();
    for (const threes of [1, 2])
      expect(
        searchVct(ShapeBoard.from(board), OWN, { ...THREATS, threes, tempoFours: 0 }).result,
      ).toBeUndefined();
    expect(searchVct(ShapeBoard.from(board), OWN, { ...THREATS, threes: 1 }).result).toBeUndefined();
    const { result, complete } = searchVct(ShapeBoard.from(board), OWN, { ...THREATS, threes: 2 });
    expect(complete).toBe(true);
    expect(ShapeBoard.from(board).fourKind(result?.first ?? -1, OWN)).toBe(1);
  });

  it("defends so that the opponent has no win with two open threes when a cell safe against one three would not do that", async () => {
    const opponentThreats = { ...THREATS, counterFours: false, width: 6 };
    const board = boardOf(19, DEEPER_DEFENCE);
    expect(searchVcf(ShapeBoard.from(board), OPP, { ...UNLIMITED, doubleThrees: true }).result).toBeDefined();
    const shallow = board.cell({ x: 5, y: 5 });
    board.place(shallow, OWN);
    expect(searchVct(ShapeBoard.from(board), OPP, { ...opponentThreats, threes: 1 }).result).toBeUndefined();
    expect(searchVct(ShapeBoard.from(board), OPP, { ...opponentThreats, threes: 2 }).result).toBeDefined();
    board.removeLast(shallow);
    expectNoThreatWinAfterMove(board, await answerTo(pela().engine, 19, DEEPER_DEFENCE, 3, 60_000), {
      ...opponentThreats,
      threes: 2,
    });
  });
});

/**
 * The engine with the time of every ownMove in `times` (ms): the smaller of its wall-clock time and the
 * process's processor time, each an upper bound of the engine thread's own time. Wall-clock time alone
 * counts the waits for a core on a machine shared with other work; processor time alone counts V8's
 * own threads (concurrent garbage collection and compilation: 330 to 370 ms for a 300 ms move on a
 * quiet machine). An engine that overruns its time overruns both.
 */
function timed(engine: Engine, times: number[]): Engine {
  return {
    about: engine.about,
    refuse: (settings) => engine.refuse(settings),
    newGame: (settings) => engine.newGame(settings),
    opponentMove: (at) => engine.opponentMove(at),
    setPosition: (stones) => engine.setPosition(stones),
    takeBack: (at) => engine.takeBack(at),
    close: () => engine.close(),
    ownMove: async (limits) => {
      const started = process.cpuUsage();
      const startedMs = performance.now();
      const move = await engine.ownMove(limits);
      const used = process.cpuUsage(started);
      times.push(Math.min(performance.now() - startedMs, (used.user + used.system) / 1000));
      return move;
    },
  };
}

describe("pela's time", () => {
  it("never spends more than the per-move time on a move, even with an unlimited node budget", async () => {
    const turnMs = 300;
    const strategy = new PelaStrategy({ nodeBudget: Number.MAX_SAFE_INTEGER });
    const engine = new BoardEngine(
      { name: "pela", version: "test", author: "test", country: "CZ" },
      strategy,
    );
    const times: number[] = [];
    for (const seed of [1, 2, 3]) {
      await playArenaGame([timed(engine, times), createFiveEngine()], ["pela", "five"], {
        size: 22,
        opening: [{ x: 11, y: 11 }],
        turnMs,
        seeds: [seed, seed],
      });
    }
    expect(times.length).toBeGreaterThan(10);
    expect(Math.max(...times)).toBeLessThanOrEqual(turnMs);
  });
});
