/**
 * Where the instruction at CS:IP can go next, for single steps with INT 3 breakpoints (v86 does not
 * raise INT 1 for the trap flag): the next instruction, and for jumps, calls, loops and returns their
 * target. Decodes the 8086 control transfers a COM program uses; anything else falls through. A far
 * or indirect-through-memory transfer it cannot follow is reported, so the caller can say so.
 */
import type { GuestMemory } from "../emu/types.js";
import type { CpuRegisters } from "../emu/cpu-debug.js";
import { s16, s8 } from "./x86-decode.js";

export type Successors = { kind: "known"; offsets: number[] } | { kind: "unknown"; why: string };

const REG16: readonly (keyof CpuRegisters)[] = ["ax", "cx", "dx", "bx", "sp", "bp", "si", "di"];

/** `next` is the offset of the following instruction (from the symbol map). */
export function successors(memory: GuestMemory, r: CpuRegisters, next: number): Successors {
  const at = (i: number): number => memory.readU8(r.cs * 16 + ((r.ip + i) & 0xffff));
  const word = (i: number): number => at(i) | (at(i + 1) << 8);
  const op = at(0);
  const both = (target: number): Successors => ({ kind: "known", offsets: [next, target & 0xffff] });
  if ((op >= 0x70 && op <= 0x7f) || (op >= 0xe0 && op <= 0xe3)) return both(next + s8(at(1)));
  if (op === 0xeb) return { kind: "known", offsets: [(next + s8(at(1))) & 0xffff] };
  if (op === 0xe9 || op === 0xe8) return { kind: "known", offsets: [(next + s16(word(1))) & 0xffff] };
  if (op === 0xc3 || op === 0xc2) return { kind: "known", offsets: [memory.readU16(r.ss * 16 + r.sp)] };
  if (op === 0xff) {
    const modrm = at(1);
    const reg = (modrm >> 3) & 7;
    if (reg === 2 || reg === 4) {
      if (modrm >> 6 === 3) return { kind: "known", offsets: [r[REG16[modrm & 7]] & 0xffff] };
      return { kind: "unknown", why: "an indirect call or jump through memory" };
    }
  }
  if ([0x9a, 0xea, 0xca, 0xcb, 0xcf].includes(op))
    return { kind: "unknown", why: "a far call, jump or return" };
  return { kind: "known", offsets: [next] };
}
