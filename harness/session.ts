/**
 * A running PISKASM.COM driven only through the emulated keyboard and mouse, observed only through
 * its debug header (docs/architecture.md). The header is found once per boot; every later read goes
 * straight to the resolved addresses.
 */
import { readMouseDriverState } from "../emu/mouse-header.js";
import type { Machine } from "../emu/types.js";
import type { WhoStarts } from "../engine-ts/index.js";
import type { DosProfile } from "./dos-profile.js";
import { cellToScreen, findGame, Phase, phaseName, readGameState, type GameLayout, type GameState, type PhaseValue } from "./game-view.js";
import type { ScreenPosition } from "./screen-check.js";

export interface SessionOptions {
  dos: DosProfile;
  /** Longest wait for one step (a boot, a key, an answer) before failing with the screen. */
  timeoutMs: number;
}

export interface MoveTiming {
  /** Emulated instructions from the start of the click to the observed answer. */
  instructions: number;
}

const MENU_KEY: Readonly<Record<WhoStarts, string>> = { human: "1", computer: "2" };
const QUIT_KEY = "3";
const ESC = "\x1b";
/** Any key leaves the result screen. */
const CONTINUE_KEY = " ";

export function isGameOver(phase: number): boolean {
  return phase === Phase.COMPUTER_WON || phase === Phase.HUMAN_WON || phase === Phase.DRAW;
}

export class GameSession {
  /** The `/S:n` seed the running program was started with, undefined for counted seeds. */
  private forcedSeed: number | undefined;

  private constructor(
    readonly machine: Machine,
    readonly layout: GameLayout,
    private readonly options: SessionOptions,
  ) {}

  /** Waits until the game's menu is up on a freshly booted machine. */
  static async open(machine: Machine, options: SessionOptions): Promise<GameSession> {
    const layout = await machine.waitFor(
      () => {
        const found = findGame(machine.memory);
        return found && machine.memory.readU8(found.phase) === Phase.MENU ? found : undefined;
      },
      { timeoutMs: options.timeoutMs, what: "PISKASM.COM's menu (debug header PISKDBG1 with Phase = MENU)" },
    );
    return new GameSession(machine, layout, options);
  }

  phase(): number {
    return this.machine.memory.readU8(this.layout.phase);
  }

  moveCount(): number {
    return this.machine.memory.readU16(this.layout.moveCount);
  }

  readState(): GameState {
    return readGameState(this.machine.memory, this.layout);
  }

  /** The text cell under the mouse pointer, from MOUSE.COM's resident header. */
  pointer(): ScreenPosition | undefined {
    const state = readMouseDriverState(this.machine.memory);
    return state && { col: state.x >> 3, row: state.y >> 3 };
  }

  /**
   * Makes the next games start with Seed = `seed` (PISKASM /S:seed): quits to DOS and runs the
   * program again with that command tail. Nothing happens when that seed is already in effect.
   */
  async useSeed(seed: number): Promise<void> {
    if (this.forcedSeed === seed) return;
    this.expectPhase(Phase.MENU, "useSeed");
    const { machine, options } = this;
    await machine.keyboard.type(QUIT_KEY);
    await machine.waitFor(() => this.phase() === Phase.EXITING && options.dos.promptReady(machine.screen().lines), {
      timeoutMs: options.timeoutMs,
      what: `the ${options.dos.name} DOS prompt after quitting PISKASM.COM`,
    });
    await machine.keyboard.type(options.dos.relaunchKeys(`/S:${seed}`));
    await machine.waitFor(() => this.phase() === Phase.MENU, {
      timeoutMs: options.timeoutMs,
      what: `PISKASM.COM /S:${seed} to show its menu again at the same address`,
    });
    this.forcedSeed = seed;
  }

  /** From the menu: starts a game and waits until it is the human's turn. Returns the first state. */
  async startGame(who: WhoStarts): Promise<GameState> {
    this.expectPhase(Phase.MENU, "startGame");
    const { machine, layout } = this;
    const games = machine.memory.readU16(layout.gameCount);
    const stones = who === "computer" ? 1 : 0;
    await machine.keyboard.type(MENU_KEY[who]);
    await machine.waitFor(
      () =>
        this.phase() === Phase.HUMAN_TURN &&
        this.moveCount() === stones &&
        machine.memory.readU16(layout.gameCount) === ((games + 1) & 0xffff),
      { timeoutMs: this.options.timeoutMs, what: `a new game (${who} starts) waiting for the human's click` },
    );
    const state = this.readState();
    if (this.forcedSeed !== undefined && state.seed !== this.forcedSeed) {
      throw new Error(`PISKASM.COM was started with /S:${this.forcedSeed} but the game has Seed = ${state.seed}`);
    }
    return state;
  }

  /**
   * Clicks `cell` through the real mouse path and waits until the program has answered: the
   * human's turn again two stones later, or a result.
   */
  async humanMove(cell: number): Promise<MoveTiming> {
    this.expectPhase(Phase.HUMAN_TURN, "humanMove");
    const { machine } = this;
    const expected = (this.moveCount() + 2) & 0xffff;
    const at = cellToScreen(this.layout.geometry, cell);
    const before = machine.instructionCount();
    await machine.mouse.clickCell(at.col, at.row);
    await machine.waitFor(
      () => {
        const phase = this.phase();
        return (phase === Phase.HUMAN_TURN && this.moveCount() === expected) || isGameOver(phase);
      },
      { timeoutMs: this.options.timeoutMs, what: `the program's answer to a click on board cell ${cell}` },
    );
    return { instructions: machine.instructionCount() - before };
  }

  /** Leaves the current game (result screen: any key; game in progress: Esc) for the menu. */
  async backToMenu(): Promise<void> {
    const phase = this.phase();
    if (phase === Phase.MENU) return;
    if (phase !== Phase.HUMAN_TURN && !isGameOver(phase)) this.expectPhase(Phase.HUMAN_TURN, "backToMenu");
    await this.machine.keyboard.type(isGameOver(phase) ? CONTINUE_KEY : ESC);
    await this.machine.waitFor(() => this.phase() === Phase.MENU, {
      timeoutMs: this.options.timeoutMs,
      what: "the menu after leaving the game",
    });
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
