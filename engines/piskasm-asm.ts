/**
 * The real PISKASM.COM as a player: the program runs unmodified in v86 and is driven only through the
 * emulated keyboard and mouse (guest/session.ts). The engine is the COM's computer (X); the opponent's
 * stones are the human's (O) clicks. 19x19 freestyle only.
 *
 * Every game starts from a snapshot of the menu taken once after boot (restore: a few ms), then the
 * game's seed through the menu's key S. The engine keeps the stones the protocol believes in
 * (`logical`) apart from what the program has on its board (`real`): the program answers a click at
 * once, so after the opponent's stone its answer is already there, waiting for ownMove(). TAKEBACK,
 * BOARD and PLAY only change `logical`; before the next move the program is brought there for real
 * (reach()): by replaying its game's clicks from the menu snapshot with the same seed (a TAKEBACK), or
 * through its set-up mode (menu key 4: a click per stone, then Enter or Tab). Never by writing guest
 * memory.
 *
 * With checking on, the one checker (checks/checker.ts, as `piskasm diff` uses it) compares the whole
 * program with its model after every key and click: every byte of its data, every screen cell, the
 * pointer and its own code. On a difference the program's move is still answered; a replayable report
 * is written (checks/report.ts), a MESSAGE says so, and checking stops for the rest of that game. */
import {
  COMPUTER,
  formatCell,
  HUMAN,
  NO_CELL,
  Phase,
  phaseName,
  type ToMove,
  type WhoStarts,
} from "../engine-ts/index.js";
import type { MachineSnapshot } from "../emu/types.js";
import { openSession, type BootSpec } from "../guest/boot.js";
import { ProgramChecker } from "../checks/checker.js";
import { programIdentity, type ProgramIdentity } from "../checks/program-identity.js";
import type { Mismatch } from "../checks/diff-types.js";
import { BOARD_SIZE, type GameState } from "../guest/game-view.js";
import { formatMismatch, REPORT_FORMAT, writeReport, type MismatchReport } from "../checks/report.js";
import { isGameOver, type GameSession } from "../guest/session.js";
import {
  cellOf,
  EngineError,
  pointOf,
  RULE_FREESTYLE,
  type CellScores,
  type Engine,
  type GameSettings,
  type Point,
  type PositionStone,
} from "./engine.js";
import { PISKASM_ABOUT } from "./piskasm-about.js";

export interface AsmEngineOptions {
  /** The floppy that boots into the game, its DOS and the longest wait for the emulator in one step. */
  readonly boot: BootSpec;
  /** Check the whole program against its model after every input (checks/checker.ts). */
  readonly check: boolean;
  /** The model's score tables; the evaluator's when omitted (tests pass altered ones to see the check fail). */
  readonly referenceTables?: Uint16Array;
  /** Where mismatch reports go. */
  readonly reportsDir: string;
  /** A line for the manager's user (the protocol's MESSAGE). */
  readonly message: (text: string) => void;
  /** A line for standard error. */
  readonly log: (line: string) => void;
  /**
   * The machine at the game's menu saved at build time for this floppy (build/menu.state): the engine
   * starts there instead of booting BIOS and DOS, so its first START is answered in well under a second.
   */
  readonly menuState?: MachineSnapshot;
}

interface Stone {
  readonly cell: number;
  readonly own: boolean;
}

/** How a game on the program's board began: from the menu with key 1 or 2, or by the set-up mode (key 4). */
type RealStart =
  | { readonly kind: "play"; readonly who: WhoStarts }
  | { readonly kind: "setup"; readonly stones: readonly Stone[]; readonly toMove: ToMove };

/** The game on the program's board, as it got there: its start, the clicks since, every stone in order. */
interface RealGame {
  readonly start: RealStart;
  /** Stones on the board when the start was done and the human was to click (the first stable point). */
  readonly base: number;
  readonly clicks: number[];
  readonly stones: Stone[];
}

interface Ready {
  readonly session: GameSession;
  readonly menu: MachineSnapshot;
}

/** Is `prefix` the start of `stones`? */
const startsWith = (stones: readonly Stone[], prefix: readonly Stone[]): boolean =>
  prefix.every((s, i) => s.cell === stones[i]?.cell && s.own === stones[i]?.own);

export class PiskasmAsmEngine implements Engine {
  readonly about = PISKASM_ABOUT;
  private readonly booting: Promise<Ready>;
  private seed = 0;
  private gameIndex = 0;
  /** The program's game; undefined while it waits at its menu (a fresh snapshot restore). */
  private real: RealGame | undefined;
  /** The stones the protocol believes in, in order. */
  private logical: Stone[] = [];
  /** The checker of the whole program, while checking is on. */
  private checker: ProgramChecker | undefined;
  /** The booted program, once ready() has seen it. */
  private booted: Ready | undefined;
  private programIdentity: ProgramIdentity | undefined;

  /** Starts booting at once (managers send ABOUT and INFO first); newGame() waits for it. */
  constructor(private readonly options: AsmEngineOptions) {
    this.booting = this.boot();
    // A boot failure is answered at the first START; until then it must not count as unhandled.
    this.booting.catch((error: unknown) =>
      options.log(`PISKASM.COM did not boot: ${(error as Error).message}`),
    );
  }

  refuse(settings: GameSettings): string | undefined {
    if (settings.size !== BOARD_SIZE)
      return `PISKASM.COM plays on 19x19 only, not ${settings.size}x${settings.size}`;
    if (settings.rule !== RULE_FREESTYLE)
      return `PISKASM.COM plays freestyle only (five or more wins), not rule ${settings.rule}`;
    return undefined;
  }

  async newGame(settings: GameSettings): Promise<void> {
    this.seed = settings.seed & 0xffff;
    this.gameIndex++;
    this.logical = [];
    await this.toMenu();
  }

  async opponentMove(at: Point): Promise<void> {
    const cell = cellOf(at, BOARD_SIZE);
    const real = await this.reach(this.logical, "human");
    await this.click(real, cell);
    this.logical.push({ cell, own: false });
  }

  async ownMove(): Promise<Point> {
    const real = await this.reach(this.logical, "computer");
    const answer = real.stones.at(this.logical.length);
    if (!answer?.own) throw new EngineError("PISKASM.COM has not answered (the game is over)");
    this.logical.push(answer);
    return pointOf(answer.cell, BOARD_SIZE);
  }

  async setPosition(stones: readonly PositionStone[]): Promise<void> {
    this.logical = stones.map((s) => ({ cell: cellOf(s.at, BOARD_SIZE), own: s.own }));
  }

  async takeBack(at: Point): Promise<void> {
    const last = this.logical.at(-1);
    if (!last || last.cell !== cellOf(at, BOARD_SIZE))
      throw new EngineError(`${at.x},${at.y} is not the last stone`);
    this.logical.pop();
  }

  /** PLAY: the stone is the program's own; it reaches the program (set-up mode) before the next move. */
  async forcedMove(at: Point): Promise<void> {
    this.logical.push({ cell: cellOf(at, BOARD_SIZE), own: true });
  }

  /** The model's scores (engine-ts's), while the check is on and has found nothing in this game. */
  scores(): CellScores | undefined {
    const game = this.checker && !this.checker.found ? this.checker.model.game : undefined;
    return game && { size: BOARD_SIZE, values: game.state.info };
  }

  /** The program's state, read from guest memory (tests compare it with engine-ts). */
  async programState(): Promise<GameState> {
    return (await this.ready()).session.readState();
  }

  async close(): Promise<void> {
    const ready = await this.booting.catch(() => undefined);
    await ready?.session.machine.destroy();
  }

  private async boot(): Promise<Ready> {
    const started = performance.now();
    const saved = this.options.menuState;
    const session = await openSession(this.options.boot, saved);
    if (this.options.check) {
      this.checker = ProgramChecker.attach(session, {
        settleTimeoutMs: this.options.boot.timeoutMs,
        sink: { mismatch: (found) => this.reportMismatch(found) },
        bodovani: this.options.referenceTables,
      });
    }
    const menu = saved ?? (await session.machine.snapshot());
    const how = saved ? "from the saved menu state" : `(${this.options.boot.dos} DOS)`;
    this.options.log(
      `PISKASM.COM is at its menu ${how} after ${(performance.now() - started).toFixed(0)} ms`,
    );
    return { session, menu };
  }

  private async ready(): Promise<Ready> {
    try {
      this.booted = await this.booting;
      return this.booted;
    } catch (error) {
      throw new EngineError(`PISKASM.COM did not boot: ${(error as Error).message}`);
    }
  }

  /** The program back at its menu with this game's seed (snapshot restore, then key S when it differs). */
  private async toMenu(): Promise<void> {
    const { session, menu } = await this.ready();
    // The snapshot was taken from this session's program: the same addresses after the restore.
    await session.machine.restore(menu);
    this.checker?.restarted();
    this.real = undefined;
    await session.useSeed(this.seed);
  }

  /**
   * Brings the program to `target` with `toMove` to move; for the computer that means its answer is on
   * the board already, as the stone after `target`. In order of preference: the program is there; a
   * replay of its game's clicks from the menu snapshot gets there (a TAKEBACK); the first move or a
   * click-free start from the menu; the set-up mode with every stone of `target` in order.
   */
  private async reach(target: readonly Stone[], toMove: ToMove): Promise<RealGame> {
    const real = this.real;
    const stop = target.length + (toMove === "computer" ? 1 : 0);
    if (
      real &&
      startsWith(real.stones, target) &&
      (toMove === "human" || real.stones[target.length]?.own === true)
    ) {
      const clicks = (stop - real.base) / 2;
      if (stop === real.stones.length && clicks === real.clicks.length) return real;
      if (Number.isInteger(clicks) && clicks >= 0 && clicks <= real.clicks.length) {
        const kept = real.clicks.slice(0, clicks);
        this.options.log(
          `back to ${target.length} stones: the game again from the menu with ${kept.length} clicks`,
        );
        return this.begin(real.start, kept);
      }
    }
    if (target.length === 0) return this.begin({ kind: "play", who: toMove }, []);
    return this.begin({ kind: "setup", stones: target.slice(), toMove }, []);
  }

  /** Starts a game from the menu the way `start` says, clicks `clicks`, and checks the state reached. */
  private async begin(start: RealStart, clicks: readonly number[]): Promise<RealGame> {
    if (this.real) await this.toMenu();
    const { session } = await this.ready();
    this.real = { start, base: 0, clicks: [], stones: [] };
    let state: GameState;
    if (start.kind === "play") {
      state = await session.startGame(start.who);
    } else {
      const sides = start.stones.map((s) => ({ cell: s.cell, side: s.own ? COMPUTER : HUMAN }) as const);
      state = await session.setUpPosition(sides, start.toMove);
    }
    const stones = this.stonesOf(state, start);
    const started: RealGame = { start, base: stones.length, clicks: [], stones };
    this.real = started;
    for (const cell of clicks) state = await this.click(started, cell);
    if (state.phase !== Phase.HUMAN_TURN && !isGameOver(state.phase)) {
      throw new EngineError(
        `PISKASM.COM did not reach a position to play from (phase ${phaseName(state.phase)})`,
      );
    }
    return started;
  }

  /** A click on `cell` (the opponent's stone) and the program's answer, recorded in `real`. */
  private async click(real: RealGame, cell: number): Promise<GameState> {
    const { session } = await this.ready();
    const before = session.moveCount();
    real.clicks.push(cell);
    await session.humanMove(cell);
    const state = session.readState();
    real.stones.push({ cell, own: false });
    if (state.moveCount === ((before + 2) & 0xffff)) real.stones.push({ cell: state.lastPC, own: true });
    return state;
  }

  /** The stones on the board right after a start: the set-up stones (and the computer's answer), or the first move. */
  private stonesOf(state: GameState, start: RealStart): Stone[] {
    const stones = start.kind === "setup" ? start.stones.slice() : [];
    const answered = start.kind === "play" ? start.who === "computer" : start.toMove === "computer";
    if (answered && state.lastPC !== NO_CELL) stones.push({ cell: state.lastPC, own: true });
    return stones;
  }

  /**
   * The checker's mismatch: a replayable report (of the game's clicks so far; none when the program
   * differed at its menu), the lines for the log, a MESSAGE; no more checks in this game.
   */
  private reportMismatch(found: Mismatch): void {
    const session = this.booted?.session;
    if (!session) return;
    const real = this.real ?? { start: { kind: "play", who: "human" }, base: 0, clicks: [], stones: [] };
    const { start } = real;
    // A set-up start is kept beside the report's fields: `piskasm replay` reruns games from the menu only.
    const setUp =
      start.kind === "setup"
        ? {
            setUp: {
              stones: start.stones.map((s) => `${s.own ? "X" : "O"}${formatCell(s.cell)}`),
              toMove: start.toMove,
            },
          }
        : {};
    const report: MismatchReport & typeof setUp = {
      format: REPORT_FORMAT,
      seed: this.seed,
      policy: "replay",
      policySeed: 0,
      whoStarts: start.kind === "play" ? start.who : start.toMove,
      moves: real.clicks.map(formatCell),
      computerMoves: real.stones.filter((s) => s.own).map((s) => formatCell(s.cell)),
      ply: found.ply,
      diffs: found.diffs,
      screen: found.screen,
      ...(found.expectedScreen ? { expectedScreen: found.expectedScreen } : {}),
      dos: this.options.boot.dos,
      gameIndex: this.gameIndex,
      // The program the reports speak of, read once from the floppy (checks/program-identity.ts).
      identity: (this.programIdentity ??= programIdentity(this.options.boot.image)),
      ...setUp,
    };
    const path = writeReport(this.options.reportsDir, report);
    this.options.log(formatMismatch(report, path));
    const own = real.stones.filter((s) => s.own).at(-1);
    const last = own ? ` after its move ${this.describe(own.cell)}` : "";
    const how = start.kind === "setup" ? " (a set-up position, not for piskasm replay)" : "";
    this.options.message(
      `PISKASM.COM differs from its model${last} after ${found.afterInput ?? "an input"} (${found.diffs.length} differences); report ${path}${how}; no more checks in this game`,
    );
  }

  private describe(cell: number): string {
    const p = pointOf(cell, BOARD_SIZE);
    return `${p.x},${p.y} (${formatCell(cell)})`;
  }
}
