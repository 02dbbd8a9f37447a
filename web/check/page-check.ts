/**
 * The page under the one checker (checks/checker.ts), as `piskasm diff` is: the game's GameSession,
 * whose keyboard and mouse every input of the page passes (moves, new games, keys, the key bar, plain
 * clicks, pointer lock), and its ProgramChecker, which compares the whole program with its model after
 * each input once the machine has settled. After a machine state was replaced (boot, Reset, a timeline
 * ply, a resumed game, a loaded state) the checker is anchored again on the program where it waits;
 * after a mismatch it is anchored again at the program's next menu. The debugger's work beside the
 * program is told apart (checks/checker.ts DebuggerBeside): its INT 3 bytes are read as the program's
 * bytes under them, and while its trap holds the CPU the program is not waiting for input, so the
 * checks stay on while it is on; its clicks (a profiled move) are inputs like any other.
 */
import { ProgramChecker, type DebuggerBeside } from "../../checks/checker.js";
import type { Mismatch } from "../../checks/diff-types.js";
import type { Machine, Mouse } from "../../emu/types.js";
import { Phase, type GameLayout } from "../../guest/game-view.js";
import { GameSession } from "../../guest/session.js";
import type { QueuedMachine } from "../input-queue.js";

/**
 * Longest wait for one step of a session (typing a seed after menu key S takes this long at 4.77 MHz),
 * and for the program to settle after an input (running time: a paused machine does not count).
 */
const STEP_TIMEOUT_MS = 60_000;
const NOTHING_WRITTEN: ReadonlyMap<number, number> = new Map();

/** What the checker says now, as the panel shows it. */
export type CheckStatus =
  { kind: "off"; why: string } | { kind: "agree"; inputs: number } | { kind: "differ"; mismatch: Mismatch };

/** `window.piskasm.check()`: the checker's state as data. */
export interface CheckProbe {
  state: CheckStatus["kind"];
  /** Inputs checked since the model was last anchored on the program. */
  inputs: number;
  /** Why the checks are off, when they are. */
  off?: string;
  /** The last mismatch found on this page (kept after the checks start again). */
  lastMismatch?: Mismatch;
}

export interface PageCheckHost extends Pick<QueuedMachine, "withMachine"> {
  /** The debugger tab's debugger while it is on. */
  debugger(): DebuggerBeside | undefined;
  /** The status changed (anchored, a mismatch, off): the panel shows it. */
  changed(status: CheckStatus): void;
}

interface Checked {
  readonly machine: Machine;
  readonly layout: GameLayout;
  readonly session: GameSession;
  readonly checker: ProgramChecker;
  /** An anchor under way (whether it anchored). */
  anchoring: Promise<boolean> | undefined;
}

export class PageCheck {
  private current: Checked | undefined;
  /** The machine under each session's tapped one (a step may still hold an earlier session's). */
  private readonly raw = new WeakMap<Machine, Machine>();
  private last: Mismatch | undefined;
  private why = "no game yet";

  constructor(private readonly host: PageCheckHost) {}

  /** The machine's state was replaced (or a new machine runs): the checker waits for the game again. */
  replaced(why = "waiting for the game"): void {
    this.current = undefined;
    this.why = why;
    this.host.changed(this.status());
  }

  /**
   * The watcher saw the game stable at `layout` in `phase`: the first time, the checker is attached and
   * anchored; when its checks are off (after a mismatch: at the menu), it is anchored again.
   */
  seen(machine: Machine, layout: GameLayout, phase: number): void {
    const checked = this.current;
    if (!this.matches(checked, machine, layout)) {
      this.host.withMachine((m) => this.session(m, layout));
      return;
    }
    const { checker } = checked;
    const again = checker.found ? phase === Phase.MENU : checker.off !== undefined;
    if (again && !checked.anchoring) this.host.withMachine(() => this.anchor(checked));
  }

  /**
   * The checked session of the game at `layout` on `machine` (the machine itself, or the one input()
   * gave), attached and anchored on first use.
   */
  async session(given: Machine, layout: GameLayout): Promise<GameSession> {
    const checked = this.current;
    const machine = this.raw.get(given) ?? given;
    if (this.matches(checked, machine, layout)) {
      await checked.anchoring;
      return checked.session;
    }
    const session = GameSession.attach(machine, layout, { timeoutMs: STEP_TIMEOUT_MS });
    this.raw.set(session.machine, machine);
    const checker = ProgramChecker.follow(session, {
      settleTimeoutMs: STEP_TIMEOUT_MS,
      // A replaced session's checker may still see an input of a step that held its machine: not told.
      sink: {
        mismatch: (found) => {
          if (this.current?.checker !== checker) return;
          this.last = found;
          this.host.changed(this.status());
        },
      },
      unknownInput: "off",
      debugger: {
        holds: () => this.host.debugger()?.holds() ?? false,
        written: () => this.host.debugger()?.written() ?? NOTHING_WRITTEN,
      },
    });
    // After the checker's own listener has checked the input: the panel's count of checked inputs.
    session.inputs.listen(async () => {
      if (this.current?.checker === checker) this.host.changed(this.status());
    });
    const fresh: Checked = { machine, layout, session, checker, anchoring: undefined };
    this.current = fresh;
    await this.anchor(fresh);
    return session;
  }

  /**
   * The machine the page's inputs go to: the checked session's (its keyboard and mouse pass the
   * checker's tap) while it is `machine`'s, else `machine` itself (no game found yet).
   */
  input(given: Machine): Machine {
    const checked = this.current;
    const machine = this.raw.get(given) ?? given;
    if (checked?.machine !== machine) return machine;
    return checked.session.machine;
  }

  /** input() of the machine running now, if any (the timeline's replays and the debugger's clicks). */
  tapped(machine: Machine | undefined): Machine | undefined {
    return machine && this.input(machine);
  }

  /**
   * The mouse the page's pointer lock drives (through input()): none while the machine is paused, so
   * that movement is dropped, not queued.
   */
  mouse(machine: Machine | undefined): Mouse | undefined {
    return machine && !machine.isPaused() ? this.input(machine).mouse : undefined;
  }

  status(): CheckStatus {
    const checker = this.current?.checker;
    if (!checker) return { kind: "off", why: this.why };
    if (checker.found) return { kind: "differ", mismatch: checker.found };
    if (checker.off !== undefined) return { kind: "off", why: checker.off };
    return { kind: "agree", inputs: checker.checked };
  }

  probe(): CheckProbe {
    const status = this.status();
    return {
      state: status.kind,
      inputs: this.current?.checker.checked ?? 0,
      ...(status.kind === "off" ? { off: status.why } : {}),
      ...(this.last ? { lastMismatch: this.last } : {}),
    };
  }

  private matches(checked: Checked | undefined, machine: Machine, layout: GameLayout): checked is Checked {
    return checked?.machine === machine && checked.layout === layout;
  }

  private anchor(checked: Checked): Promise<boolean> {
    return (checked.anchoring ??= checked.checker.anchorSettled().finally(() => {
      checked.anchoring = undefined;
      if (this.current === checked) this.host.changed(this.status());
    }));
  }
}
