/**
 * The length and the control transfer of one 8086 instruction, for cutting PISKASM.COM into basic
 * blocks (debug/control-flow.ts). Only what `cpu 8086` lets NASM emit is known: the 80186+ opcodes
 * (C0h, C1h, C8h, C9h, 60h-6Fh ...) are refused, so a listing line that is not code is noticed
 * instead of being cut into nonsense instructions.
 */

/** What an instruction does to the flow of control. */
export type Transfer =
  /** Runs on to the next instruction (INT and HLT too: the program continues after them). */
  | { kind: "next" }
  /** Jcc, LOOP, LOOPZ, LOOPNZ, JCXZ: to `target` or to the next instruction. */
  | { kind: "branch"; target: number }
  | { kind: "jump"; target: number }
  /** CALL near: to `target`, and back to the next instruction. */
  | { kind: "call"; target: number }
  /** RET, IRET, far transfers, jumps and calls through a register or memory: where to is not in the code. */
  | { kind: "leave" };

export interface Instruction {
  offset: number;
  length: number;
  transfer: Transfer;
}

const PREFIXES = new Set([0x26, 0x2e, 0x36, 0x3e, 0xf0, 0xf2, 0xf3]);

/** The size of the immediate of an opcode with a ModRM byte (F6h and F7h apart); undefined without ModRM. */
function modrmImmediate(op: number): number | undefined {
  if (op < 0x40 && (op & 7) < 4) return 0;
  if (op === 0x80 || op === 0x82 || op === 0x83) return 1;
  if (op === 0x81) return 2;
  if (op >= 0x84 && op <= 0x8f) return 0;
  if (op === 0xc4 || op === 0xc5 || op === 0xfe || op === 0xff) return 0;
  if (op === 0xc6) return 1;
  if (op === 0xc7) return 2;
  if ((op >= 0xd0 && op <= 0xd3) || (op >= 0xd8 && op <= 0xdf)) return 0;
  return undefined;
}

/** Length of the opcodes without ModRM. */
function plainLength(op: number): number | undefined {
  if (op < 0x40) return (op & 7) === 4 ? 2 : (op & 7) === 5 ? 3 : 1;
  if (op < 0x60 || (op >= 0x90 && op <= 0x99) || (op >= 0x9b && op <= 0x9f)) return 1;
  if (
    (op >= 0x70 && op <= 0x7f) ||
    (op >= 0xe0 && op <= 0xe7) ||
    op === 0xeb ||
    op === 0xcd ||
    op === 0xd4 ||
    op === 0xd5
  )
    return 2;
  if ((op >= 0xa0 && op <= 0xa3) || op === 0xa9 || op === 0xc2 || op === 0xca || op === 0xe8 || op === 0xe9)
    return 3;
  if ((op >= 0xa4 && op <= 0xa7) || (op >= 0xaa && op <= 0xaf)) return 1;
  if (op === 0xa8 || (op >= 0xb0 && op <= 0xb7)) return 2;
  if (op >= 0xb8 && op <= 0xbf) return 3;
  if (op === 0x9a || op === 0xea) return 5;
  if (op === 0xc3 || op === 0xcb || op === 0xcc || op === 0xce || op === 0xcf || op === 0xd6 || op === 0xd7)
    return 1;
  if ((op >= 0xec && op <= 0xef) || op === 0xf4 || op === 0xf5 || (op >= 0xf8 && op <= 0xfd)) return 1;
  return undefined;
}

function modrmLength(modrm: number): number {
  const mod = modrm >> 6;
  if (mod === 3) return 1;
  if (mod === 1) return 2;
  if (mod === 2 || (modrm & 7) === 6) return 3;
  return 1;
}

/** A byte and a word read as signed (8086 displacements). */
export const s8 = (b: number): number => (b << 24) >> 24;
export const s16 = (w: number): number => (w << 16) >> 16;

/**
 * Decodes the instruction at `offset`; `byteAt(o)` reads the program's byte at offset `o`. Throws for
 * an opcode the 8086 does not have.
 */
export function decode(byteAt: (offset: number) => number, offset: number): Instruction {
  let at = offset;
  while (PREFIXES.has(byteAt(at))) at++;
  const op = byteAt(at);
  const immediate = modrmImmediate(op);
  let length: number;
  if (immediate !== undefined) {
    length = at - offset + 1 + modrmLength(byteAt(at + 1)) + immediate;
  } else if (op === 0xf6 || op === 0xf7) {
    // TEST r/m, imm (/0, /1) has an immediate of the operand's size; NOT, NEG, MUL ... have none.
    const modrm = byteAt(at + 1);
    length = at - offset + 1 + modrmLength(modrm) + (((modrm >> 3) & 7) < 2 ? op - 0xf5 : 0);
  } else {
    const plain = plainLength(op);
    if (plain === undefined)
      throw new Error(`no 8086 instruction at ${offset.toString(16)}h (opcode ${op.toString(16)}h)`);
    length = at - offset + plain;
  }
  const next = (offset + length) & 0xffff;
  return { offset, length, transfer: transferOf(op, byteAt, at, next) };
}

function transferOf(op: number, byteAt: (offset: number) => number, at: number, next: number): Transfer {
  const rel8 = (): number => (next + s8(byteAt(at + 1))) & 0xffff;
  const rel16 = (): number => (next + s16(byteAt(at + 1) | (byteAt(at + 2) << 8))) & 0xffff;
  if ((op >= 0x70 && op <= 0x7f) || (op >= 0xe0 && op <= 0xe3)) return { kind: "branch", target: rel8() };
  if (op === 0xeb) return { kind: "jump", target: rel8() };
  if (op === 0xe9) return { kind: "jump", target: rel16() };
  if (op === 0xe8) return { kind: "call", target: rel16() };
  if ([0xc2, 0xc3, 0xca, 0xcb, 0xcf, 0x9a, 0xea].includes(op)) return { kind: "leave" };
  if (op === 0xff && [2, 3, 4, 5].includes((byteAt(at + 1) >> 3) & 7)) return { kind: "leave" };
  return { kind: "next" };
}
