/**
 * The real PISKASM.COM as a player: the program runs unmodified in v86 and is driven only through the
 * emulated keyboard and mouse (harness/session.ts). The engine is the COM's computer (X); the opponent's
 * stones are the human's (O) clicks. 19x19 freestyle only.
 *
 * Every game starts from a snapshot of the menu taken once after boot (restore: a few ms). The engine
 * keeps the stones the protocol believes in (`logical`) apart from what the program has on its board
 * (`real`): the program answers a click at once, so after the opponent's stone its answer is already
 * there, waiting for ownMove(). TAKEBACK only shortens `logical`; before the next move the program is
 * brought to that position for real by replaying the game's clicks from the menu snapshot with the same
 * seed (never by writing guest memory).
 *
 * With checking on, every state the program reaches is compared with engine-ts playing the same game
 * (harness/compare.ts and harness/screen-check.ts, as `piskasm diff` does). On a difference the
 * program's move is still answered; a replayable report is written (harness/report.ts), a MESSAGE says
 * so, and checking stops for the rest of that game.
 */
import { formatCell, Game, NO_CELL, type WhoStarts } from "../engine-ts/index.js";
import type { MachineSnapshot } from "../emu/types.js";
import { openSession, type BootSpec } from "../harness/boot.js";
import { compareStates } from "../harness/compare.js";
import type { Diff } from "../harness/diff-types.js";
import { DOS_PROFILES } from "../harness/dos-profile.js";
import { BOARD_SIZE, type GameState } from "../harness/game-view.js";
import { formatMismatch, REPORT_FORMAT, writeReport, type MismatchReport } from "../harness/report.js";
import { checkScreen } from "../harness/screen-check.js";
import { GameSession } from "../harness/session.js";
import { EngineError, RULE_FREESTYLE, type CellScores, type Engine, type GameSettings, type Point, type PositionStone } from "./engine.js";
import { PISKASM_ABOUT } from "./piskasm-about.js";

export interface AsmEngineOptions {
  /** The floppy that boots into the game, its DOS and the longest wait for the emulator in one step. */
  readonly boot: BootSpec;
  /** Compare every state with engine-ts. */
  readonly check: boolean;
  /** Where mismatch reports go. */
  readonly reportsDir: string;
  /** A line for the manager's user (the protocol's MESSAGE). */
  readonly message: (text: string) => void;
  /** A line for standard error. */
  readonly log: (line: string) => void;
}

interface Stone {
  readonly cell: number;
  readonly own: boolean;
}

/** The game on the program's board, as it got there: who started, the clicks, every stone in order. */
interface RealGame {
  readonly who: WhoStarts;
  readonly clicks: number[];
  readonly stones: Stone[];
}

interface Ready {
  session: GameSession;
  readonly menu: MachineSnapshot;
  /** The /S: seed the program in the menu snapshot runs with. */
  readonly menuSeed: number;
}

/** The seed the program is first started with after boot (any fixed value: games set their own). */
const BOOT_SEED = 0;

const sameStone = (a: Stone, b: Stone): boolean => a.cell === b.cell && a.own === b.own;

export class PiskasmAsmEngine implements Engine {
  readonly about = PISKASM_ABOUT;
  private readonly booting: Promise<Ready>;
  private seed = BOOT_SEED;
  private gameIndex = 0;
  private real: RealGame | undefined;
  private logical: Stone[] = [];
  /** engine-ts playing the real game, while checking is on and nothing has differed. */
  private shadow: Game | undefined;
  /** The booted program, once ready() has seen it. */
  private booted: Ready | undefined;

  /** Starts booting at once (managers send ABOUT and INFO first); newGame() waits for it. */
  constructor(private readonly options: AsmEngineOptions) {
    this.booting = this.boot();
    // A boot failure is answered at the first START; until then it must not count as unhandled.
    this.booting.catch((error: unknown) => options.log(`PISKASM.COM did not boot: ${(error as Error).message}`));
  }

  refuse(settings: GameSettings): string | undefined {
    if (settings.size !== BOARD_SIZE) return `PISKASM.COM plays on 19x19 only, not ${settings.size}x${settings.size}`;
    if (settings.rule !== RULE_FREESTYLE) return `PISKASM.COM plays freestyle only (five or more wins), not rule ${settings.rule}`;
    return undefined;
  }

  async newGame(settings: GameSettings): Promise<void> {
    this.seed = settings.seed & 0xffff;
    this.gameIndex++;
    this.logical = [];
    await this.toMenu();
  }

  async opponentMove(at: Point): Promise<void> {
    const cell = this.cell(at);
    await this.materialise();
    const ready = await this.ready();
    if (!this.real) {
      await ready.session.startGame("human");
      this.real = { who: "human", clicks: [], stones: [] };
      this.shadow = this.options.check ? Game.newGame(this.seed, "human") : undefined;
    }
    const real = this.real;
    const before = ready.session.moveCount();
    await ready.session.humanMove(cell);
    const state = ready.session.readState();
    real.clicks.push(cell);
    real.stones.push({ cell, own: false });
    this.logical.push({ cell, own: false });
    if (state.moveCount === ((before + 2) & 0xffff)) real.stones.push({ cell: state.lastPC, own: true });
    this.shadow?.humanMove(cell);
    this.check(state);
  }

  async ownMove(): Promise<Point> {
    const ready = await this.ready();
    if (!this.real && this.logical.length === 0) {
      const state = await ready.session.startGame("computer");
      this.real = { who: "computer", clicks: [], stones: [{ cell: state.lastPC, own: true }] };
      this.shadow = this.options.check ? Game.newGame(this.seed, "computer") : undefined;
      this.check(state);
    }
    const real = this.real;
    const pending = real?.stones[this.logical.length];
    if (!real || !pending || !pending.own || !this.logical.every((s, i) => sameStone(s, real.stones[i]))) {
      throw new EngineError("PISKASM.COM can only answer the opponent's stone or open the game here");
    }
    this.logical.push(pending);
    return this.point(pending.cell);
  }

  async setPosition(stones: readonly PositionStone[]): Promise<void> {
    if (stones.length > 0) {
      throw new EngineError("PISKASM.COM has no position set-up yet: only an empty BOARD can be played");
    }
    this.logical = [];
    await this.toMenu();
  }

  takeBack(at: Point): Promise<void> {
    const last = this.logical.at(-1);
    if (!last || last.cell !== this.cell(at)) return Promise.reject(new EngineError(`${at.x},${at.y} is not the last stone`));
    this.logical.pop();
    return Promise.resolve();
  }

  scores(): CellScores | undefined {
    return this.shadow && { size: BOARD_SIZE, values: this.shadow.state.info };
  }

  async close(): Promise<void> {
    const ready = await this.booting.catch(() => undefined);
    await ready?.session.machine.destroy();
  }

  private async boot(): Promise<Ready> {
    const { dos } = this.options.boot;
    const started = performance.now();
    const session = await openSession(this.options.boot);
    await session.useSeed(BOOT_SEED);
    const menu = await session.machine.snapshot();
    this.options.log(`PISKASM.COM is at its menu (${dos} DOS) after ${(performance.now() - started).toFixed(0)} ms`);
    return { session, menu, menuSeed: BOOT_SEED };
  }

  private async ready(): Promise<Ready> {
    try {
      this.booted = await this.booting;
      return this.booted;
    } catch (error) {
      throw new EngineError(`PISKASM.COM did not boot: ${(error as Error).message}`);
    }
  }

  /** The program back at its menu with this game's seed: snapshot restore, then /S: if it differs. */
  private async toMenu(): Promise<void> {
    const ready = await this.ready();
    const { machine } = ready.session;
    await machine.restore(ready.menu);
    // A fresh session: the old one's idea of the running seed belongs to a state that is gone.
    const { dos, timeoutMs } = this.options.boot;
    ready.session = await GameSession.open(machine, { dos: DOS_PROFILES[dos], timeoutMs });
    if (this.seed !== ready.menuSeed) await ready.session.useSeed(this.seed);
    this.real = undefined;
    this.shadow = undefined;
  }

  /**
   * Brings the program to `logical` with the opponent to move: nothing when it is there already,
   * else the menu snapshot and the game's clicks again (the same seed gives the same answers).
   */
  private async materialise(): Promise<void> {
    const real = this.real;
    const logical = this.logical;
    if (!real ? logical.length === 0 : real.stones.length === logical.length && logical.every((s, i) => sameStone(s, real.stones[i]))) return;
    const natural = real && logical.length < real.stones.length && logical.every((s, i) => sameStone(s, real.stones[i]));
    if (!real || !natural || (logical.length > 0 && !logical[logical.length - 1].own)) {
      throw new EngineError("PISKASM.COM cannot reach this position by replaying its game (it has no position set-up yet)");
    }
    const clicks = logical.filter((s) => !s.own).map((s) => s.cell);
    const kept = logical.slice();
    await this.toMenu();
    this.logical = kept;
    if (kept.length === 0) return;
    const ready = await this.ready();
    let state = await ready.session.startGame(real.who);
    this.shadow = this.options.check ? Game.newGame(this.seed, real.who) : undefined;
    for (const cell of clicks) {
      await ready.session.humanMove(cell);
      this.shadow?.humanMove(cell);
    }
    state = ready.session.readState();
    this.real = { who: real.who, clicks, stones: kept.slice() };
    this.options.log(`replayed ${clicks.length} clicks to take back to ${kept.length} stones`);
    this.check(state);
  }

  /** Compares the program's state and screen with engine-ts; on a difference: report, MESSAGE, stop checking. */
  private check(state: GameState): void {
    const shadow = this.shadow;
    const real = this.real;
    if (!shadow || !real) return;
    const session = this.booted?.session;
    if (!session) return;
    const screen = session.machine.screen();
    const diffs: Diff[] = [
      ...compareStates(state, shadow.state),
      ...checkScreen(screen, session.layout.geometry, state.plocha, state.lastPC, session.pointer()),
    ];
    if (diffs.length === 0) return;
    this.shadow = undefined;
    const report: MismatchReport = {
      format: REPORT_FORMAT,
      seed: state.seed,
      policy: "replay",
      policySeed: 0,
      whoStarts: real.who,
      moves: real.clicks.map(formatCell),
      computerMoves: real.stones.filter((s) => s.own).map((s) => formatCell(s.cell)),
      ply: state.moveCount,
      diffs,
      screen: [...screen.lines],
      dos: this.options.boot.dos,
      gameIndex: this.gameIndex,
    };
    const path = writeReport(this.options.reportsDir, report);
    this.options.log(formatMismatch(report, path));
    const last = state.lastPC === NO_CELL ? "" : ` after its move ${this.describe(state.lastPC)}`;
    this.options.message(
      `PISKASM.COM differs from engine-ts${last} (${diffs.length} differences); report ${path}; no more checks in this game`,
    );
  }

  private describe(cell: number): string {
    const p = this.point(cell);
    return `${p.x},${p.y} (${formatCell(cell)})`;
  }

  private cell(at: Point): number {
    if (at.x >= BOARD_SIZE || at.y >= BOARD_SIZE) throw new EngineError(`${at.x},${at.y} is off the 19x19 board`);
    return at.y * BOARD_SIZE + at.x;
  }

  private point(cell: number): Point {
    return { x: cell % BOARD_SIZE, y: Math.floor(cell / BOARD_SIZE) };
  }
}
