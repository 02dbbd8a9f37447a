/**
 * The page's wiring: one emulated PC (MachineHost), the watcher that notices when the game's state
 * changes, the game as the page plays it (GameController: the panel, engine-ts, moves through the
 * guest layer's session), the timeline, the debugger and the toolbar. Input reaches the guest only
 * as keyboard scancodes and PS/2 mouse packets.
 */
import type { Machine } from "../emu/types.js";
import { Phase, type GameLayout, type GameState } from "../guest/game-view.js";
import { AfterPaint } from "./after-paint.js";
import { boardCellToText } from "./board-geometry.js";
import { toolbarControls } from "./controls/phase-controls.js";
import type { Speed, Toolbar, ToolbarHandlers } from "./controls/toolbar.js";
import { DebuggerPanel } from "./debugger/debugger-panel.js";
import { byId } from "./dom.js";
import { messageOf, type ErrorBox } from "./error-box.js";
import type { MoveRecord } from "./follower.js";
import { GameController } from "./game-controller.js";
import type { Starter } from "./game-driver.js";
import { InputQueue } from "./input-queue.js";
import { MachineActions } from "./machine-actions.js";
import { MachineHost } from "./machine-host.js";
import { exposeProbe, probeState } from "./page-probe.js";
import { PointerRelay } from "./pointer-relay.js";
import { RateMeter } from "./rate-meter.js";
import { attachScreenInput, scrollScreenTo, textLayerSize } from "./screen-input.js";
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

const LOCK_HINT = "Pointer lock: your mouse moves the PC's pointer · Esc releases it (and never gives up the game)";

export class App implements ToolbarHandlers {
  private menuAt: number | undefined;
  private lookQueued = false;
  private readonly screen = byId("screen", HTMLDivElement);
  private readonly afterPaint = new AfterPaint();
  private readonly queue = new InputQueue((error) => this.reportError(error));
  private readonly watcher = new GameWatcher({ onState: (state, layout) => this.onState(state, layout), onSearching: () => this.host.searching() });
  private readonly toolbar: Toolbar;
  private readonly game: GameController;
  private readonly host: MachineHost;
  private readonly rate: RateMeter;
  private readonly actions: MachineActions;
  private readonly history: GameHistory;
  private readonly debuggerPanel: DebuggerPanel;

  constructor(private readonly parts: AppParts) {
    const { status, errors } = parts;
    const withMachine = (step: (machine: Machine) => Promise<unknown>): void => this.withMachine(step);
    this.toolbar = parts.toolbar(this);
    this.game = new GameController({ status, touch: parts.touch, machine: () => this.machine, floppyName: () => this.host.floppyName, withMachine, controlsChanged: () => this.updateControls() });
    this.host = new MachineHost({
      status, errors, screen: this.screen, withMachine,
      redrawn: () => this.redrawn(),
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
    this.actions = new MachineActions({ machine: () => this.machine, withMachine, status, errors, reportError: (error) => this.reportError(error), pausedChanged: () => this.game.showHint(), restored: (machine) => this.machineReplaced(machine) });
    // A paused guest takes no input: keys, clicks and pointer movement are dropped, not queued.
    const relay = new PointerRelay(this.queue, () => (this.machine?.isPaused() ? undefined : this.machine?.mouse), () => textLayerSize(this.screen));
    attachScreenInput(this.screen, { wantsLock: () => this.toolbar.wantsLock(), escape: () => this.game.escape() }, {
      keys: (codes) => {
        if (!this.game.refuseInput()) this.withMachine((m) => m.keyboard.sendScancodes(codes));
      },
      clickCell: (text) => this.game.clickText(text),
      hover: (text) => this.game.hoverText(text),
      move: (dx, dy) => relay.move(dx, dy),
      button: (down) => relay.button(down),
      lockChanged: (locked) => (locked ? status.ready(LOCK_HINT) : this.game.showHint()),
    });
    const history = new GameHistory(
      {
        run: (step) => this.queue.run(() => (this.machine ? step(this.machine) : Promise.reject(new Error("the emulator is not running")))),
        restored: (machine) => this.machineReplaced(machine, history.knownMoves()),
        busy: (text) => status.busy(text),
        ready: (text) => status.ready(text),
        error: (title, detail, hint) => errors.show(title, detail, hint),
      },
      byId("timeline-mount", HTMLElement),
    );
    this.history = history;
    this.debuggerPanel = new DebuggerPanel({ machine: () => this.machine, error: (title, detail) => errors.show(title, detail), lastMove: () => history.lastMove(), stopped: (where) => this.game.debuggerStopped(where) });
    byId("debugger-mount", HTMLElement).append(this.debuggerPanel.root);
    exposeProbe({
      menuVisibleMs: () => this.menuAt,
      state: () => (this.game.state ? probeState(this.game.state) : undefined),
      screen: () => this.machine?.screen(),
      boardCellToText: (cell) => (this.game.layout ? boardCellToText(this.game.layout.geometry, cell) : undefined),
      pendingInput: () => this.queue.length,
      timeline: history.probe(),
      debugger: this.debuggerPanel.probe(),
      instructionCount: () => this.machine?.instructionCount(),
      isPaused: () => this.machine?.isPaused(),
      speedLimit: () => this.machine?.speedLimit(),
      moveTiming: () => this.game.clock.last(),
    });
    this.rate.start();
  }

  private get machine(): Machine | undefined {
    return this.host.machine;
  }

  start(): Promise<void> {
    return this.host.start();
  }

  newGame = (starter: Starter, seed: number | undefined): void => this.game.newGame(starter, seed);
  giveUp = (): void => this.game.giveUp();
  playNamed = (text: string): boolean => this.game.playNamed(text);
  menuKey = (code: string): boolean => this.game.menuKey(code);
  badSeed = (text: string): void => this.parts.status.error(`Seed ${JSON.stringify(text)} is not a number 0…65535`);
  togglePause = (): void => this.actions.togglePause();
  speed = (speed: Speed): void => this.actions.speed(speed);
  fullscreen = (): void => this.actions.fullscreen();
  screenshot = (): void => this.actions.screenshot();
  saveState = (): void => this.actions.saveState();
  loadState = (file: File): void => this.actions.loadState(file);
  loadFloppy = (file: File): void => this.host.loadFloppy(file);

  /** Back to the game's menu (after asking when a game is in progress). */
  reset(): void {
    void this.game.unlessInProgress("Reset the PC").then((go) => go && this.host.reset());
  }

  /** A screen frame was drawn: it paints first; the state is read, and the panel drawn, in the next task. */
  private redrawn(): void {
    this.game.clock.frame();
    if (this.lookQueued) return;
    this.lookQueued = true;
    this.afterPaint.run(() => {
      this.lookQueued = false;
      this.watcher.look();
    });
  }

  /** A new machine state (boot, reset, a loaded state, a timeline ply): follow the game from scratch. */
  private machineReplaced(machine: Machine, known: readonly MoveRecord[] = []): void {
    if (known.length === 0) this.history.clear();
    this.game.forget(known);
    this.watcher.invalidate(machine);
    this.updateControls();
    // The restored memory has its own interrupt vectors: the debugger attaches to it afresh.
    this.debuggerPanel.machineRestored().catch((error: unknown) => this.parts.errors.show("The debugger could not attach to the restored machine", error));
  }

  private onState(state: GameState, layout: GameLayout): boolean {
    const known = this.game.layout;
    if (!this.game.observe(state, layout)) return false;
    if (known !== layout) scrollScreenTo(this.screen, layout.geometry.left - 1);
    if (this.machine) this.history.onState(this.machine, state, layout, (task) => this.afterPaint.run(task), () => this.machine);
    if (state.phase === Phase.MENU && this.menuAt === undefined) {
      this.menuAt = performance.now();
      performance.mark("piskasm:menu-visible");
      this.host.saveMenu();
      this.history.onMenu();
    }
    return true;
  }

  private updateControls(): void {
    const { busy, files } = this.host;
    const state = this.game.state;
    this.toolbar.enable(toolbarControls({ phase: state?.phase, busy, hasMachine: this.machine !== undefined, hasGame: this.game.layout !== undefined, hasFiles: files !== undefined, paused: this.machine?.isPaused() ?? false }));
  }

  private withMachine(step: (machine: Machine) => Promise<unknown>): void {
    this.queue.submit(async () => {
      const machine = this.machine;
      if (machine) await step(machine);
    });
  }

  private reportError(error: unknown): void {
    console.error(error);
    this.parts.status.error(messageOf(error).split("\n", 1)[0]);
  }
}

