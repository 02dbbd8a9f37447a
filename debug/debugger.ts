/**
 * The source-level debugger of PISKASM.COM, as a real-mode debugger works (DEBUG.COM, Turbo
 * Debugger): breakpoints are INT 3 opcodes (CCh) written over the first byte of an instruction.
 * A single step is a set of temporary INT 3s on every place the instruction can go next
 * (debug/successors.ts): v86 ignores the trap flag, so INT 1 single steps are not available. The
 * INT 3 vector points at the trap stub of debug/int3-trap.ts, which halts with interrupts off.
 * At the next slice boundary the host pauses the emulator, takes
 * the trap frame (IP, CS, FLAGS) off the stack into the CPU, puts the original bytes back and shows
 * the CPU exactly as it was at the breakpoint, but for IF: v86 lets a device's interrupt in from
 * JavaScript at once (not only between the slices of its main loop), so a paused CPU with IF = 1
 * would enter the handler of the next mouse or timer IRQ. While stopped the debugger holds IF clear
 * in the CPU, shows the program's IF, and gives it back when the program runs on. Offsets come from the symbol map and are relocated
 * by the segment the program was loaded at (the PSP's, which differs between the small DOS and
 * FreeDOS). Nothing is written while the debugger is off; detaching restores the vectors.
 */
import type { Machine } from "../emu/types.js";
import { findGame, INT3_OPCODE, Phase, readPhase, type GameLayout } from "../guest/game-view.js";
import { FLAG, type CpuDebug, type CpuRegisters } from "../emu/cpu-debug.js";
import { installTrap, leaveTrap, trapFrame } from "./int3-trap.js";
import { successors } from "./successors.js";
import { type SymbolTable, type Where } from "./symbols.js";
import { hexDigits } from "../util/hex.js";

/** E8 rel16: the near call step-over steps over (also FF /2, call through a register or memory). */
const CALL_NEAR = 0xe8;
const CALL_INDIRECT = 0xff;

export type StopKind = "breakpoint" | "step" | "human-turn" | "paused";

export interface Stop {
  kind: StopKind;
  registers: CpuRegisters;
  /** The program's offset of CS:IP when CS is the program's segment. */
  offset: number | undefined;
  where: Where | undefined;
}

export interface DebuggerOptions {
  /** Longest wait for a breakpoint, a step or the human's turn. */
  timeoutMs: number;
}

export class ProgramDebugger {
  private readonly cpu: CpuDebug;
  private readonly layout: GameLayout;
  /** The segment PISKASM.COM runs in (its PSP). */
  readonly programSegment: number;
  private readonly breakpointSet = new Set<number>();
  private readonly originals = new Map<number, number>();
  private restoreVector: (() => void) | undefined;
  private trapped = false;
  /** The program's IF while stopped (the CPU's is held clear). */
  private heldInterruptFlag = 0;
  private stopped: Stop | undefined;
  /** A continue is running: a breakpoint added now is armed at once. */
  private continuing = false;
  /** Why a running command should end early: pause() from another caller, or detach(). */
  private interruption: "pause" | "detach" | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly machine: Machine,
    readonly symbols: SymbolTable,
    private readonly options: DebuggerOptions,
  ) {
    if (!machine.debug) throw new Error("this machine offers no CPU debugging");
    const layout = findGame(machine.memory);
    if (!layout) throw new Error("PISKASM.COM is not running: the debugger needs its segment");
    this.cpu = machine.debug;
    this.layout = layout;
    this.programSegment = layout.segmentBase >> 4;
    this.unsubscribe = this.cpu.onHaltWithInterruptsOff(() => {
      this.trapped = true;
    });
    this.restoreVector = installTrap(this.cpu, machine.memory);
  }

  get current(): Stop | undefined {
    return this.stopped;
  }

  /** The CPU sits in the trap or is stopped here: what the program does now is not its own (checks/checker.ts). */
  holds(): boolean {
    return this.trapped || this.stopped !== undefined;
  }

  /** The INT 3 bytes in memory now: linear address -> the program's byte under each. */
  written(): ReadonlyMap<number, number> {
    return this.originals;
  }

  breakpoints(): number[] {
    return [...this.breakpointSet].sort((a, b) => a - b);
  }

  /** A breakpoint on a routine (`pc_move`) or a source line (`engine.inc:120`); returns its offset. */
  addBreakpoint(spec: string): number {
    const offset = this.symbols.lookup(spec);
    this.breakpointSet.add(offset);
    if (this.continuing) this.arm([offset]);
    return offset;
  }

  removeBreakpoint(offset: number): void {
    this.breakpointSet.delete(offset);
  }

  /** Stops the emulator where it is. */
  async pause(): Promise<Stop> {
    if (this.stopped) return this.stopped;
    this.cpu.pause();
    await this.machine.waitFor(() => this.cpu.paused(), {
      timeoutMs: this.options.timeoutMs,
      what: "the emulator to pause",
    });
    this.holdInterrupts(this.cpu.registers().flags);
    return this.stopAt("paused");
  }

  /**
   * Ends the command that is running (continue, step over, run to HUMAN_TURN) at once: it returns a
   * "paused" Stop where the program is. Nothing happens when no command runs.
   */
  interrupt(): void {
    this.interruption ??= "pause";
  }

  /** Runs until a breakpoint is hit (or interrupt()); a breakpoint added meanwhile is armed at once. */
  async continue(): Promise<Stop> {
    if (this.stopped && this.breakpointSet.has(this.offsetOf(this.stopped.registers) ?? -1))
      await this.singleStep();
    this.arm(this.breakpointSet);
    this.continuing = true;
    try {
      return await this.runUntilTrap("breakpoint", "a breakpoint");
    } finally {
      this.continuing = false;
    }
  }

  /**
   * Runs with INT 3s on exactly `offsets` until one is hit (its Stop) or `done()` holds at a slice
   * boundary ("done", the machine paused there). For the profiler.
   */
  async runUntil(offsets: Iterable<number>, done: () => boolean): Promise<Stop | "done"> {
    this.arm(offsets);
    const trapped = await this.runToTrap(done, "a breakpoint or the end of the profiled stretch");
    return trapped ? this.takeTrap("breakpoint") : "done";
  }

  /** Executes one instruction (a software interrupt runs whole, as under a real debugger). */
  async step(): Promise<Stop> {
    await this.singleStep();
    return this.stopAt("step");
  }

  /** Like step, but a CALL runs until it returns to the next source line. */
  async stepOver(): Promise<Stop> {
    const stop = this.stopped ?? (await this.pause());
    const offset = this.offsetOf(stop.registers);
    const { cs, ip } = stop.registers;
    const code = (i: number): number => this.machine.memory.readU8(this.linear(cs, ip + i));
    const isCall = code(0) === CALL_NEAR || (code(0) === CALL_INDIRECT && ((code(1) >> 3) & 7) === 2);
    const after = offset === undefined ? undefined : this.symbols.nextLine(offset);
    if (!isCall || after === undefined) return this.step();
    const temporary = !this.breakpointSet.has(after);
    this.breakpointSet.add(after);
    try {
      return await this.continue();
    } finally {
      if (temporary) this.breakpointSet.delete(after);
    }
  }

  /** Lets the program run (breakpoints off) until it waits for the human's click again, then stops there. */
  async runToHumanTurn(): Promise<Stop> {
    const moves = this.machine.memory.readU16(this.layout.moveCount);
    const waiting = readPhase(this.machine.memory, this.layout) === Phase.HUMAN_TURN;
    this.interruption = undefined;
    this.resume();
    await this.machine.waitFor(
      () =>
        this.interruption !== undefined ||
        (readPhase(this.machine.memory, this.layout) === Phase.HUMAN_TURN &&
          (!waiting || this.machine.memory.readU16(this.layout.moveCount) !== moves)),
      { timeoutMs: this.options.timeoutMs, what: "PISKASM.COM to wait for the human's click (HUMAN_TURN)" },
    );
    if (this.takeInterruption()) return this.pause();
    return this.pause().then((stop) => ({ ...stop, kind: "human-turn" as const }));
  }

  /** Runs freely again (the breakpoints stay set but are not armed until continue). */
  resume(): void {
    this.leaveStop();
    this.cpu.resume();
  }

  /** Puts back the interrupt vectors and every original byte, and lets the machine run. */
  detach(): void {
    this.interruption = "detach";
    this.disarmBreakpoints();
    this.leaveStop();
    this.restoreVector?.();
    this.restoreVector = undefined;
    this.unsubscribe();
    this.cpu.resume();
  }

  /** Linear address of a program offset (relocated by the load segment). */
  programLinear(offset: number): number {
    return this.linear(this.programSegment, offset);
  }

  private offsetOf(registers: CpuRegisters): number | undefined {
    return registers.cs === this.programSegment ? registers.ip : undefined;
  }

  private linear(segment: number, offset: number): number {
    return segment * 16 + (offset & 0xffff);
  }

  /** Runs one instruction: temporary INT 3s on its successors, nothing else armed. */
  private async singleStep(): Promise<void> {
    const stop = this.stopped ?? (await this.pause());
    const r = stop.registers;
    const offset = this.offsetOf(r);
    const next = offset === undefined ? undefined : this.symbols.nextLine(offset);
    if (offset === undefined || next === undefined)
      throw new Error(
        `cannot step at ${hexDigits(r.cs, 4)}:${hexDigits(r.ip, 4)}: it is not an instruction of PISKASM.COM (continue or run to HUMAN_TURN)`,
      );
    const targets = successors(this.machine.memory, r, next);
    if (targets.kind === "unknown")
      throw new Error(
        `cannot step ${stop.where?.text ?? ""}: ${targets.why}; set a breakpoint after it and continue`,
      );
    this.arm(targets.offsets);
    await this.runUntilTrap("step", "one instruction");
  }

  private async runUntilTrap(kind: StopKind, what: string): Promise<Stop> {
    this.interruption = undefined;
    if (await this.runToTrap(() => this.interruption !== undefined, what)) return this.takeTrap(kind);
    this.takeInterruption();
    return this.pause();
  }

  /** Runs from the stop until an armed INT 3 traps (true) or `until()` holds (false: nothing left armed). */
  private async runToTrap(until: () => boolean, what: string): Promise<boolean> {
    this.trapped = false;
    this.resume();
    await this.machine.waitFor(() => this.trapped || until(), { timeoutMs: this.options.timeoutMs, what });
    if (!this.trapped) this.disarmBreakpoints();
    return this.trapped;
  }

  /** After a wait that interrupt() or detach() ended: true for a pause; throws after a detach. */
  private takeInterruption(): boolean {
    const why = this.interruption;
    this.interruption = undefined;
    if (why === "detach") throw new DebuggerDetachedError();
    return why === "pause";
  }

  /** The stub has halted: pause, take the trap frame back into the CPU, put the original bytes back. */
  private takeTrap(kind: StopKind): Stop {
    this.cpu.pause();
    const frame = trapFrame(this.cpu, this.machine.memory);
    const ours = this.originals.has(this.linear(frame.cs, frame.ip - 1));
    this.disarmBreakpoints();
    leaveTrap(this.cpu, frame, ours ? frame.ip - 1 : frame.ip);
    this.holdInterrupts(frame.flags);
    return this.stopAt(kind);
  }

  private holdInterrupts(flags: number): void {
    this.heldInterruptFlag = flags & FLAG.IF;
    this.cpu.setFlags(flags & ~FLAG.IF);
  }

  /** Gives the program its IF back before it runs on. */
  private leaveStop(): void {
    if (this.stopped) this.cpu.setFlags(this.cpu.registers().flags | this.heldInterruptFlag);
    this.stopped = undefined;
  }

  private stopAt(kind: StopKind): Stop {
    const cpu = this.cpu.registers();
    const registers = { ...cpu, flags: cpu.flags | this.heldInterruptFlag };
    const offset = this.offsetOf(registers);
    this.stopped = {
      kind,
      registers,
      offset,
      where: offset === undefined ? undefined : this.symbols.where(offset),
    };
    return this.stopped;
  }

  private arm(offsets: Iterable<number>): void {
    for (const offset of offsets) {
      const linear = this.programLinear(offset);
      if (!this.originals.has(linear)) this.originals.set(linear, this.machine.memory.readU8(linear));
      this.cpu.write(linear, Uint8Array.of(INT3_OPCODE));
    }
  }

  private disarmBreakpoints(): void {
    for (const [linear, byte] of this.originals) this.cpu.write(linear, Uint8Array.of(byte));
    this.originals.clear();
  }
}

/** A command that was running when the debugger was detached (switched off): it ends without a stop. */
export class DebuggerDetachedError extends Error {
  constructor() {
    super("the debugger was switched off while the command ran");
    this.name = "DebuggerDetachedError";
  }
}
