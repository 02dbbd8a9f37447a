/**
 * Which basic blocks of PISKASM.COM ran and which conditional jumps went both ways, watched with the
 * INT 3 trap of debug/int3-trap.ts while the program runs at full speed (`piskasm diff --coverage`).
 *
 * - Every block start gets a one-shot INT 3: at its first hit the block is counted, its byte put
 *   back, and the program runs on from it. Once a block has run it costs nothing more.
 * - A direction of a conditional jump is proven by its successor's block when that successor has no
 *   other way in (debug/control-flow.ts). For a direction whose successor is also reached another way
 *   (a loop's head, a label two paths meet at) the jump itself gets an INT 3: at the trap the
 *   tracer evaluates the jump's condition on the trap frame's FLAGS (and CX for LOOP and JCXZ), then
 *   lets it run with a one-shot INT 3 on the successor it goes to, which puts the jump's INT 3 back.
 *   A jump is watched until its directions are seen, at most `watchLimit` times, and only during the
 *   first pass: after QUIET_GAMES games without a new block or direction every watch is let go.
 * Traps are taken at the end of the emulator's slice (CpuDebug.onSliceEnd) without pausing it. The
 * tracer writes nothing but the trap stub, INT 3's vector and the CCh bytes (each put back before its
 * instruction runs); the program never reads its own code, so it sees no difference.
 */
import type { Machine } from "../emu/types.js";
import { findGame, INT3_OPCODE } from "../guest/game-view.js";
import { FLAG, type CpuDebug, type CpuRegisters } from "../emu/cpu-debug.js";
import { JUMP_DIRECTIONS, type ConditionalJump, type Direction } from "./control-flow.js";
import { installTrap, leaveTrap, trapFrame } from "./int3-trap.js";

/** What the tracer watches (serialisable: it goes to the worker threads). */
export interface CoveragePlan {
  blocks: number[];
  jumps: WatchedJump[];
  /** The program's bytes at every watched offset, checked against the running program. */
  bytes: Array<[number, number]>;
  /**
   * The linear address of the small DOS's `retf` into a program it has just loaded (kernel.lst's
   * enter_program): a program run again after it ended is fresh from the disk, without the tracer's
   * INT 3s, so the tracer plants them again there, before the program's first instruction. Absent, or
   * not a `retf` in the running machine (another DOS): programs run again are not traced.
   */
  programEntry?: number;
}

/** A jump to watch: what the tracer needs of a ConditionalJump. */
export type WatchedJump = Pick<
  ConditionalJump,
  "offset" | "opcode" | "taken" | "notTaken" | "provenBySuccessor"
>;

/** What one or more runs saw. */
export interface CoverageHits {
  blocks: number[];
  /** Directions the tracer saw the jump itself take (those proven by successors are in `blocks`). */
  directions: Array<[number, Direction]>;
  /** Jumps whose watch limit ran out before all their directions were seen. */
  exhausted: number[];
  /** INT 3 traps taken. */
  traps: number;
}

/**
 * How many times a jump is trapped at most, per emulator. Each watch costs two traps and four writes
 * into the code page (which makes v86 compile that page again), so a jump that never goes one way
 * (a direction that cannot happen) must not be watched for the whole run.
 */
export const DEFAULT_WATCH_LIMIT = 4096;
/**
 * Games in a row that find no new block and no new direction, after which the watched jumps are let go
 * (their CCh bytes put back): the first pass is over and the run goes on without writes to its code.
 */
export const QUIET_GAMES = 10;

const BLOCK = 1;
const PROBE = 2;
const REARM = 4;
/** The program's first instruction: the INT 3 at the DOS's entry goes back in once it has passed. */
const ENTRY = 8;
/** The COM's first instruction, where the DOS's entry lands. */
const COM_START = 0x100;
const RETF_OPCODE = 0xcb;

/** Whether a conditional jump at its trap will go to its target. */
export function jumpTaken(opcode: number, flags: number, cx: number): boolean {
  const f = (bit: number): boolean => (flags & bit) !== 0;
  const less = f(FLAG.SF) !== f(FLAG.OF);
  const loopsOn = ((cx - 1) & 0xffff) !== 0;
  if (opcode === 0xe0) return loopsOn && !f(FLAG.ZF);
  if (opcode === 0xe1) return loopsOn && f(FLAG.ZF);
  if (opcode === 0xe2) return loopsOn;
  if (opcode === 0xe3) return cx === 0;
  const base = [
    f(FLAG.OF),
    f(FLAG.CF),
    f(FLAG.ZF),
    f(FLAG.CF) || f(FLAG.ZF),
    f(FLAG.SF),
    f(FLAG.PF),
    less,
    less || f(FLAG.ZF),
  ];
  return base[(opcode >> 1) & 7] !== ((opcode & 1) === 1);
}

export class CoverageTracer {
  private readonly cpu: CpuDebug;
  private readonly segment: number;
  /** Roles of each armed offset (BLOCK, PROBE, REARM bits). */
  private readonly roles = new Map<number, number>();
  /** A REARM offset: the jump whose INT 3 goes back when it is reached. */
  private readonly rearmJump = new Map<number, number>();
  private readonly originals = new Map<number, number>();
  private readonly blocksHit = new Set<number>();
  private readonly seen = new Map<number, Set<Direction>>();
  private readonly watched = new Map<number, { jump: WatchedJump; left: number }>();
  private readonly exhausted = new Set<number>();
  private trapped = false;
  private traps = 0;
  /** Blocks and directions seen: a game that adds none is a quiet one. */
  private found = 0;
  private foundAtLastGame = 0;
  private quietGames = 0;
  private readonly detachers: Array<() => void> = [];

  constructor(
    private readonly machine: Machine,
    private readonly plan: CoveragePlan,
    private readonly watchLimit = DEFAULT_WATCH_LIMIT,
  ) {
    if (!machine.debug) throw new Error("this machine offers no CPU debugging: coverage needs it");
    const layout = findGame(machine.memory);
    if (!layout) throw new Error("PISKASM.COM is not running: coverage needs its segment");
    this.cpu = machine.debug;
    this.segment = layout.segmentBase >> 4;
    for (const [offset, byte] of plan.bytes) {
      if (machine.memory.readU8(this.linear(offset)) !== byte) {
        throw new Error(
          `the running PISKASM.COM differs from the one the coverage plan was made of (offset ${offset.toString(16)}h): rebuild with make`,
        );
      }
    }
  }

  /** The DOS's entry into a loaded program, while the tracer watches it. */
  private entry: number | undefined;

  /** Points INT 3 at the stub and arms every block start and every jump to watch. */
  attach(): void {
    this.detachers.push(installTrap(this.cpu, this.machine.memory));
    const entry = this.plan.programEntry;
    if (entry !== undefined && this.machine.memory.readU8(entry) === RETF_OPCODE) {
      this.entry = entry;
      this.cpu.write(entry, Uint8Array.of(INT3_OPCODE));
      this.detachers.push(() => this.cpu.write(entry, Uint8Array.of(RETF_OPCODE)));
    }
    this.detachers.push(this.cpu.onHaltWithInterruptsOff(() => (this.trapped = true)));
    this.detachers.push(this.cpu.onSliceEnd(() => this.takeTrap()));
    for (const block of this.plan.blocks) this.addRole(block, BLOCK);
    for (const jump of this.plan.jumps) {
      if (jump.provenBySuccessor.length === 2) continue;
      this.watched.set(jump.offset, { jump, left: this.watchLimit });
      this.addRole(jump.offset, PROBE);
    }
  }

  /** Puts back every byte and the vector. */
  detach(): void {
    for (const offset of [...this.roles.keys()]) this.restore(offset);
    for (const undo of this.detachers.splice(0).reverse()) undo();
  }

  /** Called after each game: after QUIET_GAMES games without anything new, the watched jumps are let go. */
  gameOver(): void {
    this.quietGames = this.found === this.foundAtLastGame ? this.quietGames + 1 : 0;
    this.foundAtLastGame = this.found;
    if (this.quietGames < QUIET_GAMES || this.watched.size === 0) return;
    for (const offset of this.watched.keys()) this.exhausted.add(offset);
    this.watched.clear();
    this.rearmJump.clear();
    for (const [offset, roles] of this.roles) {
      const left = roles & BLOCK;
      if (left === roles) continue;
      if (left) this.roles.set(offset, left);
      else this.restore(offset);
    }
  }

  /** The program bytes an INT 3 of this tracer stands on now (linear address -> the byte as loaded); live. */
  plantedBytes(): ReadonlyMap<number, number> {
    return this.originals;
  }

  hits(): CoverageHits {
    const directions: Array<[number, Direction]> = [];
    for (const [offset, set] of this.seen) for (const d of set) directions.push([offset, d]);
    return { blocks: [...this.blocksHit], directions, exhausted: [...this.exhausted], traps: this.traps };
  }

  private linear(offset: number): number {
    return this.segment * 16 + offset;
  }

  private addRole(offset: number, role: number): void {
    const linear = this.linear(offset);
    if (!this.originals.has(linear)) {
      this.originals.set(linear, this.machine.memory.readU8(linear));
      this.cpu.write(linear, Uint8Array.of(INT3_OPCODE));
    }
    this.roles.set(offset, (this.roles.get(offset) ?? 0) | role);
  }

  /** Drops every role of `offset` and puts its byte back. */
  private restore(offset: number): void {
    this.roles.delete(offset);
    const linear = this.linear(offset);
    const original = this.originals.get(linear);
    this.originals.delete(linear);
    if (original !== undefined) this.cpu.write(linear, Uint8Array.of(original));
  }

  private takeTrap(): void {
    if (!this.trapped) return;
    this.trapped = false;
    const frame = trapFrame(this.cpu, this.machine.memory);
    const offset = (frame.ip - 1) & 0xffff;
    if (this.entry !== undefined && frame.cs * 16 + offset === this.entry) {
      this.enterProgram();
      leaveTrap(this.cpu, frame, offset);
      return;
    }
    const roles = frame.cs === this.segment ? (this.roles.get(offset) ?? 0) : 0;
    if (roles === 0) return;
    this.traps++;
    this.restore(offset);
    if (roles & ENTRY && this.entry !== undefined) this.cpu.write(this.entry, Uint8Array.of(INT3_OPCODE));
    if (roles & BLOCK) {
      this.blocksHit.add(offset);
      this.found++;
    }
    if (roles & REARM) this.rearm(offset);
    if (roles & PROBE) this.probe(offset, frame.flags, this.cpu.registers());
    leaveTrap(this.cpu, frame, offset);
  }

  /**
   * The DOS is about to start a program it has just loaded: when it is this PISKASM.COM again (same
   * segment, same bytes), every INT 3 still wanted goes in again over the fresh bytes; the entry's own
   * byte is put back and armed again once the program's first instruction is reached.
   */
  private enterProgram(): void {
    const entry = this.entry;
    if (entry === undefined) return;
    this.cpu.write(entry, Uint8Array.of(RETF_OPCODE));
    const same = this.plan.bytes.every(
      ([offset, byte]) => this.machine.memory.readU8(this.linear(offset)) === byte,
    );
    if (!same) return;
    for (const offset of this.roles.keys()) {
      const linear = this.linear(offset);
      this.originals.set(linear, this.machine.memory.readU8(linear));
      this.cpu.write(linear, Uint8Array.of(INT3_OPCODE));
    }
    this.addRole(COM_START, ENTRY);
  }

  /** The jump at `offset` is about to run: note where it goes; watch it again once it has gone. */
  private probe(offset: number, flags: number, registers: CpuRegisters): void {
    const entry = this.watched.get(offset);
    if (!entry) return;
    const { jump } = entry;
    const direction: Direction = jumpTaken(jump.opcode, flags, registers.cx) ? "taken" : "not-taken";
    const seen = this.seen.get(offset) ?? new Set<Direction>();
    if (!seen.has(direction)) this.found++;
    seen.add(direction);
    this.seen.set(offset, seen);
    const wanted = JUMP_DIRECTIONS.filter((d) => !seen.has(d) && !jump.provenBySuccessor.includes(d));
    entry.left--;
    if (wanted.length === 0 || entry.left <= 0) {
      if (wanted.length > 0) this.exhausted.add(offset);
      this.watched.delete(offset);
      return;
    }
    const next = direction === "taken" ? jump.taken : jump.notTaken;
    this.rearmJump.set(next, offset);
    this.addRole(next, REARM);
  }

  private rearm(offset: number): void {
    const jump = this.rearmJump.get(offset);
    this.rearmJump.delete(offset);
    if (jump !== undefined && this.watched.has(jump)) this.addRole(jump, PROBE);
  }
}
