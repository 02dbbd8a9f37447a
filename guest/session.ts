/**
 * A running PISKASM.COM driven only through the emulated keyboard and mouse, observed only through
 * its debug header (docs/architecture.md). The header is found once per boot; every later read goes
 * straight to the resolved addresses.
 */
import { readMouseDriverState } from "../emu/mouse-header.js";
import { InputTap, tappedMachine } from "./observed-input.js";
import { SETTLE_INSTRUCTIONS, StillWatch, STUCK_TICKS, waitsForInput } from "./waiting.js";
import type { Machine } from "../emu/types.js";
import {
  assertCell,
  COMPUTER,
  formatCell,
  HUMAN,
  type Side,
  type ToMove,
  type WhoStarts,
} from "../engine-ts/index.js";
import {
  cellToScreen,
  headerVersionProblem,
  locateGame,
  INT3_OPCODE,
  Phase,
  phaseName,
  PROGRAM_ORIGIN,
  readForcedSeed,
  readGameState,
  readProgramImage,
  type GameLayout,
  type GameState,
  type PhaseValue,
  type ScreenPosition,
} from "./game-view.js";

/**
 * The share of its step's time after which a started program that has not come to its menu stalls
 * (the rest leaves the probe time to tell it before the wait times out).
 */
const START_STALL_SHARE = 0.9;

export interface SessionOptions {
  /** Longest wait for one step (a boot, a key, an answer) before failing with the screen. */
  timeoutMs: number;
  /**
   * Instructions from the open (a boot) within which the program's debug header must be seen, else a
   * HeaderMissingError; none: only the step's time limits that wait (a DOS whose boot is not measured).
   */
  headerWithin?: number;
}

export interface MoveTiming {
  /** Emulated instructions from the start of the click to the observed answer. */
  instructions: number;
}

/** One stone of a set-up position. */
export interface SetUpStone {
  cell: number;
  side: Side;
}

const MENU_KEY: Readonly<Record<WhoStarts, string>> = { human: "1", computer: "2" };
const SET_UP_KEY = "4";
const SEED_KEY = "S";
const ENTER = "\r";
const ESC = "\x1b";
/** The keys that end the set-up: Enter (the computer moves now), Tab (the human moves). */
const HAND_OVER_KEY: Readonly<Record<ToMove, string>> = { computer: ENTER, human: "\t" };
/** Any key leaves the result screen. */
const CONTINUE_KEY = " ";

/** Throws a RangeError for a cell off the board, a side other than 1 or 2, or two stones on one cell. */
function checkStones(stones: readonly SetUpStone[]): void {
  const taken = new Set<number>();
  for (const { cell, side } of stones) {
    assertCell(cell);
    if (side !== COMPUTER && side !== HUMAN)
      throw new RangeError(`set-up stone on ${formatCell(cell)}: side ${String(side)} is not 1 or 2`);
    if (taken.has(cell)) throw new RangeError(`set-up position: two stones on ${formatCell(cell)}`);
    taken.add(cell);
  }
}

/** A move on a cell that already holds a stone: the game would ignore the click. */
export class CellTakenError extends Error {
  constructor(readonly cell: number) {
    super(`${formatCell(cell)} is taken`);
    this.name = "CellTakenError";
  }
}

/**
 * The program started (its debug header is in memory) but did not come to its menu: it waits for
 * input elsewhere, or runs on (`stall` says what it does); or it came to its menu with a debug header
 * of another version than this harness reads (`stall` undefined). The session is open on the machine
 * as it is (paused), for the checker to say what the model expected there; whoever catches this owns
 * the machine.
 */
export class StartStallError extends Error {
  constructor(
    readonly session: GameSession,
    readonly stall: string | undefined,
  ) {
    super(
      stall === undefined
        ? `PISKASM.COM came to its menu, but ${headerVersionProblem(session.layout) ?? "with another debug header"}`
        : `PISKASM.COM did not come to its menu: it ${stall}`,
    );
    this.name = "StartStallError";
  }
}

/**
 * No debug header was ever seen on a booted machine within SessionOptions.headerWithin: the program is
 * not where its header says (a header moved off 102h) or wiped it before the first look. The machine
 * is left paused for the checker to compare its screen with the model's start; whoever catches this
 * owns the machine.
 */
export class HeaderMissingError extends Error {
  constructor(
    readonly machine: Machine,
    readonly stall: string,
  ) {
    super(`PISKASM.COM ${stall}`);
    this.name = "HeaderMissingError";
  }
}

/** A boot whose session could not open as it should: the program's start differs from the model's. */
export type FailedStart = StartStallError | HeaderMissingError;

export function isFailedStart(error: unknown): error is FailedStart {
  return error instanceof StartStallError || error instanceof HeaderMissingError;
}

/** The machine a failed start left paused, for its catcher to compare and release. */
export function startMachine(error: FailedStart): Machine {
  return error instanceof StartStallError ? error.session.machine : error.machine;
}

/**
 * The program sat halted, or ran SETTLE_INSTRUCTIONS, where the harness waited for it to get somewhere
 * (GameSession.waitUntil).
 */
export class StuckError extends Error {
  constructor(session: GameSession, what: string, how = `sat halted for ${STUCK_TICKS} timer ticks`) {
    super(
      `stuck: PISKASM.COM ${how} in phase ${phaseName(session.phase())} while waiting for ${what}; the screen:\n${session.machine.screenText()}`,
    );
    this.name = "StuckError";
  }
}

export function isGameOver(phase: number): boolean {
  return phase === Phase.COMPUTER_WON || phase === Phase.HUMAN_WON || phase === Phase.DRAW;
}

export class GameSession {
  /** The program's code and read-only data when the session found it (readProgramImage). */
  readonly loadedProgram: Uint8Array;
  /** Every keyboard and mouse input of this session, for the checker (guest/observed-input.ts). */
  readonly inputs = new InputTap();
  /** The machine, its keyboard and mouse passing through `inputs`. */
  readonly machine: Machine;

  private constructor(
    machine: Machine,
    readonly layout: GameLayout,
    private readonly options: SessionOptions,
  ) {
    this.machine = tappedMachine(machine, this.inputs);
    this.loadedProgram = readProgramImage(machine.memory, layout);
  }

  /** Program bytes a tracer's INT 3 stands on (linear address -> the byte it replaced); live. */
  private planted: ReadonlyMap<number, number> = new Map();

  /** Names the bytes a tracer (coverage) replaced with INT 3, so programImage reads through them. */
  setPlantedBytes(planted: ReadonlyMap<number, number>): void {
    this.planted = planted;
  }

  /**
   * The program's code and read-only data now (readProgramImage), an INT 3 of a tracer read as the
   * byte it replaced: the debugger's documented mechanism is not a write of the program's.
   */
  programImage(): Uint8Array {
    const image = readProgramImage(this.machine.memory, this.layout);
    const start = this.layout.segmentBase + PROGRAM_ORIGIN;
    for (const [linear, byte] of this.planted) {
      const index = linear - start;
      if (index >= 0 && index < image.length && image[index] === INT3_OPCODE) image[index] = byte;
    }
    return image;
  }

  /**
   * Waits until the game's menu is up on a freshly booted machine. A program that started but waits
   * for input elsewhere for STUCK_TICKS timer ticks, or runs SETTLE_INSTRUCTIONS or the step's time
   * without coming to its menu, is a StartStallError; a header never seen within `options.headerWithin` instructions,
   * or a machine that sits halted for STUCK_TICKS with none seen (when that bound is given), a HeaderMissingError.
   */
  static async open(machine: Machine, options: SessionOptions): Promise<GameSession> {
    const waiting = new StillWatch(machine.memory);
    const opened = machine.instructionCount();
    const openedMs = performance.now();
    let started: number | undefined;
    // The header as last found: a program that overwrites it is still the one that started.
    let seen: GameLayout | undefined;
    const found = await machine.waitFor<{ layout?: GameLayout; stall?: string }>(
      () => {
        const now = locateGame(machine.memory);
        const layout = now ?? seen;
        if (!layout) {
          const { headerWithin } = options;
          if (headerWithin === undefined) return undefined;
          if (machine.instructionCount() - opened > headerWithin)
            return {
              stall: `shows no debug header (PISKDBG1 at 102h of its segment) in the ${headerWithin / 1e6} million instructions after the boot`,
            };
          // A program that runs into its header's bytes may end halted with interrupts on: its clock
          // runs but its instructions hardly grow, so the bound above would wait out the step's time.
          if (waiting.held(waitsForInput(machine)))
            return { stall: "sits halted and shows no debug header (PISKDBG1 at 102h of its segment)" };
          return undefined;
        }
        seen = layout;
        const phase = machine.memory.readU8(layout.phase);
        if (now && phase === Phase.MENU) return { layout };
        started ??= machine.instructionCount();
        if (waiting.held(waitsForInput(machine)))
          return {
            layout,
            stall: now
              ? `sits halted in phase ${phaseName(phase)}`
              : "sits halted with its debug header gone (its memory overwritten)",
          };
        if (machine.instructionCount() - started > SETTLE_INSTRUCTIONS)
          return {
            layout,
            stall: `runs ${SETTLE_INSTRUCTIONS / 1e6} million instructions without waiting for input`,
          };
        // A started program slower than the step's time (an emulator that crawls through it) is what
        // the program does there too; a machine that shows no program at all times out below.
        const stallMs = Math.round(options.timeoutMs * START_STALL_SHARE);
        if (performance.now() - openedMs > stallMs)
          return { layout, stall: `runs ${stallMs} ms without coming to its menu` };
        return undefined;
      },
      { timeoutMs: options.timeoutMs, what: "PISKASM.COM's menu (debug header PISKDBG1 with Phase = MENU)" },
    );
    if (!found.layout) {
      await machine.pause();
      throw new HeaderMissingError(machine, found.stall ?? "shows no debug header");
    }
    const session = new GameSession(machine, found.layout, options);
    if (found.stall !== undefined || headerVersionProblem(found.layout)) {
      // Held where it stalled: what is compared is what it did, and a watchdog counting its
      // instructions sees no more of them.
      await machine.pause();
      throw new StartStallError(session, found.stall);
    }
    return session;
  }

  /** A session on a machine whose game was already found (at any phase), as the page watches it. */
  static attach(machine: Machine, layout: GameLayout, options: SessionOptions): GameSession {
    return new GameSession(machine, layout, options);
  }

  phase(): number {
    return this.machine.memory.readU8(this.layout.phase);
  }

  moveCount(): number {
    return this.machine.memory.readU16(this.layout.moveCount);
  }

  /** The cell of the computer's last stone (NO_CELL before its first). */
  lastPC(): number {
    return this.machine.memory.readU16(this.layout.lastPC);
  }

  readState(): GameState {
    return readGameState(this.machine.memory, this.layout);
  }

  /** The seed every game starts with (/S:n or menu key S), undefined while seeds are counted. */
  forcedSeed(): number | undefined {
    return readForcedSeed(this.machine.memory, this.layout);
  }

  /** The text cell under the mouse pointer, from MOUSE.COM's resident header. */
  pointer(): ScreenPosition | undefined {
    const state = readMouseDriverState(this.machine.memory);
    return state && { col: state.x >> 3, row: state.y >> 3 };
  }

  /**
   * Makes the next games start with Seed = `seed`, as `PISKASM /S:seed` does, through the menu's key S:
   * the seed is typed on the emulated keyboard and confirmed with Enter. The program keeps running (its
   * code pages are never rewritten). Nothing is typed when that seed is already in effect.
   */
  async useSeed(seed: number): Promise<void> {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff)
      throw new RangeError(`seed ${seed} is not in 0..65535`);
    if (this.forcedSeed() === seed) return;
    this.expectPhase(Phase.MENU, "useSeed");
    const { machine } = this;
    await machine.keyboard.type(SEED_KEY);
    await this.waitUntil(
      () => this.phase() === Phase.SEED_ENTRY,
      "PISKASM.COM asking for a seed after key S (Phase = SEED_ENTRY)",
    );
    await machine.keyboard.type(`${seed}${ENTER}`);
    await this.waitUntil(() => this.phase() === Phase.MENU, `the menu again after typing the seed ${seed}`);
    const forced = this.forcedSeed();
    if (forced !== seed) {
      throw new Error(
        `useSeed: typed ${seed} after key S but the forced seed is ${forced ?? "none"}; the screen:\n${machine.screenText()}`,
      );
    }
  }

  /** From the menu: starts a game and waits until it is the human's turn. Returns the first state. */
  startGame(who: WhoStarts): Promise<GameState> {
    const what = `a new game (${who} starts) waiting for the human's click`;
    return this.newGame("startGame", MENU_KEY[who], Phase.HUMAN_TURN, who === "computer" ? 1 : 0, what);
  }

  /** From the menu: key 4, the set-up mode of a new game (Phase = SETUP, empty board). */
  startSetUp(): Promise<GameState> {
    const what = "the set-up mode of a new game (Phase = SETUP)";
    return this.newGame("startSetUp", SET_UP_KEY, Phase.SETUP, 0, what);
  }

  /**
   * From the menu (`step` names the caller): `key`, then waits for the next game in `phase` with
   * `stones` on the board. Its state is returned, checked against the forced seed when one is in effect.
   */
  private async newGame(
    step: string,
    key: string,
    phase: PhaseValue,
    stones: number,
    what: string,
  ): Promise<GameState> {
    this.expectPhase(Phase.MENU, step);
    const { machine, layout } = this;
    const games = machine.memory.readU16(layout.gameCount);
    await machine.keyboard.type(key);
    await this.waitUntil(
      () =>
        this.phase() === phase &&
        this.moveCount() === stones &&
        machine.memory.readU16(layout.gameCount) === ((games + 1) & 0xffff),
      what,
    );
    const state = this.readState();
    const forced = this.forcedSeed();
    if (forced !== undefined && state.seed !== forced) {
      throw new Error(`PISKASM.COM has the forced seed ${forced} but the game has Seed = ${state.seed}`);
    }
    return state;
  }

  /**
   * From the menu: sets up a position through the program's set-up mode (menu key 4): each stone is a
   * click on its cell, left for the human's O, right for the computer's X, in the order given (each
   * goes through PlaceStone as in a game). Then the turn is handed over: Enter lets the computer move
   * at once (the state returned holds its answer), Tab leaves the move to the human. When a stone ends
   * the game (five, or the last free cell) the result is returned and the remaining stones are not
   * placed. A position with a cell off the board, a bad side or two stones on one cell is refused with
   * a RangeError before any key is pressed.
   */
  async setUpPosition(stones: readonly SetUpStone[], toMove: ToMove): Promise<GameState> {
    checkStones(stones);
    await this.startSetUp();
    const { machine } = this;
    for (const stone of stones) {
      await this.placeSetUpStone(stone);
      if (isGameOver(this.phase())) return this.readState();
    }
    const placed = stones.length;
    const expected = toMove === "computer" ? placed + 1 : placed;
    await machine.keyboard.type(HAND_OVER_KEY[toMove]);
    await this.waitUntil(
      () => (this.phase() === Phase.HUMAN_TURN && this.moveCount() === expected) || isGameOver(this.phase()),
      `the human's turn after handing the set-up over (${toMove} to move)`,
    );
    return this.readState();
  }

  /**
   * In the set-up mode: one stone, a click on its cell (left for the human's O, right for the
   * computer's X), waited for until it is placed or it ended the game. An occupied cell is refused
   * with a CellTakenError before anything is clicked (the program would ignore the click).
   */
  async placeSetUpStone(stone: SetUpStone): Promise<void> {
    assertCell(stone.cell);
    this.expectPhase(Phase.SETUP, "placeSetUpStone");
    const { machine } = this;
    if (machine.memory.readU8(this.layout.plocha + stone.cell) !== 0) throw new CellTakenError(stone.cell);
    const count = (this.moveCount() + 1) & 0xffff;
    const at = cellToScreen(this.layout.geometry, stone.cell);
    await machine.mouse.clickCell(at.col, at.row, stone.side === COMPUTER ? "right" : "left");
    await this.waitUntil(
      () => (this.phase() === Phase.SETUP && this.moveCount() === count) || isGameOver(this.phase()),
      `set-up stone ${count} (${stone.side === COMPUTER ? "X" : "O"} on ${formatCell(stone.cell)}) to be placed`,
    );
  }

  /**
   * Clicks `cell` through the real mouse path and waits until the program has answered: the
   * human's turn again two stones later, or a result.
   */
  async humanMove(cell: number): Promise<MoveTiming> {
    const { machine } = this;
    const expected = (this.moveCount() + 2) & 0xffff;
    const before = machine.instructionCount();
    await this.placeStone(cell);
    await this.waitUntil(() => {
      const phase = this.phase();
      return (phase === Phase.HUMAN_TURN && this.moveCount() === expected) || isGameOver(phase);
    }, `the program's answer to a click on board cell ${cell}`);
    return { instructions: machine.instructionCount() - before };
  }

  /**
   * Clicks `cell` through the real mouse path and waits until the human's stone is placed (the move
   * count changes or the game leaves HUMAN_TURN). An occupied cell is refused with a CellTakenError
   * before anything is clicked: the game would ignore that click and wait on.
   */
  async placeStone(cell: number): Promise<void> {
    assertCell(cell);
    this.expectPhase(Phase.HUMAN_TURN, "placeStone");
    const { machine } = this;
    if (machine.memory.readU8(this.layout.plocha + cell) !== 0) throw new CellTakenError(cell);
    const moves = this.moveCount();
    const at = cellToScreen(this.layout.geometry, cell);
    await machine.mouse.clickCell(at.col, at.row);
    await this.waitUntil(
      () => this.moveCount() !== moves || this.phase() !== Phase.HUMAN_TURN,
      `the human's stone on ${formatCell(cell)} after a click there`,
    );
  }

  /**
   * Leaves the current game (result screen: any key; game in progress or being set up: Esc) for the
   * menu. A set-up ends there when the program missed a five engine-ts saw.
   */
  async backToMenu(): Promise<void> {
    const phase = this.phase();
    if (phase === Phase.MENU) return;
    if (phase !== Phase.HUMAN_TURN && phase !== Phase.SETUP && !isGameOver(phase))
      this.expectPhase(Phase.HUMAN_TURN, "backToMenu");
    await this.machine.keyboard.type(isGameOver(phase) ? CONTINUE_KEY : ESC);
    await this.waitUntil(() => this.phase() === Phase.MENU, "the menu after leaving the game");
  }

  /**
   * Runs the machine until `condition` holds, after an input the program is to answer. A program that
   * sits halted for STUCK_TICKS timer ticks without it (it waits for input elsewhere, or leaves keys
   * unread) will not get there without another input, and one that runs SETTLE_INSTRUCTIONS without
   * it runs away: either fails at once as a StuckError, not after the step's time.
   */
  async waitUntil(condition: () => boolean, what: string, timeoutMs = this.options.timeoutMs): Promise<void> {
    const { machine } = this;
    const still = new StillWatch(machine.memory);
    const start = machine.instructionCount();
    await machine.waitFor(
      () => {
        if (condition()) return true;
        if (still.held(machine.halted())) throw new StuckError(this, what);
        if (machine.instructionCount() - start > SETTLE_INSTRUCTIONS)
          throw new StuckError(this, what, `ran ${SETTLE_INSTRUCTIONS / 1e6} million instructions`);
        return false;
      },
      { timeoutMs, what },
    );
  }

  private expectPhase(phase: PhaseValue, step: string): void {
    const actual = this.phase();
    if (actual !== phase) {
      throw new Error(
        `${step}: PISKASM.COM is in phase ${phaseName(actual)}, expected ${phaseName(phase)}; the screen:\n` +
          this.machine.screenText(),
      );
    }
  }
}
