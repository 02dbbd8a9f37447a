/**
 * The game as the page plays it: the state the watcher saw, engine-ts following it into the panel,
 * and every move, new game and give-up sent through the GameDriver (the guest layer's GameSession:
 * emulated mouse and keyboard only). Refuses input while the machine is paused or the debugger holds
 * it, an occupied cell at once, and asks before a game in progress is thrown away.
 */
import type { DebuggerBeside } from "../checks/checker.js";
import type { Machine } from "../emu/types.js";
import { COMPUTER, formatCell, parseCell, type Side, type WhoStarts } from "../engine-ts/index.js";
import {
  cellToScreen,
  Phase,
  type GameLayout,
  type GameState,
  type ScreenPosition,
} from "../guest/game-view.js";
import { textToBoardCell } from "./board-geometry.js";
import { confirmGiveUp, confirmLeaveGame } from "./controls/confirm.js";
import { gameInProgress, phaseHint } from "./controls/phase-controls.js";
import { PageCheck } from "./check/page-check.js";
import type { DebuggerHold } from "./debugger/debugger-panel.js";
import { Follower, type MoveRecord } from "./follower.js";
import { GameDriver } from "./game-driver.js";
import type { QueuedMachine } from "./input-queue.js";
import { keyScancodes } from "./keymap.js";
import { MoveClock } from "./move-clock.js";
import { Panel, type PendingMove } from "./panel/panel.js";
import { probeState, type PageProbe } from "./page-probe.js";
import type { PointerRelay } from "./pointer-relay.js";
import { attachScreenInput } from "./screen-input.js";
import type { StatusLine } from "./status.js";

export interface GameHost extends QueuedMachine {
  status: StatusLine;
  /** The player has a touch screen and no keyboard: hints name taps and buttons. */
  touch: boolean;
  floppyName(): string;
  /** The phase, the pause or the debugger's hold changed: the toolbar follows. */
  controlsChanged(): void;
  /** The set-up mode: the stone a click or tap on a cell places (HUMAN: O, COMPUTER: X). */
  setUpSide(): Side;
  /** The debugger tab's debugger while it is on (the checker tells its traps and bytes from the program's). */
  debuggerTab(): DebuggerBeside | undefined;
}

/** Told a stable state the page shows and the moves of its game in order (web/embed/embed-bridge.ts). */
export type GameListener = (state: GameState, moves: readonly MoveRecord[]) => void;

const LOCK_HINT =
  "Pointer lock: your mouse moves the PC's pointer · Esc releases it (and never gives up the game)";
/** The game's menu keys, and the keys of its seed prompt, by KeyboardEvent.code. */
const MENU_KEYS = /^(Digit[1-4]|Numpad[1-4]|KeyS)$/;
const SEED_KEYS = /^(Digit\d|Numpad\d|Enter|NumpadEnter|Backspace|Escape)$/;

export class GameController {
  layout: GameLayout | undefined;
  state: GameState | undefined;
  readonly clock = new MoveClock();
  private pending: PendingMove | undefined;
  private debuggerHold: DebuggerHold;
  /** Why the game takes no moves at all (an embedded record), when it takes none. */
  private readOnlyReason: string | undefined;
  private readonly follower = new Follower();
  /** The game's session under the one checker; every input step goes through it (web/check/page-check.ts). */
  readonly check: PageCheck;
  private readonly driver: GameDriver;
  private readonly panel = new Panel(this.follower, { click: (cell) => this.playCell(cell) });
  private readonly listeners: GameListener[] = [];

  constructor(private readonly host: GameHost) {
    this.check = new PageCheck({
      withMachine: (step) => host.withMachine(step),
      debugger: () => host.debuggerTab(),
      changed: (status) => this.panel.showCheck(status),
    });
    this.driver = new GameDriver(this.check);
    this.panel.render(undefined);
  }

  /** A new stable state; false when it is a transient one (read it again later). */
  observe(state: GameState, layout: GameLayout): boolean {
    const observation = this.follower.observe(state);
    if (observation.kind === "transient") return false;
    const game = observation.kind === "game" ? observation.game : undefined;
    if (this.pending && game?.lastCheck?.human === this.pending.human) this.pending = undefined;
    const machine = this.host.machine();
    if (machine) this.check.seen(machine, layout, state.phase);
    this.layout = layout;
    this.state = state;
    this.panel.show(state);
    this.panel.render(this.pending, game);
    if (game?.lastCheck) this.clock.shown(game.lastCheck.human);
    this.showHint();
    for (const listener of this.listeners) listener(state, this.knownMoves());
    return true;
  }

  /** `listener` is told every stable state from now on, with the game's moves in order. */
  listen(listener: GameListener): void {
    this.listeners.push(listener);
  }

  /** The machine's state was replaced: follow the game from scratch (`known`: its moves in order, when known). */
  forget(known: readonly MoveRecord[] = []): void {
    this.follower.reset(known);
    this.check.replaced();
    this.layout = undefined;
    this.state = undefined;
    this.pending = undefined;
    this.panel.show(undefined);
    this.panel.render(undefined);
  }

  /** The debugger stopped the program, runs it for a command, or lets it run. */
  debuggerHeld(hold: DebuggerHold): void {
    this.debuggerHold = hold;
    this.showHint();
  }

  /** From now on no move, key or new game reaches the PC from the page (the status says `reason`). */
  readOnly(reason: string): void {
    this.readOnlyReason = reason;
    this.showHint();
  }

  /** Paused by the player (Pause), not between the slices of a debugger command. */
  get paused(): boolean {
    return (this.host.machine()?.isPaused() ?? false) && this.debuggerHold?.kind !== "running";
  }

  /** The PC screen's input: clicks and hover on the board, keys (refused while paused), pointer lock through `relay`. */
  attachScreen(screen: HTMLElement, relay: PointerRelay, wantsLock: () => boolean): void {
    /** The board cell a text cell stands for, as the game maps clicks. */
    const boardCell = (text: ScreenPosition): number | undefined =>
      this.layout && textToBoardCell(this.layout.geometry, text);
    attachScreenInput(screen, {
      keys: (codes) => {
        if (!this.refuseInput()) this.host.withMachine((m) => m.keyboard.sendScancodes(codes));
      },
      // On a board cell a move, elsewhere a plain click.
      clickCell: (text) => {
        const cell = boardCell(text);
        if (cell !== undefined) this.playCell(cell);
        else if (!this.refuseInput()) this.host.withMachine((m) => m.mouse.clickCell(text.col, text.row));
      },
      // In the set-up mode a right click places X on a board cell (false: not the game's).
      rightClickCell: (text) => {
        const state = this.state;
        const cell = boardCell(text);
        if (state?.phase !== Phase.SETUP || cell === undefined) return false;
        if (!this.refuseInput()) this.setUpStone(state, cell, COMPUTER);
        return true;
      },
      hover: (text) => this.panel.hover(text && boardCell(text)),
      move: (dx, dy) => relay.move(dx, dy),
      button: (down) => relay.button(down),
      lockChanged: (locked) => (locked ? this.host.status.ready(LOCK_HINT) : this.showHint()),
      wantsLock,
      escape: () => this.escape(),
    });
  }

  /** The moves of the followed game in order (none when the order of its first stones is unknown). */
  knownMoves(): MoveRecord[] {
    const game = this.follower.game;
    return game && game.before.length === 0 ? [...game.moves] : [];
  }

  /** The probe's members that read the game as the page sees it. */
  probe(): Pick<PageProbe, "state" | "boardCellToText" | "moveTiming"> {
    return {
      state: () => (this.state ? probeState(this.state) : undefined),
      boardCellToText: (cell) => (this.layout ? cellToScreen(this.layout.geometry, cell) : undefined),
      moveTiming: () => this.clock.last(),
    };
  }

  /**
   * Plays a board cell through the mouse (in the set-up mode: places the chosen stone); an occupied
   * cell is refused at once, without a click.
   */
  playCell(cell: number): void {
    const state = this.state;
    if (!state || this.refuseInput()) return;
    if (state.phase === Phase.SETUP) return this.setUpStone(state, cell);
    if (state.phase !== Phase.HUMAN_TURN) return this.host.status.ready(`Not your turn (${this.hint()})`);
    if (state.plocha[cell] !== 0) return this.taken(cell);
    const stages = this.clock.input(cell);
    this.pending = { human: cell, predicted: this.follower.predictReply(cell) };
    this.panel.render(this.pending);
    this.withGame(async (machine, layout) => {
      if ((await this.driver.play(machine, layout, cell, stages)) === "placed") return;
      this.pending = undefined;
      this.panel.render(undefined);
      this.taken(cell);
    });
  }

  /** The set-up mode: a left click (O) or a right click (X) on `cell`, as the key bar chose. */
  private setUpStone(state: GameState, cell: number, side = this.host.setUpSide()): void {
    if (state.plocha[cell] !== 0) return this.taken(cell);
    const stone = { cell, side };
    this.withGame(async (machine, layout) => {
      if ((await this.driver.setUpStone(machine, layout, stone)) === "taken") this.taken(cell);
    });
  }

  private taken(cell: number): void {
    this.host.status.ready(`${formatCell(cell)} is taken: choose an empty cell`);
  }

  /** A move typed as a cell name ("J10"); false (the text kept and marked) when it names no cell. */
  playNamed(text: string): boolean {
    let cell: number;
    try {
      cell = parseCell(text);
    } catch {
      this.host.status.error(`"${text}" is not a cell: a column A…S and a row 1…19, such as J10`);
      return false;
    }
    this.playCell(cell);
    return true;
  }

  newGame(starter: WhoStarts, seed: number | undefined): void {
    if (this.refuseInput()) return;
    void this.unlessInProgress("Start a new game").then((go) => {
      if (!go) return;
      if (seed !== undefined)
        this.host.status.busy(
          `Starting a game with seed ${seed} (the game's menu key S, typed through the keyboard)…`,
        );
      this.withGame((machine, layout) => this.driver.newGame(machine, layout, starter, seed));
    });
  }

  /** The toolbar's seed field holds no seed the game's menu key S accepts. */
  badSeed(text: string): void {
    this.host.status.error(`Seed ${JSON.stringify(text)} is not a number 0…65535`);
  }

  /** Give up the game in progress, after asking (the game's own key for it is Esc). */
  giveUp(): void {
    if (this.state?.phase !== Phase.HUMAN_TURN || this.refuseInput()) return;
    void confirmGiveUp().then((confirmed) => {
      if (confirmed) this.withGame((machine, layout) => this.driver.giveUp(machine, layout));
    });
  }

  /** Esc typed on the screen during a game asks before giving up; elsewhere it goes to the PC. */
  escape(): boolean {
    if (this.state?.phase !== Phase.HUMAN_TURN) return false;
    this.giveUp();
    return true;
  }

  /** A key pressed while nothing on the page has the focus: at the game's menu its keys are the game's. */
  menuKey(code: string): boolean {
    const phase = this.state?.phase;
    const wanted =
      (phase === Phase.MENU && MENU_KEYS.test(code)) || (phase === Phase.SEED_ENTRY && SEED_KEYS.test(code));
    if (wanted) this.pressKey(code);
    return wanted;
  }

  /**
   * One key (KeyboardEvent.code) pressed and released on the emulated keyboard, as the key bar sends
   * it; Esc during a game asks before giving up, as it does on the screen.
   */
  pressKey(code: string): void {
    if (code === "Escape" && this.escape()) return;
    if (this.refuseInput()) return;
    const codes = [...(keyScancodes(code, true) ?? []), ...(keyScancodes(code, false) ?? [])];
    this.host.withMachine((m) => m.keyboard.sendScancodes(codes));
  }

  /** Before New game or Reset: true when nothing is lost, or the player agreed to leave the game. */
  unlessInProgress(action: string): Promise<boolean> {
    return gameInProgress(this.state?.phase, this.state?.moveCount)
      ? confirmLeaveGame(action)
      : Promise.resolve(true);
  }

  /** Paused, stopped in the debugger or read-only: the game takes no input (the status says why). */
  refuseInput(): boolean {
    if (!this.paused && this.debuggerHold?.kind !== "stopped" && this.readOnlyReason === undefined)
      return false;
    this.showHint();
    return true;
  }

  showHint(): void {
    this.host.status.ready(this.hint());
    this.host.controlsChanged();
  }

  private hint(): string {
    if (this.readOnlyReason !== undefined) return this.readOnlyReason;
    if (this.debuggerHold?.kind === "stopped")
      return `Stopped in the debugger (${this.debuggerHold.where}) · Continue or switch the debugger off to play on`;
    if (this.paused) return "Paused · press Resume (P) to go on";
    return phaseHint(this.state?.phase, { floppy: this.host.floppyName(), touch: this.host.touch });
  }

  private withGame(step: (machine: Machine, layout: GameLayout) => Promise<unknown>): void {
    this.host.withMachine((machine) => {
      if (!this.layout) throw new Error("PISKASM.COM is not running");
      return step(machine, this.layout);
    });
  }
}
