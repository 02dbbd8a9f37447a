/**
 * The page's wiring: one emulated PC (MachineHost), the watcher that notices when the game's state
 * changes, engine-ts following the game, the panel, the timeline, the debugger and the toolbar. Input
 * reaches the guest only as keyboard scancodes and PS/2 mouse packets, through the GameDriver.
 */
import type { Machine } from "../emu/types.js";
import { AfterPaint } from "./after-paint.js";
import { formatCell, parseCell } from "../engine-ts/index.js";
import { Phase, readGameState, type GameLayout, type GameState } from "../harness/game-view.js";
import { boardCellToText, textToBoardCell } from "./board-geometry.js";
import { confirmGiveUp, confirmLeaveGame } from "./controls/confirm.js";
import { gameInProgress, phaseHint, toolbarControls } from "./controls/phase-controls.js";
import type { Speed, Toolbar, ToolbarHandlers } from "./controls/toolbar.js";
import { DebuggerPanel } from "./debugger/debugger-panel.js";
import { byId } from "./dom.js";
import { messageOf, type ErrorBox } from "./error-box.js";
import { Follower } from "./follower.js";
import { GameDriver, type Starter } from "./game-driver.js";
import { InputQueue } from "./input-queue.js";
import { keyScancodes } from "./keymap.js";
import { MachineActions } from "./machine-actions.js";
import { MachineHost } from "./machine-host.js";
import { MoveClock } from "./move-clock.js";
import { exposeProbe, probeState } from "./page-probe.js";
import { Panel, type PendingMove } from "./panel/panel.js";
import { PointerRelay } from "./pointer-relay.js";
import { RateMeter } from "./rate-meter.js";
import { attachScreenInput } from "./screen-input.js";
import type { StatusLine } from "./status.js";
import { GameHistory } from "./timeline/features.js";
import { GameWatcher } from "./watcher.js";

export interface AppParts {
  status: StatusLine;
  errors: ErrorBox;
  toolbar: (handlers: ToolbarHandlers) => Toolbar;
  /** The player has a touch screen and no keyboard: hints name taps and buttons. */
  touch: boolean;
}

/** The coordinator: one machine, the watcher, engine-ts following the game, the panel and the toolbar. */
export class App implements ToolbarHandlers {
  private layout: GameLayout | undefined;
  private state: GameState | undefined;
  private pending: PendingMove | undefined;
  private menuAt: number | undefined;
  private debuggerStop: string | undefined;
  private readonly screen = byId("screen", HTMLDivElement);
  private readonly follower = new Follower();
  private readonly driver = new GameDriver();
  private readonly clock = new MoveClock();
  private readonly afterPaint = new AfterPaint();
  private lookQueued = false;
  private readonly queue = new InputQueue((error) => this.reportError(error));
  private readonly panel = new Panel(this.follower, { click: (cell) => this.playCell(cell) });
  private readonly watcher = new GameWatcher({ onState: (state, layout) => this.onState(state, layout), onSearching: () => this.host.searching() });
  private readonly toolbar: Toolbar;
  private readonly rate: RateMeter;
  private readonly actions: MachineActions;
  private readonly history: GameHistory;
  private readonly debuggerPanel: DebuggerPanel;
  private readonly host: MachineHost;

  constructor(private readonly parts: AppParts) {
    const { status, errors } = parts;
    this.toolbar = parts.toolbar(this);
    this.host = new MachineHost({
      status, errors, screen: this.screen,
      withMachine: (step) => this.withMachine(step),
      // The frame paints first: the state is read, and the panel drawn, in the next task.
      redrawn: () => {
        this.clock.frame();
        if (this.lookQueued) return;
        this.lookQueued = true;
        this.afterPaint.run(() => {
          this.lookQueued = false;
          this.watcher.look();
        });
      },
      changed: () => this.updateControls(),
      leaving: async () => {
        this.watcher.stop();
        await this.debuggerPanel.leave();
      },
      running: (machine, fresh) => {
        if (fresh) this.menuAt = undefined;
        if (fresh) this.actions.adopt(machine);
        this.rate.restart();
        this.machineReplaced(machine);
        this.watcher.start();
      },
    });
    this.rate = new RateMeter(() => this.machine, (mips) => this.toolbar.showRate(mips));
    this.actions = new MachineActions({
      machine: () => this.machine, withMachine: (step) => this.withMachine(step), status, errors,
      reportError: (error) => this.reportError(error),
      pausedChanged: () => this.showHint(),
      restored: (machine) => this.machineReplaced(machine),
    });
    // A paused guest takes no input: keys, clicks and pointer movement are dropped, not queued.
    const relay = new PointerRelay(this.queue, () => (this.machine?.isPaused() ? undefined : this.machine?.mouse), () => this.screenSize());
    attachScreenInput(this.screen, { wantsLock: () => this.toolbar.wantsLock(), escape: () => this.escapeOnScreen() }, {
      keys: (codes) => {
        if (!this.refuseInput()) this.withMachine((m) => m.keyboard.sendScancodes(codes));
      },
      clickCell: (text) => {
        const cell = this.layout && textToBoardCell(this.layout.geometry, text);
        if (cell !== undefined) this.playCell(cell);
        else if (!this.refuseInput()) this.withMachine((m) => m.mouse.clickCell(text.col, text.row));
      },
      hover: (text) => this.panel.hover(text && this.layout ? textToBoardCell(this.layout.geometry, text) : undefined),
      move: (dx, dy) => relay.move(dx, dy),
      button: (down) => relay.button(down),
      lockChanged: (locked) => (locked ? status.ready("Pointer lock: your mouse moves the PC's pointer · Esc releases it (and never gives up the game)") : this.showHint()),
    });
    this.history = new GameHistory(
      {
        run: (step) => this.queue.run(() => (this.machine ? step(this.machine) : Promise.reject(new Error("the emulator is not running")))),
        restored: (machine) => this.machineReplaced(machine, this.history.knownMoves()),
        busy: (text) => status.busy(text),
        ready: (text) => status.ready(text),
        error: (title, detail, hint) => errors.show(title, detail, hint),
      },
      byId("timeline-mount", HTMLElement),
    );
    this.debuggerPanel = new DebuggerPanel({
      machine: () => this.machine,
      error: (title, detail) => errors.show(title, detail),
      lastMove: () => this.history.lastMove(),
      stopped: (where) => {
        this.debuggerStop = where;
        this.showHint();
      },
    });
    byId("debugger-mount", HTMLElement).append(this.debuggerPanel.root);
    this.panel.render(undefined);
    exposeProbe({
      menuVisibleMs: () => this.menuAt,
      state: () => (this.state ? probeState(this.state) : undefined),
      screen: () => this.machine?.screen(),
      boardCellToText: (cell) => (this.layout ? boardCellToText(this.layout.geometry, cell) : undefined),
      pendingInput: () => this.queue.length,
      timeline: this.history.probe(),
      debugger: this.debuggerPanel.probe(),
      instructionCount: () => this.machine?.instructionCount(),
      isPaused: () => this.machine?.isPaused(),
      speedLimit: () => this.machine?.speedLimit(),
      moveTiming: () => this.clock.last(),
    });
    this.rate.start();
  }

  private get machine(): Machine | undefined {
    return this.host.machine;
  }

  start(): Promise<void> {
    return this.host.start();
  }

  newGame(starter: Starter, seed: number | undefined): void {
    if (this.refuseInput()) return;
    void this.unlessInProgress("Start a new game").then((go) => {
      if (!go) return;
      if (seed !== undefined) this.parts.status.busy(`Starting a game with seed ${seed} (the game's menu key S, typed through the keyboard)…`);
      this.withGame((machine, layout) => this.driver.newGame(machine, layout, starter, seed));
    });
  }

  badSeed(text: string): void {
    this.parts.status.error(`Seed ${JSON.stringify(text)} is not a number 0…65535`);
  }

  /** Give up the game in progress, after asking (the game's own key for it is Esc). */
  giveUp(): void {
    if (this.state?.phase !== Phase.HUMAN_TURN || this.refuseInput()) return;
    void confirmGiveUp().then((confirmed) => {
      if (confirmed) this.withGame((machine, layout) => this.driver.giveUp(machine, layout));
    });
  }

  togglePause = (): void => this.actions.togglePause();
  speed = (speed: Speed): void => this.actions.speed(speed);
  fullscreen = (): void => this.actions.fullscreen();
  screenshot = (): void => this.actions.screenshot();
  saveState = (): void => this.actions.saveState();
  loadState = (file: File): void => this.actions.loadState(file);
  loadFloppy = (file: File): void => this.host.loadFloppy(file);

  /** Back to the game's menu (after asking when a game is in progress). */
  reset(): void {
    void this.unlessInProgress("Reset the PC").then((go) => go && this.host.reset());
  }

  /** A key pressed while nothing on the page has the focus: at the game's menu its keys are the game's. */
  menuKey(code: string): boolean {
    const phase = this.state?.phase;
    const menu = phase === Phase.MENU && /^(Digit[1-4]|Numpad[1-4]|KeyS)$/.test(code);
    const seed = phase === Phase.SEED_ENTRY && /^(Digit\d|Numpad\d|Enter|NumpadEnter|Backspace|Escape)$/.test(code);
    if (!(menu || seed) || this.refuseInput()) return false;
    const codes = [...(keyScancodes(code, true) ?? []), ...(keyScancodes(code, false) ?? [])];
    this.withMachine((m) => m.keyboard.sendScancodes(codes));
    return true;
  }

  /** A move typed as a cell name ("J10"); false (the text kept and marked) when it names no cell. */
  playNamed(text: string): boolean {
    let cell: number;
    try {
      cell = parseCell(text.trim().toUpperCase());
    } catch {
      this.parts.status.error(`"${text}" is not a cell: a column A…S and a row 1…19, such as J10`);
      return false;
    }
    this.playCell(cell);
    return true;
  }

  /** A new machine state (boot, reset, a loaded state, a timeline ply): follow the game from scratch. */
  private machineReplaced(machine: Machine, known: Parameters<Follower["reset"]>[0] = []): void {
    if (known.length === 0) this.history.clear();
    this.follower.reset(known);
    this.layout = undefined;
    this.state = undefined;
    this.pending = undefined;
    this.panel.show(undefined);
    this.panel.render(undefined);
    this.watcher.invalidate(machine);
    this.updateControls();
    // The restored memory has its own interrupt vectors: the debugger attaches to it afresh.
    this.debuggerPanel.machineRestored().catch((error: unknown) => this.parts.errors.show("The debugger could not attach to the restored machine", error));
  }

  private onState(state: GameState, layout: GameLayout): boolean {
    const observation = this.follower.observe(state);
    if (observation.kind === "transient") return false;
    const game = observation.kind === "game" ? observation.game : undefined;
    if (this.pending && game?.lastCheck?.human === this.pending.human) this.pending = undefined;
    this.layout = layout;
    this.state = state;
    this.keepOnTimeline(state, layout);
    if (state.phase === Phase.MENU && this.menuAt === undefined) {
      this.menuAt = performance.now();
      performance.mark("piskasm:menu-visible");
      this.host.saveMenu();
      this.history.onMenu();
    }
    this.panel.show(state);
    this.panel.render(this.pending, game);
    if (game?.lastCheck) this.clock.shown(game.lastCheck.human);
    this.showHint();
    this.updateControls();
    return true;
  }

  /**
   * The timeline keeps a snapshot of every stable state. Saving the machine takes tens of ms, so it
   * waits until the panel has painted; it is taken only if the game is still in exactly this state
   * (a state left within that frame has no node of its own).
   */
  private keepOnTimeline(state: GameState, layout: GameLayout): void {
    const machine = this.machine;
    if (!machine) return;
    this.afterPaint.run(() => {
      if (machine === this.machine && this.state === state && sameState(readGameState(machine.memory, layout), state)) this.history.onState(machine, state);
    });
  }

  /** Plays a board cell through the mouse; an occupied cell is refused at once, without a click. */
  private playCell(cell: number): void {
    const state = this.state;
    if (!state || this.refuseInput()) return;
    if (state.phase !== Phase.HUMAN_TURN) return this.parts.status.ready(`Not your turn (${this.hint()})`);
    if (state.plocha[cell] !== 0) return this.parts.status.ready(`${formatCell(cell)} is taken: choose an empty cell`);
    const stages = this.clock.input(cell);
    this.pending = { human: cell, predicted: this.follower.predictReply(cell) };
    this.panel.render(this.pending);
    this.withGame(async (machine, layout) => {
      if ((await this.driver.play(machine, layout, cell, stages)) === "placed") return;
      this.pending = undefined;
      this.panel.render(undefined);
      this.parts.status.ready(`${formatCell(cell)} is taken: choose an empty cell`);
    });
  }

  private unlessInProgress(action: string): Promise<boolean> {
    return gameInProgress(this.state?.phase, this.state?.moveCount) ? confirmLeaveGame(action) : Promise.resolve(true);
  }

  /** Esc typed on the screen during a game asks before giving up; elsewhere it goes to the PC. */
  private escapeOnScreen(): boolean {
    if (this.state?.phase !== Phase.HUMAN_TURN) return false;
    this.giveUp();
    return true;
  }

  /** Paused, or stopped in the debugger: the game takes no input (the status says why). */
  private refuseInput(): boolean {
    if (!this.machine?.isPaused() && this.debuggerStop === undefined) return false;
    this.showHint();
    return true;
  }

  private hint(): string {
    if (this.debuggerStop !== undefined) return `Stopped in the debugger (${this.debuggerStop}) · Continue or switch the debugger off to play on`;
    if (this.machine?.isPaused()) return "Paused · press Resume (P) to go on";
    return phaseHint(this.state?.phase, { floppy: this.host.floppyName, touch: this.parts.touch });
  }

  private showHint(): void {
    this.parts.status.ready(this.hint());
    this.updateControls();
  }

  private updateControls(): void {
    const { busy, files } = this.host;
    this.toolbar.enable(toolbarControls({ phase: this.state?.phase, busy, hasMachine: this.machine !== undefined, hasGame: this.layout !== undefined, hasFiles: files !== undefined, paused: this.machine?.isPaused() ?? false }));
  }

  private withMachine(step: (machine: Machine) => Promise<unknown>): void {
    this.queue.submit(async () => {
      const machine = this.machine;
      if (machine) await step(machine);
    });
  }

  private withGame(step: (machine: Machine, layout: GameLayout) => Promise<unknown>): void {
    this.withMachine((machine) => {
      if (!this.layout) throw new Error("PISKASM.COM is not running");
      return step(machine, this.layout);
    });
  }

  private screenSize(): { width: number; height: number } {
    const rect = (this.screen.querySelector<HTMLElement>(":scope > div") ?? this.screen).getBoundingClientRect();
    return { width: rect.width, height: rect.height };
  }

  private reportError(error: unknown): void {
    console.error(error);
    this.parts.status.error(messageOf(error).split("\n", 1)[0]);
  }
}

/** The same stable state: phase, counts and every cell of the board. */
function sameState(a: GameState, b: GameState): boolean {
  return a.phase === b.phase && a.moveCount === b.moveCount && a.gameCount === b.gameCount && a.plocha.every((side, i) => side === b.plocha[i]);
}
