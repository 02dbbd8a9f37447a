/**
 * The page: one emulated PC running the floppy, the watcher that notices when the game's state
 * changes, engine-ts following the game, and the panel showing both. Input reaches the guest only as
 * keyboard scancodes and PS/2 mouse packets (the Machine API), never as memory writes.
 */
import type { Machine, MachineSnapshot } from "../emu/types.js";
import { buildBodovani, explain, formatCell, freshScores, parseCell } from "../engine-ts/index.js";
import { Phase, readMoveCount, readPhase, type GameLayout, type GameState } from "../guest/game-view.js";
import { boardCellToText, textToBoardCell } from "./board-geometry.js";
import { loadBootFiles, startMachine, type BootFiles } from "./boot.js";
import { confirmGiveUp } from "./controls/confirm-give-up.js";
import type { Speed, Toolbar, ToolbarHandlers } from "./controls/toolbar.js";
import { byId } from "./dom.js";
import { messageOf, type ErrorBox } from "./error-box.js";
import { Follower, type FollowedGame } from "./follower.js";
import { MachineActions } from "./machine-actions.js";
import { backToMenu, startNewGame, type Starter } from "./game-keys.js";
import { InputQueue } from "./input-queue.js";
import { exposeProbe, probeState } from "./page-probe.js";
import { ExplainCard } from "./panel/explain-card.js";
import { Facts } from "./panel/facts.js";
import { HeatMap } from "./panel/heatmap.js";
import { MoveList } from "./panel/moves.js";
import { winningLine } from "./panel/winning-line.js";
import { PointerRelay } from "./pointer-relay.js";
import { RateMeter } from "./rate-meter.js";
import { attachScreenInput, type TextCell } from "./screen-input.js";
import { differenceCount } from "./state-diff.js";
import type { StatusLine } from "./status.js";
import { GameWatcher } from "./watcher.js";
import { GameHistory } from "./timeline/features.js";
import { DebuggerPanel } from "./debugger/debugger-panel.js";

const FLOPPY_BYTES = 1_474_560;
const DEFAULT_FLOPPY = "piskasm.img";

/** How long after a click on the board the stone must appear. */
const PLACE_TIMEOUT_MS = 3_000;
/** After this long without finding the game the page stops calling it booting. */
const GIVE_UP_SEARCH_S = 15;

interface PendingMove {
  human: number;
  predicted: number | null | undefined;
}

export interface AppParts {
  status: StatusLine;
  errors: ErrorBox;
  toolbar: (handlers: ToolbarHandlers) => Toolbar;
}

/** The coordinator: one machine, the watcher, engine-ts following the game, the panel and the toolbar. */
export class App implements ToolbarHandlers {
  private machine: Machine | undefined;
  private files: BootFiles | undefined;
  private floppyName = DEFAULT_FLOPPY;
  private snapshot: MachineSnapshot | undefined;
  private layout: GameLayout | undefined;
  private state: GameState | undefined;
  private fresh: Uint16Array | undefined;
  private hovered: number | undefined;
  private pending: PendingMove | undefined;
  private menuAt: number | undefined;
  private bootStartedAt = 0;
  private busy = true;

  private readonly bodovani = buildBodovani();
  private readonly screen = byId("screen", HTMLDivElement);
  private readonly follower = new Follower();
  private readonly queue = new InputQueue((error) => this.reportError(error));
  private readonly watcher: GameWatcher;
  private readonly heat: HeatMap;
  private readonly explainCard = new ExplainCard();
  private readonly facts = new Facts();
  private readonly moves = new MoveList();
  private readonly status: StatusLine;
  private readonly errors: ErrorBox;
  private readonly history: GameHistory;
  private readonly debuggerPanel: DebuggerPanel;
  private readonly toolbar: Toolbar;
  private readonly rate: RateMeter;
  private readonly actions: MachineActions;

  constructor(parts: AppParts) {
    this.status = parts.status;
    this.errors = parts.errors;
    this.toolbar = parts.toolbar(this);
    this.rate = new RateMeter(() => this.machine, (mips) => this.toolbar.showRate(mips));
    this.actions = new MachineActions({
      machine: () => this.machine,
      withMachine: (step) => this.withMachine(step),
      status: this.status,
      errors: this.errors,
      reportError: (error) => this.reportError(error),
      pausedChanged: (paused) => {
        this.status.ready(paused ? "Paused · press Resume (P) to go on" : this.hint());
        this.updateControls();
      },
      restored: (machine) => {
        this.forgetGame();
        this.watcher.invalidate(machine);
      },
    });
    this.heat = new HeatMap(byId("heatmap", HTMLDivElement), {
      hover: (cell) => this.hover(cell),
      click: (cell) => this.playCell(cell),
    });
    this.watcher = new GameWatcher({
      onState: (state, layout) => this.onState(state, layout),
      onSearching: () => this.onSearching(),
    });
    // A paused guest takes no input: keys, clicks and pointer movement are dropped, not queued.
    const relay = new PointerRelay(this.queue, () => (this.machine?.isPaused() ? undefined : this.machine?.mouse), () => this.screenSize());
    attachScreenInput(this.screen, { wantsLock: () => this.toolbar.wantsLock(), escape: () => this.escapeOnScreen() }, {
      keys: (codes) => {
        if (!this.refusePaused()) this.withMachine((m) => m.keyboard.sendScancodes(codes));
      },
      clickCell: (text) => this.clickText(text),
      hover: (text) => this.hover(text && this.layout ? textToBoardCell(this.layout.geometry, text) : undefined),
      move: (dx, dy) => relay.move(dx, dy),
      button: (down) => relay.button(down),
      lockChanged: (locked) => this.status.ready(locked ? "Pointer lock: your mouse moves the PC's pointer · Esc releases it (and never gives up the game)" : this.hint()),
    });
    this.history = new GameHistory(
      {
        run: (step) => this.queue.run(() => (this.machine ? step(this.machine) : Promise.reject(new Error("the emulator is not running")))),
        restored: (machine) => this.restoredFromTimeline(machine),
        busy: (text) => this.status.busy(text),
        ready: (text) => this.status.ready(text),
        error: (title, detail, hint) => this.errors.show(title, detail, hint),
      },
      byId("timeline-mount", HTMLElement),
    );
    this.debuggerPanel = new DebuggerPanel({
      machine: () => this.machine,
      error: (title, detail) => this.errors.show(title, detail),
      lastMove: () => this.history.lastMove(),
    });
    byId("debugger-mount", HTMLElement).append(this.debuggerPanel.root);
    this.render();
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
    });
    this.rate.start();
  }

  /** Fetch the files and boot the default floppy. */
  async start(): Promise<void> {
    this.status.busy("Loading v86, the BIOS and the floppy…", 0);
    try {
      this.files = await loadBootFiles((fraction, bytes) =>
        this.status.busy(`Loading v86, the BIOS and the floppy… ${Math.round(bytes / 1024)} KB`, fraction * 0.4),
      );
    } catch (error) {
      // Reset (a reload, without the files) stays possible.
      this.busy = false;
      this.updateControls();
      throw error;
    }
    performance.mark("piskasm:files-loaded");
    await this.boot(this.files.floppy, DEFAULT_FLOPPY, this.files.menuState);
  }

  newGame(starter: Starter, seed: number | undefined): void {
    if (this.refusePaused()) return;
    if (seed !== undefined) this.status.busy(`Starting a game with seed ${seed} (the game's menu key S, typed through the keyboard)…`);
    this.withMachine(async (machine) => {
      const layout = this.layout;
      if (!layout) throw new Error("PISKASM.COM is not running");
      await startNewGame(machine, layout, starter, seed);
    });
  }

  badSeed(text: string): void {
    this.status.error(`Seed ${JSON.stringify(text)} is not a number 0…65535`);
  }

  /** Give up the game in progress, after asking (the game's own key for it is Esc). */
  giveUp(): void {
    if (this.state?.phase !== Phase.HUMAN_TURN || this.refusePaused()) return;
    void confirmGiveUp().then((confirmed) => {
      if (!confirmed) return;
      this.withMachine(async (machine) => {
        const layout = this.layout;
        if (layout && readPhase(machine.memory, layout) === Phase.HUMAN_TURN) await backToMenu(machine, layout);
      });
    });
  }

  togglePause(): void {
    this.actions.togglePause();
  }

  speed(speed: Speed): void {
    this.actions.speed(speed);
  }

  fullscreen(): void {
    this.actions.fullscreen();
  }

  screenshot(): void {
    this.actions.screenshot();
  }

  saveState(): void {
    this.actions.saveState();
  }

  loadState(file: File): void {
    this.actions.loadState(file);
  }

  /** Back to the game's menu: the machine saved there, or the default floppy booted again (also after a failed floppy). */
  reset(): void {
    const files = this.files;
    if (!files) {
      location.reload();
      return;
    }
    const snapshot = this.snapshot;
    const machine = this.machine;
    if (!machine || !snapshot) {
      this.boot(files.floppy, DEFAULT_FLOPPY, files.menuState).catch((error: unknown) => this.errors.show("The emulator failed to start", error));
      return;
    }
    this.withMachine(async () => {
      if (this.debuggerPanel.enabled) await this.debuggerPanel.enable(false);
      if (machine.isPaused()) await machine.resume();
      await machine.restore(snapshot);
      this.forgetGame();
      this.watcher.invalidate(machine);
      this.updateControls();
    });
  }

  loadFloppy(file: File): void {
    if (file.size !== FLOPPY_BYTES) {
      this.errors.show("Not a 1.44 MB floppy image", `${file.name} has ${file.size} bytes; a 1.44 MB floppy image has ${FLOPPY_BYTES}.`, "Choose a .img file such as build/piskasm.img or the FreeDOS floppy.");
      return;
    }
    file
      .arrayBuffer()
      .then((buffer) => this.boot(new Uint8Array(buffer), file.name))
      .catch((error: unknown) => this.errors.show(`Could not boot ${file.name}`, error, "Reset starts the game's own floppy again."));
  }

  /** A new machine for `floppy`; with `menuState` (made by the server for this floppy) it starts at the menu. */
  private async boot(floppy: Uint8Array, name: string, menuState?: ArrayBuffer): Promise<void> {
    const files = this.files;
    if (!files) throw new Error("the boot files are not loaded");
    this.busy = true;
    this.errors.hide();
    this.updateControls();
    this.watcher.stop();
    if (this.debuggerPanel.enabled) await this.debuggerPanel.enable(false);
    const old = this.machine;
    this.machine = undefined;
    this.rate.restart();
    try {
      if (old) await old.destroy();
      this.snapshot = undefined;
      this.menuAt = undefined;
      this.floppyName = name;
      this.forgetGame();
      this.status.busy(`Starting the emulator with ${name}…`, 0.45);
      const machine = await startMachine(files, floppy, this.screen, () => this.watcher.look());
      performance.mark("piskasm:machine-started");
      if (menuState) {
        this.status.busy(`Restoring the machine saved at the menu…`, 0.8);
        await machine.restore({ state: menuState });
      }
      this.actions.adopt(machine);
      this.machine = machine;
      this.bootStartedAt = performance.now();
      this.watcher.invalidate(machine);
      this.watcher.start();
    } finally {
      this.busy = false;
      this.updateControls();
    }
  }

  /** The timeline restored a ply: the panel follows the restored game from scratch. */
  private restoredFromTimeline(machine: Machine): void {
    this.follower.reset();
    this.pending = undefined;
    this.watcher.invalidate(machine);
    // The restored memory has its own interrupt vectors: attach the debugger to it afresh.
    this.debuggerPanel.machineRestored().catch((error: unknown) => this.errors.show("The debugger could not attach to the restored machine", error));
  }

  private forgetGame(): void {
    this.history.clear();
    this.follower.reset();
    this.layout = undefined;
    this.state = undefined;
    this.fresh = undefined;
    this.pending = undefined;
    this.render();
  }

  private onSearching(): void {
    const machine = this.machine;
    if (!machine) return;
    const seconds = (performance.now() - this.bootStartedAt) / 1000;
    const mips = machine.instructionCount() / 1e6;
    if (seconds > GIVE_UP_SEARCH_S) {
      this.status.ready(`${this.floppyName} is running without PISKASM.COM in memory · the screen still takes keys and clicks`);
      return;
    }
    this.status.busy(
      `Booting ${this.floppyName}: ${seconds.toFixed(1)} s, ${mips.toFixed(0)} M instructions · waiting for PISKASM.COM`,
      0.45 + 0.5 * (1 - Math.exp(-seconds / 2)),
    );
  }

  private onState(state: GameState, layout: GameLayout): boolean {
    const observation = this.follower.observe(state);
    if (observation.kind === "transient") return false;
    const game = observation.kind === "game" ? observation.game : undefined;
    if (this.pending && game?.lastCheck?.human === this.pending.human) this.pending = undefined;
    this.layout = layout;
    this.state = state;
    this.fresh = freshScores(state.plocha, this.bodovani);
    if (this.machine) this.history.onState(this.machine, state);
    if (state.phase === Phase.MENU && this.menuAt === undefined) {
      this.menuAt = performance.now();
      performance.mark("piskasm:menu-visible");
      this.takeSnapshot();
      this.history.onMenu();
    }
    this.render(game);
    if (!this.machine?.isPaused()) this.status.ready(this.hint());
    this.updateControls();
    return true;
  }

  private takeSnapshot(): void {
    this.withMachine(async (machine) => {
      this.snapshot = await machine.snapshot();
      this.updateControls();
    });
  }

  private render(game: FollowedGame | undefined = this.follower.game): void {
    const state = this.state;
    this.facts.state(state);
    if (!state) {
      this.facts.prediction(undefined);
      this.facts.difference({ count: undefined, infoCells: 0, detail: "no game yet" });
      this.moves.render([], 0);
      this.heat.render({ asm: new Uint16Array(361), ts: undefined, fresh: undefined, plocha: new Uint8Array(361), lastPC: undefined, win: [] });
      this.explainCard.clear();
      return;
    }
    const over = state.phase === Phase.COMPUTER_WON || state.phase === Phase.HUMAN_WON;
    this.heat.render({ asm: state.info, ts: game?.engine.state.info, fresh: this.fresh, plocha: state.plocha, lastPC: state.lastPC < 361 ? state.lastPC : undefined, win: over ? winningLine(state.plocha) : [] });
    if (this.pending) this.facts.prediction(this.pending.predicted === undefined ? undefined : { predicted: this.pending.predicted, actual: undefined });
    else this.facts.prediction(game?.lastCheck && { predicted: game.lastCheck.predicted, actual: game.lastCheck.actual });
    if (game) {
      const origin = game.origin === "seed" ? `followed from seed ${game.engine.state.seed}` : `synced from the asm at move ${game.syncedAt}`;
      this.facts.difference({ count: differenceCount(game.comparison), infoCells: game.comparison.info.length, detail: `(${origin})` });
    } else {
      this.facts.difference({ count: undefined, infoCells: 0, detail: "no game yet" });
    }
    this.moves.render(game?.moves ?? [], game?.origin === "synced" ? game.syncedAt : 0);
    this.hover(this.hovered);
  }

  private hover(cell: number | undefined): void {
    this.hovered = cell;
    const state = this.state;
    if (cell === undefined || !state) {
      this.heat.highlight(undefined, undefined);
      if (!state) this.explainCard.clear();
      return;
    }
    const reply = state.phase === Phase.HUMAN_TURN ? this.follower.predictReply(cell) : undefined;
    this.heat.highlight(cell, reply ?? undefined);
    this.explainCard.show({
      cell,
      explanation: explain(state.plocha, this.bodovani, cell),
      asm: state.info[cell],
      ts: this.follower.game?.engine.state.info[cell],
      reply,
    });
  }

  /** A click on the screen: on a board cell it is a move (with a prediction), elsewhere just a click. */
  private clickText(text: TextCell): void {
    if (this.refusePaused()) return;
    const cell = this.layout ? textToBoardCell(this.layout.geometry, text) : undefined;
    if (cell !== undefined) this.playCell(cell);
    else this.withMachine((m) => m.mouse.clickCell(text.col, text.row));
  }

  /** Play a board cell through the same mouse path as a click on the screen. */
  private playCell(cell: number): void {
    const layout = this.layout;
    const state = this.state;
    if (!layout || !state || this.refusePaused()) return;
    if (state.phase !== Phase.HUMAN_TURN) {
      this.status.ready(`Not your turn (${this.hint()})`);
      return;
    }
    const predicted = this.follower.predictReply(cell);
    this.pending = { human: cell, predicted };
    this.render();
    const text = boardCellToText(layout.geometry, cell);
    this.withMachine(async (machine) => {
      const before = readMoveCount(machine.memory, layout);
      await machine.mouse.clickCell(text.col, text.row);
      const placed = await machine
        .waitFor(() => readMoveCount(machine.memory, layout) !== before || readPhase(machine.memory, layout) !== Phase.HUMAN_TURN, {
          timeoutMs: PLACE_TIMEOUT_MS,
          what: `a stone at ${formatCell(cell)}`,
        })
        .then(
          () => true,
          () => false,
        );
      if (!placed && this.pending?.human === cell) {
        this.pending = undefined;
        this.render();
        this.status.ready(`${formatCell(cell)} is taken: no stone placed · ${this.hint()}`);
      }
    });
  }

  /** A move typed as a cell name ("J10"). */
  playNamed(text: string): void {
    let cell: number;
    try {
      cell = parseCell(text.trim().toUpperCase());
    } catch {
      this.status.error(`"${text}" is not a cell: a column A…S and a row 1…19, such as J10`);
      return;
    }
    this.playCell(cell);
  }

  /** Esc typed on the screen during a game asks before giving up; elsewhere it goes to the PC. */
  private escapeOnScreen(): boolean {
    if (this.state?.phase !== Phase.HUMAN_TURN) return false;
    this.giveUp();
    return true;
  }

  private refusePaused(): boolean {
    if (!this.machine?.isPaused()) return false;
    this.status.ready("Paused · press Resume (P) first");
    return true;
  }

  private hint(): string {
    const state = this.state;
    if (!state) return `Running ${this.floppyName}`;
    switch (state.phase) {
      case Phase.MENU:
        return "Menu: New game (N), or press 1 (you start) or 2 (computer starts) on the screen";
      case Phase.HUMAN_TURN:
        return "Your turn: click or tap an empty cell, or type it under the screen";
      case Phase.COMPUTER_WON:
        return "The computer won · New game (N) plays again";
      case Phase.HUMAN_WON:
        return "You won · New game (N) plays again";
      case Phase.DRAW:
        return "Draw · New game (N) plays again";
      case Phase.EXITING:
        return "PISKASM has quit to DOS · Reset (R) starts it again";
      default:
        return "The computer is thinking…";
    }
  }

  private updateControls(): void {
    const phase = this.state?.phase;
    const inGameOrMenu = phase !== undefined && phase >= Phase.MENU && phase <= Phase.DRAW && phase !== Phase.COMPUTER_TURN;
    const machine = !this.busy && this.machine !== undefined;
    this.toolbar.enable({
      newGame: machine && this.layout !== undefined && inGameOrMenu,
      giveUp: machine && phase === Phase.HUMAN_TURN,
      machine,
      reset: !this.busy,
      load: !this.busy && this.files !== undefined,
      paused: this.machine?.isPaused() ?? false,
    });
  }

  private withMachine(step: (machine: Machine) => Promise<unknown>): void {
    this.queue.submit(async () => {
      const machine = this.machine;
      if (machine) await step(machine);
    });
  }

  private screenSize(): { width: number; height: number } {
    const rect = (this.screen.querySelector<HTMLElement>(":scope > div") ?? this.screen).getBoundingClientRect();
    return { width: rect.width, height: rect.height };
  }

  private reportError(error: unknown): void {
    console.error(error);
    this.status.error(messageOf(error).split("\n", 1)[0]);
  }
}
