/**
 * The debugger tab (off by default): turning it on loads the symbol map (piskasm.sym.json, made at
 * `make` from NASM's listing) and attaches a ProgramDebugger to the page's machine; turning it off
 * detaches it (vectors and bytes restored) and drops everything, so with the tab off the page runs
 * exactly as without it. Registers, the source line at CS:IP, breakpoints on routines and source
 * lines, step, step over, continue, run to HUMAN_TURN, and memory by symbol.
 */
import type { CpuRegisters } from "../../emu/cpu-debug.js";
import { DebuggerDetachedError, ProgramDebugger, type Stop } from "../../debug/debugger.js";
import type { SymbolMap } from "../../debug/listing.js";
import { profileMove, type MoveProfile } from "../../debug/profiler.js";
import { shortPlace, SymbolTable } from "../../debug/symbols.js";
import { formatCell, parseCell } from "../../engine-ts/index.js";
import { cellToScreen, findGame, Phase, readMoveCount, readPhase } from "../../guest/game-view.js";
import { isGameOver } from "../../guest/session.js";
import type { Machine } from "../../emu/types.js";
import { fetchJson } from "../assets.js";
import { actionButton, el } from "../dom.js";
import { MemoryView } from "./memory-view.js";
import { ProfileChart } from "./profile-chart.js";
import { RegistersView } from "./registers-view.js";
import { SourceView } from "./source-view.js";
import { hexDigits } from "../../util/hex.js";

export const SYMBOLS_URL = "piskasm.sym.json";
/** A breakpoint may never be hit: the panel waits as long as it takes, and Pause ends the wait. */
const WAIT_MS = Number.POSITIVE_INFINITY;

export interface DebuggerHost {
  machine(): Machine | undefined;
  error(title: string, detail: unknown): void;
  /** The last human stone and a way back to the ply before it (the timeline), when there is one. */
  lastMove(): { cell: number; goBack(): Promise<void> } | undefined;
  /** What the debugger now does to the program (see DebuggerHold). */
  held(hold: DebuggerHold): void;
}

/**
 * The debugger holds the program stopped (`where` says where), runs it for a command (Continue, Step,
 * Step over, Run to HUMAN_TURN: the machine may be paused between its slices), or neither (undefined).
 */
export type DebuggerHold = { kind: "stopped"; where: string } | { kind: "running" } | undefined;

export interface DebuggerProbe {
  enable(on: boolean): Promise<void>;
  enabled(): boolean;
  addBreakpoint(spec: string): number;
  continue(): Promise<StopSummary>;
  step(): Promise<StopSummary>;
  stepOver(): Promise<StopSummary>;
  runToHumanTurn(): Promise<StopSummary>;
  /** The registers as the panel shows them. */
  shownRegisters(): Partial<Record<keyof CpuRegisters, number>>;
  /** The CPU's registers read from v86 now. */
  cpuRegisters(): CpuRegisters | undefined;
  /** The source line the panel shows as current, e.g. "engine.inc:362". */
  shownLine(): string | undefined;
  programSegment(): number | undefined;
  /** Plays `cell` (like "K10") through the emulated mouse and profiles the computer's answer. */
  profileMove(cell: string): Promise<MoveProfile>;
  /** Goes back one node on the timeline and plays the last human stone again, profiled. */
  profileLastMove(): Promise<MoveProfile>;
}

export interface StopSummary {
  kind: string;
  routine: string | undefined;
  file: string | undefined;
  line: number | undefined;
  offset: number | undefined;
}

/** The rejection of a command whose failure perform() has already put in the error box. */
function shownAlready(): void {}

export class DebuggerPanel {
  readonly root = el("section", "card debugger");
  private readonly toggle = el("input", undefined, undefined, { type: "checkbox", id: "dbg-enable" });
  private readonly body = el("div", "dbg-body", undefined, { hidden: true });
  private readonly state = el("p", "dbg-state muted", "off");
  private readonly registers = new RegistersView();
  private readonly source = new SourceView();
  private readonly memory = new MemoryView();
  private readonly bpInput = el("input", undefined, undefined, {
    placeholder: "pc_move or engine.inc:370",
    ariaLabel: "Breakpoint on a routine or file:line",
  });
  private readonly bpList = el("ul", "dbg-breakpoints");
  private readonly profileCell = el("input", undefined, undefined, {
    placeholder: "K10",
    size: 4,
    ariaLabel: "The cell to play for the profile",
  });
  private readonly chart = new ProfileChart();
  private symbols: SymbolTable | undefined;
  private debug: ProgramDebugger | undefined;
  private busy = false;
  /** Re-attaching after the machine's state was replaced (a timeline restore). */
  private attaching: Promise<void> = Promise.resolve();

  constructor(private readonly host: DebuggerHost) {
    const label = el("label", "toggle");
    label.append(this.toggle, " Debugger (INT 3 breakpoints in the real PISKASM.COM)");
    this.toggle.addEventListener("change", () =>
      this.showFailure("The debugger could not start", this.enable(this.toggle.checked)),
    );
    const buttons = el("div", "timeline-buttons");
    const action = (text: string, title: string, run: () => Promise<Stop | void>): void =>
      void buttons.append(actionButton(text, title, () => this.command(run)));
    // Pause stops the program where it is, or ends the command that is running (a Continue waiting).
    buttons.append(
      actionButton("Pause", "Stop the emulator where it is (also ends a Continue that is waiting)", () => {
        if (this.busy) this.need().interrupt();
        else this.command(() => this.need().pause());
      }),
    );
    action("Continue", "Run to the next breakpoint", () => this.need().continue());
    action("Step", "One instruction (into calls)", () => this.need().step());
    action("Step over", "One source line; a call runs until it returns", () => this.need().stepOver());
    action("Run to HUMAN_TURN", "Run until the game waits for your click, and stop there", () =>
      this.need().runToHumanTurn(),
    );
    this.bpInput.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      this.addFromInput();
    });
    const bpRow = el("div", "timeline-buttons", "Breakpoint ");
    bpRow.append(
      this.bpInput,
      actionButton("Add", "Set a breakpoint on this routine or source line", () => this.addFromInput()),
    );
    const profileRow = el("div", "timeline-buttons", "Instructions of a move: play ");
    profileRow.append(
      this.profileCell,
      actionButton(
        "Play and profile",
        "Click this cell through the emulated mouse and count the computer's answer by routine",
        () => this.showFailure("Profile", this.profile(this.profileCell.value)),
      ),
      actionButton(
        "Profile the last move",
        "Back one ply on the timeline and play the last stone again with the profiler",
        () => this.showFailure("Profile", this.profileLast()),
      ),
    );
    this.chart.render(undefined, "");
    this.body.append(
      this.state,
      buttons,
      this.source.root,
      this.registers.root,
      bpRow,
      this.bpList,
      this.memory.root,
      profileRow,
      this.chart.root,
    );
    this.root.append(el("h2", undefined, "Debugger "), label, this.body);
  }

  /** The debugger while it is on (the page's checker reads what it holds and writes). */
  get attached(): ProgramDebugger | undefined {
    return this.debug;
  }

  /** The machine is about to be reset or replaced: the debugger detaches and switches off. */
  async leave(): Promise<void> {
    if (this.debug) await this.enable(false);
  }

  async enable(on: boolean): Promise<void> {
    this.toggle.checked = on;
    if (!on) {
      this.body.hidden = true;
      this.debug?.detach();
      this.debug = undefined;
      this.render(undefined);
      this.host.held(undefined);
      return;
    }
    try {
      const machine = this.host.machine();
      if (!machine) throw new Error("the emulator is not running yet");
      this.symbols ??= new SymbolTable((await fetchJson(SYMBOLS_URL)) as SymbolMap);
      this.debug = new ProgramDebugger(machine, this.symbols, { timeoutMs: WAIT_MS });
    } catch (error) {
      // Not on: the box says so, as it does before a first try.
      this.toggle.checked = false;
      throw error;
    }
    // Shown only once attached: its buttons work from the moment they can be seen.
    this.body.hidden = false;
    this.render(undefined);
  }

  probe(): DebuggerProbe {
    const summary = (stop: Stop): StopSummary => ({
      kind: stop.kind,
      routine: stop.where?.routine,
      file: stop.where?.file,
      line: stop.where?.line,
      offset: stop.offset,
    });
    const run = async (step: (d: ProgramDebugger) => Promise<Stop>): Promise<StopSummary> =>
      summary(await this.perform(() => step(this.need())));
    return {
      enable: (on) => this.enable(on),
      enabled: () => this.debug !== undefined,
      addBreakpoint: (spec) => {
        const offset = this.need().addBreakpoint(spec);
        this.renderBreakpoints();
        return offset;
      },
      continue: () => run((d) => d.continue()),
      step: () => run((d) => d.step()),
      stepOver: () => run((d) => d.stepOver()),
      runToHumanTurn: () => run((d) => d.runToHumanTurn()),
      shownRegisters: () => this.registers.shown(),
      cpuRegisters: () => this.host.machine()?.debug?.registers(),
      shownLine: () => {
        const where = this.debug?.current?.where;
        return where && shortPlace(where);
      },
      programSegment: () => this.debug?.programSegment,
      profileMove: (cell) => this.profile(cell),
      profileLastMove: () => this.profileLast(),
    };
  }

  /**
   * The machine's state was replaced: the debugger leaves the old one and attaches to the new one (the
   * restored memory has its own interrupt vectors). A failure is shown in the error box, not thrown.
   */
  machineRestored(): Promise<void> {
    if (!this.debug) return this.attaching;
    this.attaching = this.enable(false)
      .then(() => this.enable(true))
      .catch((error: unknown) =>
        this.host.error("The debugger could not attach to the restored machine", error),
      );
    return this.attaching;
  }

  private async profileLast(): Promise<MoveProfile> {
    const last = this.host.lastMove();
    if (!last) throw new Error("the timeline has no computer move to profile yet");
    await last.goBack();
    await this.attaching;
    return this.profile(formatCell(last.cell));
  }

  /** Plays `name` through the emulated mouse with the profiler on, until the game waits again. */
  private async profile(name: string): Promise<MoveProfile> {
    const cell = parseCell(name);
    const machine = this.host.machine();
    const layout = machine && findGame(machine.memory);
    if (!machine || !layout) throw new Error("PISKASM.COM is not running");
    if (readPhase(machine.memory, layout) !== Phase.HUMAN_TURN)
      throw new Error("it is not the human's turn: start a game first");
    const moves = readMoveCount(machine.memory, layout);
    const at = cellToScreen(layout.geometry, cell);
    const profile = await this.perform(() =>
      profileMove(
        machine,
        this.need(),
        () => machine.mouse.clickCell(at.col, at.row),
        () => {
          const phase = readPhase(machine.memory, layout);
          return (
            (phase === Phase.HUMAN_TURN &&
              readMoveCount(machine.memory, layout) === ((moves + 2) & 0xffff)) ||
            isGameOver(phase)
          );
        },
      ),
    );
    this.chart.render(profile, `${formatCell(cell)} and the computer's answer`);
    return profile;
  }

  private need(): ProgramDebugger {
    if (!this.debug) throw new Error("the debugger is off: turn it on first");
    return this.debug;
  }

  private async perform<T extends Stop | MoveProfile | void>(step: () => Promise<T>): Promise<T> {
    if (this.busy) throw new Error("the debugger is already running a command: Pause ends it");
    this.busy = true;
    this.render(undefined);
    let result: T;
    try {
      result = await step();
    } catch (error) {
      this.busy = false;
      this.render(this.debug?.current);
      // Switched off while the command ran: nothing to report, the command just ended.
      if (!(error instanceof DebuggerDetachedError)) this.host.error("Debugger", error);
      throw error;
    }
    this.busy = false;
    this.render(result && "registers" in result ? result : undefined);
    return result;
  }

  /** A breakpoint added while the program runs is armed at once: the panel continues to it. */
  private addFromInput(): void {
    try {
      this.need().addBreakpoint(this.bpInput.value);
      this.bpInput.value = "";
      this.renderBreakpoints();
    } catch (error) {
      this.host.error("No such breakpoint place", error);
      return;
    }
    if (!this.busy && this.debug?.current === undefined) this.command(() => this.need().continue());
  }

  /** A command started by a button: perform has shown any failure in the error box already. */
  private command(run: () => Promise<Stop | void>): void {
    this.perform(run).catch(shownAlready);
  }

  private renderBreakpoints(): void {
    const debug = this.debug;
    if (!debug) {
      this.bpList.replaceChildren();
      return;
    }
    this.bpList.replaceChildren(
      ...debug.breakpoints().map((offset) => {
        const where = debug.symbols.where(offset);
        const item = el(
          "li",
          undefined,
          `${where ? `${where.label} · ${shortPlace(where)}` : "?"} (${hexDigits(offset, 4)}) `,
        );
        item.append(
          actionButton("×", "Remove this breakpoint", () => {
            debug.removeBreakpoint(offset);
            this.renderBreakpoints();
          }),
        );
        return item;
      }),
    );
  }

  private render(stop: Stop | undefined): void {
    const debug = this.debug;
    this.registers.render(stop?.registers);
    // While running there is no source line: the state line alone says so.
    this.source.root.hidden = stop === undefined;
    this.source.render(this.symbols, stop?.where, stop?.registers.cs, stop?.registers.ip);
    const armed = debug?.breakpoints().length ?? 0;
    const routine = stop?.where ? ` in ${stop.where.routine}` : "";
    this.state.textContent = !debug
      ? "off"
      : stop
        ? `stopped (${stop.kind})${routine}`
        : this.busy && armed > 0
          ? `running · stops at the next of ${armed} breakpoint${armed === 1 ? "" : "s"}`
          : "running";
    if (debug)
      this.host.held(
        stop
          ? { kind: "stopped", where: `${stop.kind}${routine}` }
          : this.busy
            ? { kind: "running" }
            : undefined,
      );
    const machine = this.host.machine();
    this.memory.render(
      debug && machine
        ? { memory: machine.memory, linear: (label) => debug.programLinear(debug.symbols.lookup(label)) }
        : undefined,
    );
    this.renderBreakpoints();
  }

  /** A failure of `work` (started by the user) in the error box under `title`. */
  private showFailure(title: string, work: Promise<unknown>): void {
    work.catch((error: unknown) => this.host.error(title, error));
  }
}
