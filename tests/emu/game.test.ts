/**
 * PISKASM.COM in the emulator, played like a person plays it: keys through the emulated keyboard,
 * clicks through the emulated PS/2 mouse and MOUSE.COM. Guest memory is only read (through the debug
 * header, guest/game-view.ts), never written. Every move is checked against engine-ts, and after
 * every move the screen must show exactly the stones of Plocha.
 *
 * Floppies (made by `make image` from disk/tests/*.bat):
 *   test-piskasm-seed.img     MOUSE, PISKASM /S:1   (seed 1 for every game: reproducible games)
 *   test-piskasm-nomouse.img  PISKASM               (no mouse driver)
 */
import { resolve } from "node:path";
import { bootForDescribe, ROOT, testFloppy } from "./support.js";
import { describe, expect, it } from "vitest";
import type { Machine } from "../../emu/types.js";
import {
  buildBodovani,
  COMPUTER,
  Game,
  HUMAN,
  LAYOUT,
  LINE_DOUBLE_FOUR_MASK,
  type Side,
} from "../../engine-ts/index.js";
import { GameSession } from "../../guest/session.js";
import { DRAW_HUMAN_MOVES, DRAW_SEED, DRAW_WHO_STARTS } from "../../testkit/draw-game.js";
import {
  cellToScreen,
  CELLS,
  findGame,
  Phase,
  type PhaseValue,
  readForcedSeed,
  readGameState,
  type GameLayout,
  type GameState,
  readBodovani,
} from "../../guest/game-view.js";

const BOOT_TIMEOUT_MS = 60_000;
const STEP_TIMEOUT_MS = 20_000;
/** Long enough for the game to have reacted to an ignored click if it were going to. */
const SETTLE_MS = 400;
const BRIGHT_RED = 0x0c;
/** The seed of test-piskasm-seed.img's AUTOEXEC line. */
const SEED = 1;
/**
 * With seed 1 and the human starting, these human moves win (found with engine-ts: a beam search over
 * the human's moves, 200 games kept, the 8 cells the human-side CountScore rates best tried in each;
 * the test re-checks it with engine-ts before using it).
 */
const HUMAN_WINNING_MOVES = [180, 162, 143, 160, 198, 179, 161, 163, 159];
/** Cells far from the centre for a human that ignores the computer (the computer then makes five). */
const FAR_CELLS = [0, 18, 342, 360, 2, 16, 344, 358, 4, 14, 346, 356];

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** One booted floppy with PISKASM.COM on it, seen through its debug header. */
class GameRun {
  layout: GameLayout | undefined;

  constructor(readonly machine: Machine) {}

  get game(): GameLayout {
    if (!this.layout) throw new Error("PISKASM.COM was not found in memory");
    return this.layout;
  }

  state(): GameState {
    return readGameState(this.machine.memory, this.game);
  }

  phase(): PhaseValue {
    return this.machine.memory.readU8(this.game.phase) as PhaseValue;
  }

  screenHas(text: string): boolean {
    return this.machine.screen().lines.some((line) => line.includes(text));
  }

  async waitForText(text: string, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
    await this.machine.waitFor(() => this.screenHas(text), {
      timeoutMs,
      what: `"${text}" on the screen`,
    });
  }

  /** Find the (re)started program and wait for its menu. */
  async waitForMenu(): Promise<void> {
    this.layout = await this.machine.waitFor(
      () => {
        const layout = findGame(this.machine.memory);
        return layout && this.machine.memory.readU8(layout.phase) === Phase.MENU ? layout : undefined;
      },
      { timeoutMs: BOOT_TIMEOUT_MS, what: "PISKASM's menu (Phase = MENU)" },
    );
  }

  async waitForPhase(phases: PhaseValue[], moveCount?: number): Promise<GameState> {
    await this.machine.waitFor(
      () =>
        phases.includes(this.phase()) &&
        (moveCount === undefined || this.machine.memory.readU16(this.game.moveCount) === moveCount),
      { timeoutMs: STEP_TIMEOUT_MS, what: `phase ${phases.join("/")} with MoveCount ${moveCount ?? "any"}` },
    );
    return this.state();
  }

  async startGame(key: "1" | "2"): Promise<GameState> {
    expect(this.phase()).toBe(Phase.MENU);
    await this.machine.keyboard.type(key);
    return this.waitForPhase([Phase.HUMAN_TURN], key === "1" ? 0 : 1);
  }

  async clickCell(cell: number): Promise<void> {
    const at = cellToScreen(this.game.geometry, cell);
    await this.machine.mouse.clickCell(at.col, at.row);
  }

  /** A human click on an empty cell; resolves when the computer has answered (or the game ended). */
  async play(cell: number): Promise<GameState> {
    const before = this.state().moveCount;
    await this.clickCell(cell);
    await this.machine.waitFor(
      () => {
        const count = this.machine.memory.readU16(this.game.moveCount);
        const phase = this.phase();
        if (phase === Phase.HUMAN_TURN) return count === before + 2;
        return (
          count > before &&
          (phase === Phase.COMPUTER_WON || phase === Phase.HUMAN_WON || phase === Phase.DRAW)
        );
      },
      { timeoutMs: STEP_TIMEOUT_MS, what: `the answer to a click on cell ${cell}` },
    );
    return this.state();
  }

  /** The screen shows exactly the stones of Plocha; only the computer's last stone is bright red. */
  expectScreenMatchesBoard(): void {
    const state = this.state();
    const screen = this.machine.screen();
    const wrong: string[] = [];
    for (let cell = 0; cell < CELLS; cell++) {
      const at = cellToScreen(this.game.geometry, cell);
      const ch = screen.lines[at.row][at.col];
      const foreground = screen.attrs[at.row * screen.cols + at.col] & 0x0f;
      const want = state.plocha[cell] === 1 ? "X" : state.plocha[cell] === 2 ? "O" : "";
      if (want === "" ? ch === "X" || ch === "O" : ch !== want)
        wrong.push(`cell ${cell}: '${ch}' for Plocha ${state.plocha[cell]}`);
      if (want !== "" && (cell === state.lastPC) !== (foreground === BRIGHT_RED)) {
        wrong.push(`cell ${cell}: foreground ${foreground.toString(16)} (LastPC ${state.lastPC})`);
      }
    }
    expect(wrong).toEqual([]);
  }
}

/** Plocha, Info, Random, LastPC, VolnaPole, MoveCount and the phase agree with the TS engine. */
function expectSameAsEngine(state: GameState, engine: Game): void {
  const s = engine.state;
  expect({
    plocha: Array.from(state.plocha),
    info: Array.from(state.info),
    random: state.random,
    lastPC: state.lastPC,
    volnaPole: state.volnaPole,
    moveCount: state.moveCount,
    phase: state.phase,
  }).toEqual({
    plocha: Array.from(s.plocha),
    info: Array.from(s.info),
    random: s.random,
    lastPC: s.lastPC,
    volnaPole: s.volnaPole,
    moveCount: s.moveCount,
    phase: s.phase,
  });
}

describe("PISKASM.COM with MOUSE.COM loaded and /S:1", () => {
  const run = bootForDescribe(
    () => testFloppy("piskasm-seed"),
    (machine) => new GameRun(machine),
  );

  it("shows the intro and the menu, in phase MENU", async () => {
    await run().waitForMenu();
    expect(run().screenHas("PISKASM")).toBe(true);
    expect(run().screenHas("1 = you start")).toBe(true);
    expect(run().screenHas("2 = computer starts")).toBe(true);
    expect(run().screenHas("3 = quit")).toBe(true);
    expect(run().screenHas("4 = set up")).toBe(true);
    expect(run().screenHas("S = seed")).toBe(true);
  });

  it("holds engine-ts's score tables word for word, the line double four X.XXX.X included", () => {
    const tables = readBodovani(run().machine.memory, run().game);
    expect(Array.from(tables)).toEqual(Array.from(buildBodovani()));
    expect(tables[LAYOUT.attack[7] + LINE_DOUBLE_FOUR_MASK]).toBeGreaterThan(0);
    expect(tables[LAYOUT.defence[7] + LINE_DOUBLE_FOUR_MASK]).toBeGreaterThan(0);
  });

  it("key 1 starts an empty game with the human to move", async () => {
    const state = await run().startGame("1");
    expect(state.seed).toBe(SEED);
    expect(state.random).toBe(SEED);
    expect(state.volnaPole).toBe(CELLS);
    expect(state.lastPC).toBe(0xffff);
    expect(Array.from(state.plocha).every((v) => v === 0)).toBe(true);
    expect(run().screenHas("Your move")).toBe(true);
    for (const label of ["A  B  C", "Q  R  S", " 1 ", "19 "]) expect(run().screenHas(label)).toBe(true);
    run().expectScreenMatchesBoard();
  });

  it("a left click on an empty cell places an O there and the computer answers as engine-ts does", async () => {
    const engine = Game.newGame(SEED, "human");
    const state = await run().play(180);
    expect(state.plocha[180]).toBe(2);
    engine.humanMove(180);
    expectSameAsEngine(state, engine);
    expect(state.plocha[state.lastPC]).toBe(1);
    run().expectScreenMatchesBoard();
  });

  it("clicks on an occupied cell or off the board are ignored", async () => {
    const before = run().state();
    const occupied = [180, before.lastPC];
    for (const cell of occupied) {
      await run().clickCell(cell);
      await sleep(SETTLE_MS);
    }
    // Off the board: the legend beside it, the title row, the status line.
    for (const [col, row] of [
      [70, 10],
      [30, 0],
      [30, 23],
    ]) {
      await run().machine.mouse.clickCell(col, row);
      await sleep(SETTLE_MS);
    }
    const after = run().state();
    expect(after.phase).toBe(Phase.HUMAN_TURN);
    expect(after.moveCount).toBe(before.moveCount);
    expect(Array.from(after.plocha)).toEqual(Array.from(before.plocha));
    run().expectScreenMatchesBoard();
  });

  it("highlights only the computer's last stone and restores the previous one to the normal colour", async () => {
    const engine = Game.newGame(SEED, "human");
    engine.humanMove(180);
    const first = run().state().lastPC;
    const move = HUMAN_WINNING_MOVES[1];
    const state = await run().play(move);
    engine.humanMove(move);
    expectSameAsEngine(state, engine);
    expect(state.lastPC).not.toBe(first);
    expect(state.plocha[first]).toBe(1);
    run().expectScreenMatchesBoard();
  });

  it("Esc abandons the game and returns to the menu", async () => {
    await run().machine.keyboard.type("\x1b");
    await run().waitForPhase([Phase.MENU]);
    expect(run().screenHas("1 = you start")).toBe(true);
  });

  it("key 2 lets the computer open in the 5x5 square around the centre, as engine-ts does", async () => {
    const state = await run().startGame("2");
    const engine = Game.newGame(SEED, "computer");
    expectSameAsEngine(state, engine);
    const row = Math.floor(state.lastPC / 19);
    const col = state.lastPC % 19;
    expect(row >= 7 && row <= 11 && col >= 7 && col <= 11).toBe(true);
    run().expectScreenMatchesBoard();
    await run().machine.keyboard.type("\x1b");
    await run().waitForPhase([Phase.MENU]);
  });

  it("a human five ends the game with the human's win message; a key returns to the menu", async () => {
    const engine = Game.newGame(SEED, "human");
    for (const cell of HUMAN_WINNING_MOVES) engine.humanMove(cell);
    expect(engine.result).toBe("human");

    const check = Game.newGame(SEED, "human");
    await run().startGame("1");
    let state = run().state();
    for (const cell of HUMAN_WINNING_MOVES) {
      state = await run().play(cell);
      check.humanMove(cell);
      expectSameAsEngine(state, check);
      run().expectScreenMatchesBoard();
    }
    expect(state.phase).toBe(Phase.HUMAN_WON);
    expect(run().screenHas("You won!")).toBe(true);
    await run().machine.keyboard.type(" ");
    await run().waitForPhase([Phase.MENU]);
  });

  it("a computer five ends the game with the computer's win message", async () => {
    const engine = Game.newGame(SEED, "computer");
    await run().startGame("2");
    let state = run().state();
    for (let i = 0; i < FAR_CELLS.length && state.phase === Phase.HUMAN_TURN; i++) {
      const cell = FAR_CELLS[i];
      state = await run().play(cell);
      engine.humanMove(cell);
      expectSameAsEngine(state, engine);
      run().expectScreenMatchesBoard();
    }
    expect(state.phase).toBe(Phase.COMPUTER_WON);
    expect(run().screenHas("The computer won.")).toBe(true);
    await run().machine.keyboard.type(" ");
    await run().waitForPhase([Phase.MENU]);
  });

  it("ends a game that fills the board without five in a row as a draw", async () => {
    expect(DRAW_SEED).toBe(SEED);
    expect(DRAW_WHO_STARTS).toBe("human");
    const engine = Game.newGame(DRAW_SEED, DRAW_WHO_STARTS);
    for (const [i, cell] of DRAW_HUMAN_MOVES.entries()) {
      const outcome = engine.humanMove(cell);
      expect(outcome.result, `engine-ts after human move ${i + 1}`).toBe(
        i === DRAW_HUMAN_MOVES.length - 1 ? "draw" : "playing",
      );
    }
    expect(engine.state.phase).toBe(Phase.DRAW);
    expect(engine.state.volnaPole).toBe(0);

    const check = Game.newGame(DRAW_SEED, DRAW_WHO_STARTS);
    await run().startGame("1");
    let state = run().state();
    for (const cell of DRAW_HUMAN_MOVES) {
      state = await run().play(cell);
      check.humanMove(cell);
      expectSameAsEngine(state, check);
      run().expectScreenMatchesBoard();
    }
    expect(state.phase).toBe(Phase.DRAW);
    expect(state.volnaPole).toBe(0);
    expect(state.moveCount).toBe(CELLS);
    expect(Array.from(state.plocha).every((v) => v !== 0)).toBe(true);
    expectSameAsEngine(state, engine);
    expect(run().screenHas("Draw: the board is full.")).toBe(true);
    await run().machine.keyboard.type(" ");
    await run().waitForPhase([Phase.MENU]);
  });

  it("key S and a typed seed make every game start with that seed; an empty line counts seeds again", async () => {
    const { machine } = run();
    const session = await GameSession.open(machine, { timeoutMs: STEP_TIMEOUT_MS });
    expect(session.forcedSeed()).toBe(SEED);
    await session.useSeed(4242);
    expect(session.forcedSeed()).toBe(4242);
    for (let game = 0; game < 2; game++) {
      const state = await run().startGame("2");
      expectSameAsEngine(state, Game.newGame(4242, "computer"));
      await machine.keyboard.type("\x1b");
      await run().waitForPhase([Phase.MENU]);
    }
    await machine.keyboard.type("S");
    await run().waitForPhase([Phase.SEED_ENTRY]);
    expect(run().screenHas("Seed 0..65535")).toBe(true);
    await machine.keyboard.type("\r");
    await run().waitForPhase([Phase.MENU]);
    expect(session.forcedSeed()).toBeUndefined();
    const counted = await run().startGame("1");
    expect(counted.seed).toBeGreaterThan(4242);
    await machine.keyboard.type("\x1b");
    await run().waitForPhase([Phase.MENU]);
    await session.useSeed(SEED);
    expect(readForcedSeed(machine.memory, run().game)).toBe(SEED);
  });

  it.each(["65536", "12x", "99999999"])(
    "a typed seed %s gets the bad-seed message and the menu stays",
    async (text) => {
      const { machine } = run();
      await machine.keyboard.type("S");
      await run().waitForPhase([Phase.SEED_ENTRY]);
      await machine.keyboard.type(`${text}\r`);
      await run().waitForPhase([Phase.MENU]);
      expect(run().screenHas("Bad seed: give a number from 0 to 65535")).toBe(true);
      expect(run().screenHas("1 = you start")).toBe(true);
      expect(readForcedSeed(machine.memory, run().game)).toBe(SEED);
    },
  );

  it("Esc while typing a seed keeps the seed in effect; Backspace rubs out", async () => {
    const { machine } = run();
    await machine.keyboard.type("S");
    await run().waitForPhase([Phase.SEED_ENTRY]);
    await machine.keyboard.type("123\b");
    await run().waitForText("Esc = back: 12 ");
    await machine.keyboard.type("\x1b");
    await run().waitForPhase([Phase.MENU]);
    expect(readForcedSeed(machine.memory, run().game)).toBe(SEED);
  });

  it("a 40-stone position set up by clicks (left O, right X) equals engine-ts, and so does the computer's next move", async () => {
    const { machine } = run();
    const session = await GameSession.open(machine, { timeoutMs: STEP_TIMEOUT_MS });
    const stones = fortyStones();
    for (const toMove of ["human", "computer"] as const) {
      const engine = Game.setUp(SEED);
      for (const stone of stones) engine.placeStone(stone.cell, stone.side);
      engine.handOver(toMove);
      const games = machine.memory.readU16(run().game.gameCount);
      const state = await session.setUpPosition(stones, toMove);
      expect(state.gameCount).toBe(games + 1);
      expectSameAsEngine(state, engine);
      expect(state.moveCount).toBe(toMove === "computer" ? 41 : 40);
      run().expectScreenMatchesBoard();
      await session.backToMenu();
    }
  });

  it("in the set-up mode clicks on stones or off the board place nothing, Esc leaves, and a set-up five ends the game", async () => {
    const { machine } = run();
    const session = await GameSession.open(machine, { timeoutMs: STEP_TIMEOUT_MS });
    await session.startSetUp();
    expect(run().screenHas("Set-up: left O, right X")).toBe(true);
    await run().clickCell(100);
    await run().waitForPhase([Phase.SETUP], 1);
    await machine.mouse.clickCell(
      cellToScreen(run().game.geometry, 100).col,
      cellToScreen(run().game.geometry, 100).row,
      "right",
    );
    await machine.mouse.clickCell(70, 10, "right");
    await sleep(SETTLE_MS);
    expect(run().state().moveCount).toBe(1);
    expect(run().state().plocha[100]).toBe(HUMAN);
    await machine.keyboard.type("\x1b");
    await run().waitForPhase([Phase.MENU]);

    await expect(
      session.setUpPosition(
        [
          { cell: 5, side: HUMAN },
          { cell: 5, side: COMPUTER },
        ],
        "human",
      ),
    ).rejects.toThrow(/two stones on F1/);
    await expect(session.setUpPosition([{ cell: 361, side: HUMAN }], "human")).rejects.toThrow(RangeError);
    expect(run().phase()).toBe(Phase.MENU);

    const five = [40, 41, 42, 43, 44].map((cell): { cell: number; side: Side } => ({ cell, side: COMPUTER }));
    const state = await session.setUpPosition(five, "human");
    const engine = Game.setUp(SEED);
    for (const stone of five) engine.placeStone(stone.cell, stone.side);
    expect(engine.result).toBe("computer");
    expectSameAsEngine(state, engine);
    expect(state.phase).toBe(Phase.COMPUTER_WON);
    expect(run().screenHas("The computer won.")).toBe(true);
    await session.backToMenu();
  });

  it("key 3 quits with a clean screen and errorlevel 0", async () => {
    await run().machine.keyboard.type("3");
    await run().waitForText("PISKASM.COM exited with errorlevel 0.");
    const lines = run().machine.screen().lines;
    expect(lines[0]).toContain("PISKDOS: PISKASM.COM exited with errorlevel 0.");
    expect(lines.some((line) => line.includes("PISKASM  -"))).toBe(false);
    expect(lines.some((line) => line.includes("A  B  C"))).toBe(false);
  });

  it("/S:n typed at the DOS's rerun prompt reproduces the same computer moves twice", async () => {
    const humanMoves = [100, 120, 140, 160];
    const games: number[][] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      await run().waitForText("Type arguments for PISKASM.COM");
      await run().machine.keyboard.type("/S:4242\r");
      await run().waitForMenu();
      const start = await run().startGame("2");
      expect(start.seed).toBe(4242);
      const computer = [start.lastPC];
      for (const cell of humanMoves) {
        const state = run().state();
        const free = state.plocha[cell] === 0 ? cell : state.plocha.findIndex((v) => v === 0);
        computer.push((await run().play(free)).lastPC);
      }
      games.push(computer);
      await run().machine.keyboard.type("\x1b");
      await run().waitForPhase([Phase.MENU]);
      await run().machine.keyboard.type("3");
      await run().waitForText("PISKASM.COM exited with errorlevel 0.");
    }
    expect(games[1]).toEqual(games[0]);
  });

  it("/S:65536 typed at the rerun prompt gets the bad-seed message and errorlevel 2", async () => {
    await run().waitForText("Type arguments for PISKASM.COM");
    await run().machine.keyboard.type("/S:65536\r");
    await run().waitForText("PISKASM.COM exited with errorlevel 2.");
    expect(run().screenHas("Bad seed: give a number from 0 to 65535")).toBe(true);
  });
});

/**
 * 40 stones of a position nobody has won: the first 40 stones of the draw game (human and computer
 * alternately), given in cell order rather than in the order they were played.
 */
function fortyStones(): { cell: number; side: Side }[] {
  const game = Game.newGame(DRAW_SEED, DRAW_WHO_STARTS);
  const stones: { cell: number; side: Side }[] = [];
  for (const cell of DRAW_HUMAN_MOVES.slice(0, 20)) {
    const outcome = game.humanMove(cell);
    stones.push({ cell, side: HUMAN });
    if (outcome.computer !== null) stones.push({ cell: outcome.computer, side: COMPUTER });
  }
  return stones.sort((a, b) => a.cell - b.cell);
}

/**
 * SeaBIOS's PS/2 mouse commands (INT 15h C205h, which MOUSE.COM calls) wait for an answer the 8042 of
 * a PC without a mouse never gives, until SeaBIOS's own time-outs run out, and those vary in v86 far
 * more than a boot does. Measured: 60 million to 1.6 billion guest instructions between "Booting from Floppy" and
 * PISKASM's message, 2 to 31 s of host time on a busy two-core machine (and once more than 60 s): the
 * wait allows nearly the whole of the test's time.
 */
const NO_PS2_TIMEOUT_MS = 170_000;

describe("PISKASM.COM on a PC without a PS/2 mouse, MOUSE.COM loaded first", () => {
  const run = bootForDescribe(
    () => resolve(ROOT, "build/piskasm.img"),
    (machine) => new GameRun(machine),
    undefined,
    { ps2Mouse: false },
  );

  it('gives the real reason (no PS/2 mouse, so MOUSE.COM could not start), not "load MOUSE.COM first"', async () => {
    await run().waitForText("PISKASM.COM exited with errorlevel 1.", NO_PS2_TIMEOUT_MS);
    expect(run().screenHas("This PC has no PS/2 mouse")).toBe(true);
    expect(run().screenHas("so MOUSE.COM could not start")).toBe(true);
    expect(run().screenHas("load MOUSE.COM first")).toBe(false);
  });
});

describe("PISKASM.COM without a mouse driver", () => {
  const run = bootForDescribe(
    () => testFloppy("piskasm-nomouse"),
    (machine) => new GameRun(machine),
  );

  it("names the missing driver and the fix, and exits with errorlevel 1", async () => {
    await run().waitForText("PISKASM.COM exited with errorlevel 1.", BOOT_TIMEOUT_MS);
    expect(run().screenHas("No mouse driver found")).toBe(true);
    expect(run().screenHas("load MOUSE.COM first")).toBe(true);
  });
});
