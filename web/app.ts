/**
 * The page's wiring: one emulated PC (MachineHost), the watcher of the game's state, the game as the
 * page plays it (GameController: the panel, engine-ts, moves through the guest layer's session; public
 * with the panels for embed.html's bridge), the timeline, the debugger and the toolbar. Input reaches
 * the guest only as keyboard scancodes and PS/2 mouse packets.
 */
import type { DebuggerBeside } from "../checks/checker.js";
import type { Machine, Mouse } from "../emu/types.js";
import type { WhoStarts } from "../engine-ts/index.js";
import { Phase, type GameLayout, type GameState } from "../guest/game-view.js";
import { AfterPaint } from "./after-paint.js";
import type { BootFiles } from "./boot.js";
import { attachKeyBar, type KeyBar } from "./controls/key-bar.js";
import { toolbarControls } from "./controls/phase-controls.js";
import type { Speed, Toolbar, ToolbarHandlers } from "./controls/toolbar.js";
import { byId } from "./dom.js";
import type { ErrorBox } from "./error-box.js";
import { messageOf } from "../util/error-message.js";
import type { MoveRecord } from "./follower.js";
import { GameController } from "./game-controller.js";
import { InputQueue } from "./input-queue.js";
import { MachineActions } from "./machine-actions.js";
import { MachineHost } from "./machine-host.js";
import { mountPanels, type Panels } from "./mount-panels.js";
import { machineProbe } from "./page-probe.js";
import { PointerRelay } from "./pointer-relay.js";
import { RateMeter } from "./rate-meter.js";
import { scrollScreenTo, textLayerSize } from "./screen-input.js";
import type { StatusLine } from "./status.js";
import { GameWatcher } from "./watcher.js";

export interface AppParts {
  status: StatusLine;
  errors: ErrorBox;
  toolbar: (handlers: ToolbarHandlers) => Toolbar;
  /** The player has a touch screen and no keyboard: hints name taps and buttons. */
  touch: boolean;
}

export class App implements ToolbarHandlers {
  private menuAt: number | undefined;
  private readonly screen = byId("screen", HTMLDivElement);
  private readonly afterPaint = new AfterPaint();
  private readonly queue = new InputQueue((error) => this.reportError(error));
  private readonly watcher = new GameWatcher(
    { onState: (s, l) => this.onState(s, l), onSearching: () => this.host.searching() },
    this.afterPaint,
  );
  private readonly toolbar: Toolbar;
  private readonly keyBar: KeyBar;
  readonly game: GameController;
  private readonly host: MachineHost;
  private readonly rate: RateMeter;
  private readonly actions: MachineActions;
  readonly panels: Panels;

  constructor(private readonly parts: AppParts) {
    const { status, errors, touch } = parts;
    const withMachine = (step: (machine: Machine) => Promise<unknown>): void => this.withMachine(step);
    this.toolbar = parts.toolbar(this);
    this.keyBar = attachKeyBar((code) => this.game.pressKey(code), touch);
    const machine = (): Machine | undefined => this.host.machine;
    const controlsChanged = (): void => this.updateControls();
    const floppyName = (): string => this.host.floppyName;
    const gameHost = { status, touch, machine, floppyName, withMachine, controlsChanged };
    const debuggerTab = (): DebuggerBeside | undefined => this.panels.debuggerPanel.attached;
    this.game = new GameController({ ...gameHost, setUpSide: () => this.keyBar.setUpSide(), debuggerTab });
    this.host = new MachineHost({
      status,
      errors,
      screen: this.screen,
      withMachine,
      redrawn: () => {
        this.game.clock.frame();
        this.watcher.lookAfterPaint();
      },
      changed: () => this.updateControls(),
      leaving: async () => {
        this.watcher.stop();
        await this.panels.debuggerPanel.leave();
      },
      running: (machine, fresh) => {
        if (fresh) this.menuAt = undefined;
        if (fresh) this.actions.adopt(machine);
        this.rate.restart();
        this.machineReplaced(machine);
        this.watcher.start();
      },
    });
    this.rate = new RateMeter(machine, (mips) => this.toolbar.showRate(mips));
    this.actions = new MachineActions({
      ...gameHost,
      errors,
      reportError: (error) => this.reportError(error),
      pausedChanged: () => this.game.showHint(),
      restored: (m, known) => this.machineReplaced(m, known),
      floppy: () => this.host.files?.floppy,
      moves: () => this.game.knownMoves(),
    });
    const mouse = (): Mouse | undefined => this.game.check.mouse(machine());
    this.game.attachScreen(
      this.screen,
      new PointerRelay(this.queue, mouse, () => textLayerSize(this.screen)),
      () => this.toolbar.wantsLock(),
    );
    this.panels = mountPanels({
      status,
      errors,
      machine: () => this.game.check.tapped(machine()),
      queued: (task) => this.queue.run(task),
      later: (task) => this.afterPaint.run(task),
      restored: (restored, known) => this.machineReplaced(restored, known),
      held: (hold) => this.game.debuggerHeld(hold),
    });
    window.piskasm = {
      ...this.game.probe(),
      ...machineProbe(machine),
      menuVisibleMs: () => this.menuAt,
      pendingInput: () => this.queue.length,
      timeline: this.panels.history.probe(),
      resume: this.actions.autoSave?.probe(),
      debugger: this.panels.debuggerPanel.probe(),
      check: () => this.game.check.probe(),
    };
    this.rate.start();
  }

  /** Boots the default floppy from `files` (web/boot.ts's loadBootFiles, started before the App), then resumes a saved game. */
  start(files: Promise<BootFiles>): Promise<void> {
    return this.host.start(files).then(() => this.actions.autoSave?.resume());
  }

  newGame = (starter: WhoStarts, seed: number | undefined): void => this.game.newGame(starter, seed);
  giveUp = (): void => this.game.giveUp();
  playNamed = (text: string): boolean => this.game.playNamed(text);
  menuKey = (code: string): boolean => this.game.menuKey(code);
  badSeed = (text: string): void => this.game.badSeed(text);
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

  /** A new machine state, followed afresh: a timeline ply or a resumed game passes its moves (keeping the tree). */
  private machineReplaced(machine: Machine, known?: readonly MoveRecord[]): void {
    if (known === undefined) this.panels.history.clear();
    this.game.forget(known ?? []);
    this.watcher.invalidate(machine);
    this.updateControls();
    void this.panels.debuggerPanel.machineRestored();
  }

  private onState(state: GameState, layout: GameLayout): boolean {
    // The state was read after a redraw of the emulated screen showing it; the panel is drawn after.
    const readAt = performance.now();
    const known = this.game.layout;
    if (!this.game.observe(state, layout)) return false;
    if (known !== layout) scrollScreenTo(this.screen, layout.geometry.left - 1);
    this.panels.history.onState(state, layout);
    this.actions.autoSave?.observe(state);
    if (state.phase === Phase.MENU && this.menuAt === undefined) {
      this.menuAt = readAt;
      performance.mark("piskasm:menu-visible", { startTime: readAt });
      this.host.saveMenu();
      this.panels.history.onMenu();
    }
    return true;
  }

  private updateControls(): void {
    const { busy, files } = this.host;
    const phase = this.game.state?.phase;
    const [hasMachine, hasGame, hasFiles] = [!!this.host.machine, !!this.game.layout, files !== undefined];
    const paused = this.game.paused;
    this.toolbar.enable(toolbarControls({ phase, busy, hasMachine, hasGame, hasFiles, paused }));
    this.rate.follow();
    this.keyBar.show(phase);
  }

  private withMachine(step: (machine: Machine) => Promise<unknown>): void {
    this.queue.submit(async () => {
      const machine = this.host.machine;
      if (machine) await step(this.game.check.input(machine));
    });
  }

  private reportError(error: unknown): void {
    console.error(error);
    this.parts.status.error(messageOf(error).split("\n", 1)[0]);
  }
}
