/**
 * The page: one emulated PC running the floppy, the watcher that notices when the game's state
 * changes, engine-ts following the game, and the panel showing both. Input reaches the guest only as
 * keyboard scancodes and PS/2 mouse packets (the Machine API), never as memory writes.
 */
import type { Machine, MachineSnapshot } from "../emu/types.js";
import { buildBodovani, explain, formatCell, freshScores } from "../engine-ts/index.js";
import { Phase, readMoveCount, readPhase, type GameLayout, type GameState } from "../harness/game-view.js";
import { boardCellToText, textToBoardCell } from "./board-geometry.js";
import { loadBootFiles, startMachine, type BootFiles } from "./boot.js";
import type { Controls } from "./controls.js";
import { byId } from "./dom.js";
import { messageOf, type ErrorBox } from "./error-box.js";
import { Follower, type FollowedGame } from "./follower.js";
import { startNewGame, type Starter } from "./game-keys.js";
import { InputQueue } from "./input-queue.js";
import { exposeProbe, probeState } from "./page-probe.js";
import { ExplainCard } from "./panel/explain-card.js";
import { Facts } from "./panel/facts.js";
import { HeatMap } from "./panel/heatmap.js";
import { MoveList } from "./panel/moves.js";
import { PointerRelay } from "./pointer-relay.js";
import { attachScreenInput, type TextCell } from "./screen-input.js";
import { differenceCount } from "./state-diff.js";
import type { StatusLine } from "./status.js";
import { GameWatcher } from "./watcher.js";
import { GameHistory } from "./timeline/features.js";
import { DebuggerPanel } from "./debugger/debugger-panel.js";

const FLOPPY_BYTES = 1_474_560;
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
  controls: (app: App) => Controls;
}

export class App {
  private machine: Machine | undefined;
  private files: BootFiles | undefined;
  private floppyName = "piskasm.img";
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
  private readonly controls: Controls;
  private readonly history: GameHistory;
  private readonly debuggerPanel: DebuggerPanel;

  constructor(parts: AppParts) {
    this.status = parts.status;
    this.errors = parts.errors;
    this.controls = parts.controls(this);
    this.heat = new HeatMap(byId("heatmap", HTMLDivElement), {
      hover: (cell) => this.hover(cell),
      click: (cell) => this.playCell(cell),
    });
    this.watcher = new GameWatcher({
      onState: (state, layout) => this.onState(state, layout),
      onSearching: () => this.onSearching(),
    });
    const relay = new PointerRelay(this.queue, () => this.machine?.mouse, () => this.screenSize());
    attachScreenInput(this.screen, { wantsLock: () => this.controls.wantsLock() }, {
      keys: (codes) => this.withMachine((m) => m.keyboard.sendScancodes(codes)),
      clickCell: (text) => this.clickText(text),
      hover: (text) => this.hover(text && this.layout ? textToBoardCell(this.layout.geometry, text) : undefined),
      move: (dx, dy) => relay.move(dx, dy),
      button: (down) => relay.button(down),
      lockChanged: (locked) => this.status.ready(locked ? "Pointer lock: the real mouse moves the guest's pointer · Esc releases it" : this.hint()),
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
    });
  }

  /** Fetch the files and boot the default floppy. */
  async start(): Promise<void> {
    this.status.busy("Loading v86, the BIOS and the floppy…", 0);
    this.files = await loadBootFiles((fraction, bytes) =>
      this.status.busy(`Loading v86, the BIOS and the floppy… ${Math.round(bytes / 1024)} KB`, fraction * 0.4),
    );
    performance.mark("piskasm:files-loaded");
    await this.boot(this.files.floppy, "piskasm.img", this.files.menuState);
  }

  newGame(starter: Starter): void {
    this.withMachine(async (machine) => {
      const layout = this.layout;
      if (!layout) throw new Error("PISKASM.COM is not running");
      await startNewGame(machine, layout, starter);
      this.screen.focus();
    });
  }

  reset(): void {
    const snapshot = this.snapshot;
    if (!snapshot) return;
    this.withMachine(async (machine) => {
      if (this.debuggerPanel.enabled) await this.debuggerPanel.enable(false);
      await machine.restore(snapshot);
      this.forgetGame();
      this.watcher.invalidate(machine);
      this.screen.focus();
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
      .catch((error: unknown) => this.errors.show(`Could not boot ${file.name}`, error));
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
    if (old) await old.destroy();
    this.snapshot = undefined;
    this.menuAt = undefined;
    this.floppyName = name;
    this.forgetGame();
    this.status.busy(`Starting the emulator with ${name}…`, 0.45);
    const machine = await startMachine(files, floppy, this.screen);
    performance.mark("piskasm:machine-started");
    if (menuState) {
      this.status.busy(`Restoring the machine saved at the menu…`, 0.8);
      await machine.restore({ state: menuState });
    }
    this.machine = machine;
    this.bootStartedAt = performance.now();
    this.watcher.invalidate(machine);
    this.watcher.start();
    this.busy = false;
    this.updateControls();
    this.screen.focus();
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
    this.status.ready(this.hint());
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
      this.heat.render({ asm: new Uint16Array(361), ts: undefined, fresh: undefined, plocha: new Uint8Array(361), lastPC: 0xffff });
      this.explainCard.clear();
      return;
    }
    this.heat.render({ asm: state.info, ts: game?.engine.state.info, fresh: this.fresh, plocha: state.plocha, lastPC: state.lastPC });
    if (this.pending) this.facts.prediction(this.pending.predicted === undefined ? undefined : { predicted: this.pending.predicted, actual: undefined });
    else this.facts.prediction(game?.lastCheck && { predicted: game.lastCheck.predicted, actual: game.lastCheck.actual });
    if (game) {
      const origin = game.origin === "seed" ? `followed from seed ${game.engine.state.seed}` : `synced from the asm at move ${game.syncedAt}`;
      this.facts.difference({ count: differenceCount(game.comparison), infoCells: game.comparison.info.length, detail: `(${origin})` });
    } else {
      this.facts.difference({ count: undefined, infoCells: 0, detail: "no game yet: press 1 or 2 at the menu" });
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
    const cell = this.layout ? textToBoardCell(this.layout.geometry, text) : undefined;
    if (cell !== undefined) this.playCell(cell);
    else this.withMachine((m) => m.mouse.clickCell(text.col, text.row));
  }

  /** Play a board cell through the same mouse path as a click on the screen. */
  private playCell(cell: number): void {
    const layout = this.layout;
    const state = this.state;
    if (!layout || !state) return;
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
        this.status.ready(`The click on ${formatCell(cell)} placed no stone (occupied?) · ${this.hint()}`);
      }
    });
  }

  private hint(): string {
    const state = this.state;
    const menu = this.menuAt === undefined ? "" : ` · menu was up ${Math.round(this.menuAt)} ms after loading`;
    if (!state) return `Running ${this.floppyName}`;
    switch (state.phase) {
      case Phase.MENU:
        return `Menu: press 1 (you start) or 2 (computer starts)${menu}`;
      case Phase.HUMAN_TURN:
        return "Your turn: click an empty cell (screen or heat map)";
      case Phase.COMPUTER_WON:
        return "The computer won · press a key on the screen for the menu, or start a new game";
      case Phase.HUMAN_WON:
        return "You won · press a key on the screen for the menu, or start a new game";
      case Phase.DRAW:
        return "Draw · press a key on the screen for the menu";
      default:
        return `PISKASM.COM phase ${state.phase}`;
    }
  }

  private updateControls(): void {
    const phase = this.state?.phase;
    const inGameOrMenu = phase !== undefined && phase >= Phase.MENU && phase <= Phase.DRAW && phase !== Phase.COMPUTER_TURN;
    this.controls.enable({
      newGame: !this.busy && this.layout !== undefined && inGameOrMenu,
      reset: !this.busy && this.snapshot !== undefined,
      load: !this.busy && this.files !== undefined,
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
