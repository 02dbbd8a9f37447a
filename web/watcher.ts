/**
 * Watches the running game cheaply: after every redraw of the screen (the game draws whenever its
 * state changes) and every FALLBACK_MS besides, it reads three words through the debug header (Phase,
 * MoveCount, GameCount) and the 8-byte signature; only when they change, and the game is not in the
 * middle of the computer's turn, does it read the whole state (361 bytes + 361 words). No animation
 * frame loop: a page waiting for a click stays idle.
 */
import type { Machine } from "../emu/types.js";
import type { AfterPaint } from "./after-paint.js";
import {
  findGame,
  isGameStillAt,
  Phase,
  readGameState,
  type GameLayout,
  type GameState,
} from "../guest/game-view.js";

export interface WatchHandlers {
  /**
   * A new stable state. Return false when it is a transient one (read it again at the next look).
   */
  onState(state: GameState, layout: GameLayout): boolean;
  /** No game in memory yet (booting, or another program runs); called at most every SCAN_INTERVAL_MS. */
  onSearching(): void;
}

/** How often conventional memory is scanned for the game while it is not found. */
const SCAN_INTERVAL_MS = 150;
/** A look without a redraw (a state change that drew nothing, or a redraw missed). */
const FALLBACK_MS = 250;

export class GameWatcher {
  private machine: Machine | undefined;
  private layout: GameLayout | undefined;
  private lastKey = "";
  private lastScan = -Infinity;
  private timer: ReturnType<typeof setInterval> | undefined;
  private lookQueued = false;

  constructor(
    private readonly handlers: WatchHandlers,
    private readonly afterPaint: AfterPaint,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.look(), FALLBACK_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * The screen was just redrawn: look in a task of its own after the frame has painted, so the frame
   * is not held back by reading the state and drawing the panel (once per frame however many redraws).
   */
  lookAfterPaint(): void {
    if (this.lookQueued) return;
    this.lookQueued = true;
    this.afterPaint.run(() => {
      this.lookQueued = false;
      this.look();
    });
  }

  /** Look at the guest now. */
  look(): void {
    const machine = this.machine;
    if (this.timer === undefined || !machine) return;
    const now = performance.now();
    const mem = machine.memory;
    if (this.layout && !isGameStillAt(mem, this.layout)) {
      this.layout = undefined;
      this.lastKey = "";
    }
    if (!this.layout) {
      if (now - this.lastScan < SCAN_INTERVAL_MS) return;
      this.lastScan = now;
      this.layout = findGame(mem);
      if (!this.layout) {
        this.handlers.onSearching();
        return;
      }
    }
    const layout = this.layout;
    const phase = mem.readU8(layout.phase);
    const key = `${phase}:${mem.readU16(layout.moveCount)}:${mem.readU16(layout.gameCount)}`;
    if (key === this.lastKey || phase === Phase.COMPUTER_TURN) return;
    if (this.handlers.onState(readGameState(mem, layout), layout)) this.lastKey = key;
  }

  /** Watch `machine` from scratch (a new machine, or the same one after a restore). */
  invalidate(machine: Machine): void {
    this.machine = machine;
    this.layout = undefined;
    this.lastKey = "";
    this.lastScan = -Infinity;
  }
}
