/**
 * A small 8086 interpreter for the equivalence models of mutate/asm-equivalence.ts: it runs one routine
 * of PISKASM.COM's bytes (the original's or a mutant's) in a 64 KB segment (CS = DS = ES = SS), from its
 * entry to the `ret` that leaves it. It knows the instructions those routines are made of and no more:
 * any other opcode, a step budget run out, or a read or write outside the allowed memory ends the run
 * with Unproven (the model then proves nothing).
 *
 * Every register carries, beside its value, a mask of unknown bits: an input the model does not
 * enumerate (a register holding an address, or the leftover bits of a plane). Results computed from
 * unknown bits are unknown; a jump on a flag that depends on them, or a memory address that does, is
 * Unproven: the run would depend on an input the model did not try.
 */

/** The run cannot be followed (the model proves nothing about this mutant). */
export class Unproven extends Error {}

/** A register's value and its unknown bits. */
interface Word {
  v: number;
  u: number;
}

/** A flag: 0, 1, or undefined (depends on unknown bits). */
type Flag = 0 | 1 | undefined;

/** AX CX DX BX SP BP SI DI, by their encoding. */
export const REG = { ax: 0, cx: 1, dx: 2, bx: 3, sp: 4, bp: 5, si: 6, di: 7 } as const;

export interface Cpu {
  regs: Word[];
  cf: Flag;
  zf: Flag;
  sf: Flag;
  of: Flag;
  ip: number;
}

export interface RunLimits {
  /** Ranges of bytes [from, to) that may be read. */
  readable: readonly (readonly [number, number])[];
  /** Bytes [from, to) that may be written (none when absent). */
  writable?: readonly [number, number];
  steps: number;
}

const KNOWN = (v: number): Word => ({ v: v & 0xffff, u: 0 });

/** Each register's unknown input: one object each, so a register that still holds its own is kept. */
const UNKNOWN: readonly Word[] = Array.from({ length: 8 }, () => Object.freeze({ v: 0, u: 0xffff }));

/** Flags of a logical result (CF = OF = 0). */
function logicFlags(cpu: Cpu, r: Word): void {
  cpu.cf = 0;
  cpu.of = 0;
  cpu.zf = (r.v & ~r.u & 0xffff) !== 0 ? 0 : r.u !== 0 ? undefined : 1;
  cpu.sf = r.u & 0x8000 ? undefined : r.v & 0x8000 ? 1 : 0;
}

/** Flags and result of add/sub/cmp; any unknown operand bit makes them all unknown. */
function arith(cpu: Cpu, op: "add" | "sub" | "adc", a: Word, b: Word): Word {
  const carry = op === "adc" ? cpu.cf : 0;
  if (a.u !== 0 || b.u !== 0 || carry === undefined) {
    cpu.cf = cpu.zf = cpu.sf = cpu.of = undefined;
    return { v: 0, u: 0xffff };
  }
  const raw = op === "sub" ? a.v - b.v : a.v + b.v + carry;
  const r = raw & 0xffff;
  cpu.cf = op === "sub" ? (raw < 0 ? 1 : 0) : raw > 0xffff ? 1 : 0;
  cpu.zf = r === 0 ? 1 : 0;
  cpu.sf = r & 0x8000 ? 1 : 0;
  const sa = a.v & 0x8000,
    sb = b.v & 0x8000,
    sr = r & 0x8000;
  cpu.of = (op === "sub" ? sa !== sb && sr !== sa : sa === sb && sr !== sa) ? 1 : 0;
  return { v: r, u: 0 };
}

function known(flag: Flag, what: string): 0 | 1 {
  if (flag === undefined)
    throw new Unproven(`a jump on ${what} depends on bits the model does not enumerate`);
  return flag;
}

/** Conditions of Jcc by their low nibble: jo jb je jbe js jp jl jle, each then its negation (bit 0). */
const CONDITIONS: readonly ((c: Cpu) => boolean)[] = [
  (c: Cpu) => known(c.of, "OF") === 1,
  (c: Cpu) => known(c.cf, "CF") === 1,
  (c: Cpu) => known(c.zf, "ZF") === 1,
  (c: Cpu) => known(c.cf, "CF") === 1 || known(c.zf, "ZF") === 1,
  (c: Cpu) => known(c.sf, "SF") === 1,
  (): boolean => {
    throw new Unproven("jp/jnp: the parity flag is not modelled");
  },
  (c: Cpu) => known(c.sf, "SF") !== known(c.of, "OF"),
  (c: Cpu) => known(c.zf, "ZF") === 1 || known(c.sf, "SF") !== known(c.of, "OF"),
].flatMap((test) => [test, (c: Cpu) => !test(c)]);

/** A decoded ModR/M operand: a register or a memory address. */
type Operand = { reg: number } | { address: number };

export class Machine {
  readonly memory: Uint8Array;
  readonly cpu: Cpu;
  /** Return addresses of the calls made inside the run. */
  private readonly calls: number[] = [];
  private limits: RunLimits = { readable: [], steps: 0 };
  /** 1 for each readable byte of the segment (the limits of the last run). */
  private readonly readable = new Uint8Array(0x10000);

  constructor(image: Uint8Array) {
    this.memory = new Uint8Array(0x10000);
    this.memory.set(image, 0x100);
    this.cpu = { regs: Array.from({ length: 8 }, () => KNOWN(0)), cf: 0, zf: 0, sf: 0, of: 0, ip: 0 };
  }

  /** Every register and flag unknown: what a routine finds that the model does not set. */
  forget(): void {
    for (let r = 0; r < 8; r++) this.cpu.regs[r] = UNKNOWN[r];
    this.cpu.cf = this.cpu.zf = this.cpu.sf = this.cpu.of = undefined;
  }

  set(reg: number, value: number, unknown = 0): void {
    this.cpu.regs[reg] = { v: value & 0xffff, u: unknown & 0xffff };
  }

  get(reg: number): Word {
    return this.cpu.regs[reg];
  }

  /** Runs from `entry` until its `ret` (calls made on the way return into it). */
  run(entry: number, limits: RunLimits): void {
    if (limits !== this.limits) {
      this.readable.fill(0);
      for (const [from, to] of limits.readable) this.readable.fill(1, from, to);
    }
    this.limits = limits;
    this.calls.length = 0;
    this.cpu.ip = entry;
    for (let step = 0; step < limits.steps; step++) if (this.step()) return;
    throw new Unproven(`no return within ${limits.steps} instructions`);
  }

  private byte(address: number): number {
    if (this.readable[address] === 0)
      throw new Unproven(`a read at ${address.toString(16)}h outside the modelled memory`);
    return this.memory[address];
  }

  readWord(address: number): number {
    return this.byte(address) | (this.byte((address + 1) & 0xffff) << 8);
  }

  private writeWord(address: number, value: number): void {
    const [from, to] = this.limits.writable ?? [0, 0];
    if (address < from || address + 1 >= to)
      throw new Unproven(`a write at ${address.toString(16)}h outside the modelled memory`);
    this.memory[address] = value & 0xff;
    this.memory[address + 1] = (value >> 8) & 0xff;
  }

  private fetch(): number {
    const b = this.byte(this.cpu.ip);
    this.cpu.ip = (this.cpu.ip + 1) & 0xffff;
    return b;
  }

  private fetchWord(): number {
    return this.fetch() | (this.fetch() << 8);
  }

  private fetchSigned(): number {
    const b = this.fetch();
    return b & 0x80 ? b - 0x100 : b;
  }

  /** Reads a ModR/M byte: the reg field and the r/m operand. */
  private modrm(): { reg: number; operand: Operand } {
    const m = this.fetch();
    const mod = m >> 6,
      reg = (m >> 3) & 7,
      rm = m & 7;
    if (mod === 3) return { reg, operand: { reg: rm } };
    if (mod === 0 && rm === 6) return { reg, operand: { address: this.fetchWord() } };
    const r = this.cpu.regs;
    const pairs: readonly (readonly number[])[] = [[3, 6], [3, 7], [5, 6], [5, 7], [6], [7], [5], [3]];
    let address = 0;
    for (const i of pairs[rm]) {
      if (r[i].u !== 0) throw new Unproven("a memory address depends on bits the model does not enumerate");
      address += r[i].v;
    }
    if (mod === 1) address += this.fetchSigned();
    else if (mod === 2) address += this.fetchWord();
    return { reg, operand: { address: address & 0xffff } };
  }

  private load(operand: Operand): Word {
    return "reg" in operand ? this.cpu.regs[operand.reg] : KNOWN(this.readWord(operand.address));
  }

  private store(operand: Operand, value: Word): void {
    if ("reg" in operand) this.cpu.regs[operand.reg] = value;
    else if (value.u !== 0) throw new Unproven("a store of bits the model does not enumerate");
    else this.writeWord(operand.address, value.v);
  }

  /** The ALU group (81, 83, 01..3B): add or adc and sub xor cmp on words. */
  private alu(op: number, a: Word, b: Word): Word | undefined {
    switch (op) {
      case 0:
        return arith(this.cpu, "add", a, b);
      case 2:
        return arith(this.cpu, "adc", a, b);
      case 5:
        return arith(this.cpu, "sub", a, b);
      case 7:
        arith(this.cpu, "sub", a, b);
        return undefined;
      case 1:
      case 4:
      case 6: {
        const v = op === 1 ? a.v | b.v : op === 4 ? a.v & b.v : a.v ^ b.v;
        // Known ones of an OR, known zeros of an AND are known whatever the other side holds.
        const u =
          op === 1
            ? (a.u | b.u) & ~((a.v & ~a.u) | (b.v & ~b.u))
            : op === 4
              ? (a.u | b.u) & ~((~a.v & ~a.u) | (~b.v & ~b.u))
              : a.u | b.u;
        const r = { v: v & 0xffff, u: u & 0xffff };
        logicFlags(this.cpu, r);
        return r;
      }
      default:
        throw new Unproven(`ALU operation ${op} (sbb) is not modelled`);
    }
  }

  /** Shifts by one (D1): rcl, shl, shr. */
  private shift(op: number, a: Word): Word {
    const c = this.cpu;
    if (op === 4 || op === 2) {
      const carryIn = op === 2 ? c.cf : 0;
      const v = ((a.v << 1) | (carryIn ?? 0)) & 0xffff;
      const u = ((a.u << 1) | (carryIn === undefined ? 1 : 0)) & 0xffff;
      c.cf = a.u & 0x8000 ? undefined : a.v & 0x8000 ? 1 : 0;
      if (op === 4) logicFlagsKeepCarry(c, { v, u });
      return { v, u };
    }
    if (op === 5) {
      const r = { v: a.v >>> 1, u: a.u >>> 1 };
      const cf: Flag = a.u & 1 ? undefined : ((a.v & 1) as 0 | 1);
      logicFlags(c, r);
      c.cf = cf;
      c.of = a.u & 0x8000 ? undefined : ((a.v >>> 15) as 0 | 1);
      return r;
    }
    throw new Unproven(`shift operation ${op} is not modelled`);
  }

  private jump(taken: boolean, displacement: number): void {
    if (taken) this.cpu.ip = (this.cpu.ip + displacement) & 0xffff;
  }

  /** One instruction; true when it was the `ret` that leaves the routine. */
  private step(): boolean {
    const c = this.cpu;
    const op = this.fetch();
    if (op >= 0x70 && op <= 0x7f) {
      const d = this.fetchSigned();
      this.jump(CONDITIONS[op & 15](c), d);
      return false;
    }
    if (op >= 0xb8 && op <= 0xbf) {
      c.regs[op - 0xb8] = KNOWN(this.fetchWord());
      return false;
    }
    if (op >= 0x40 && op <= 0x4f) {
      const r = op & 7;
      const carry = c.cf;
      c.regs[r] = arith(c, op < 0x48 ? "add" : "sub", c.regs[r], KNOWN(1));
      c.cf = carry;
      return false;
    }
    if (op <= 0x3b && (op & 7) <= 3 && (op & 1) === 1) {
      const { reg, operand } = this.modrm();
      const toReg = (op & 2) !== 0;
      if ((op >> 3 === 6 || op >> 3 === 5) && "reg" in operand && operand.reg === reg) {
        // xor r, r and sub r, r: zero, whatever r held.
        c.regs[reg] = KNOWN(0);
        logicFlags(c, c.regs[reg]);
        return false;
      }
      const [a, b] = toReg ? [c.regs[reg], this.load(operand)] : [this.load(operand), c.regs[reg]];
      const r = this.alu(op >> 3, a, b);
      if (r) {
        if (toReg) c.regs[reg] = r;
        else this.store(operand, r);
      }
      return false;
    }
    return this.other(op);
  }

  private other(op: number): boolean {
    const c = this.cpu;
    switch (op) {
      case 0x81:
      case 0x83: {
        const { reg, operand } = this.modrm();
        const imm = op === 0x81 ? this.fetchWord() : this.fetchSigned() & 0xffff;
        const r = this.alu(reg, this.load(operand), KNOWN(imm));
        if (r) this.store(operand, r);
        return false;
      }
      case 0x85:
      case 0xf7: {
        const { reg, operand } = this.modrm();
        if (op === 0xf7 && reg !== 0) throw new Unproven(`F7 /${reg} is not modelled`);
        const b = op === 0x85 ? c.regs[reg] : KNOWN(this.fetchWord());
        this.alu(4, this.load(operand), b);
        return false;
      }
      case 0xa9:
        this.alu(4, c.regs[REG.ax], KNOWN(this.fetchWord()));
        return false;
      case 0x89:
      case 0x8b: {
        const { reg, operand } = this.modrm();
        if (op === 0x89) this.store(operand, c.regs[reg]);
        else c.regs[reg] = this.load(operand);
        return false;
      }
      case 0xc7: {
        const { reg, operand } = this.modrm();
        if (reg !== 0) throw new Unproven(`C7 /${reg} is not an instruction`);
        this.store(operand, KNOWN(this.fetchWord()));
        return false;
      }
      case 0xd1: {
        const { reg, operand } = this.modrm();
        this.store(operand, this.shift(reg, this.load(operand)));
        return false;
      }
      default:
        return this.control(op);
    }
  }

  private control(op: number): boolean {
    const c = this.cpu;
    switch (op) {
      case 0x14: {
        // adc al, imm8
        const ax = c.regs[REG.ax];
        const imm = this.fetch();
        const carry = known(c.cf, "CF");
        if (ax.u & 0xff) throw new Unproven("adc al on bits the model does not enumerate");
        const raw = (ax.v & 0xff) + imm + carry;
        c.regs[REG.ax] = { v: (ax.v & 0xff00) | (raw & 0xff), u: ax.u & 0xff00 };
        c.cf = raw > 0xff ? 1 : 0;
        c.zf = (raw & 0xff) === 0 ? 1 : 0;
        c.sf = raw & 0x80 ? 1 : 0;
        c.of = undefined;
        return false;
      }
      case 0xe2: {
        const d = this.fetchSigned();
        const cx = c.regs[REG.cx];
        if (cx.u !== 0) throw new Unproven("loop on a count the model does not enumerate");
        c.regs[REG.cx] = KNOWN(cx.v - 1);
        this.jump(((cx.v - 1) & 0xffff) !== 0, d);
        return false;
      }
      case 0xeb:
        this.jump(true, this.fetchSigned());
        return false;
      case 0xe9:
        this.jump(true, this.fetchWord());
        return false;
      case 0xe8: {
        const d = this.fetchWord();
        this.calls.push(c.ip);
        this.jump(true, d);
        return false;
      }
      case 0xc3: {
        const back = this.calls.pop();
        if (back === undefined) return true;
        c.ip = back;
        return false;
      }
      case 0x90:
        return false;
      default:
        throw new Unproven(`opcode ${op.toString(16)}h at ${(c.ip - 1).toString(16)}h is not modelled`);
    }
  }
}

/** ZF SF of a shift left, CF already set. */
function logicFlagsKeepCarry(cpu: Cpu, r: Word): void {
  const carry = cpu.cf;
  logicFlags(cpu, r);
  cpu.cf = carry;
  cpu.of = undefined;
}
