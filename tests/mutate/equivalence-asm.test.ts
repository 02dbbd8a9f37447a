/**
 * Equivalence of asm mutants checked by machine (mutate/asm-equivalence.ts): the 8086 models prove
 * the survivors they can, and refuse a sibling mutant that changes an answer.
 */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { asmMachineCheck } from "../../mutate/asm-equivalence.js";
import { readAsmSource } from "../../mutate/asm-source.js";
import { Machine, REG, Unproven } from "../../mutate/equivalence-8086.js";
import { findMutant } from "./mutants.js";

const ASM = resolve("asm");
const source = readAsmSource(ASM);

describe("machine-checked equivalence of asm mutants", () => {
  it("proves build_bodovani's loop bound less one equivalent (model tables: the same BSS)", async () => {
    const mutant = findMutant("build_bodovani", "cmp si, bodovani_rules_end", "immediate-1");
    expect(await asmMachineCheck(ASM, source, mutant)).toBe("tables");
  }, 60_000);

  it("proves the defence length-7 table one mask short equivalent, and refuses one with a wrong excluded set", async () => {
    const short = findMutant("bodovani_rules", "dw 128, 63h, defence_l7", "word-1");
    expect(await asmMachineCheck(ASM, source, short)).toBe("tables");
    const excluded = findMutant("bodovani_rules", "dw 128, 63h, defence_l7", "word+1", 2);
    expect(await asmMachineCheck(ASM, source, excluded)).toBeUndefined();
  }, 60_000);

  it("proves a lonely side's window test reading position 0 equivalent over every line (model windows)", async () => {
    const mutant = findMutant("side_best", "test cx, 1Fh << 3", "immediate+1");
    expect(await asmMachineCheck(ASM, source, mutant)).toBe("windows");
  }, 120_000);

  it("refuses the inverted jump into the lonely shortcut, which changes scores", async () => {
    const mutant = findMutant("side_best", "jz .lonely", "jump-invert");
    expect(await asmMachineCheck(ASM, source, mutant)).toBeUndefined();
  }, 120_000);

  it("proves the NEAR_CELLS constant plus one equivalent (its only reader is side_best)", async () => {
    const mutant = findMutant("constants@engine", "NEAR_CELLS equ 0FBEh", "constant+1");
    expect(await asmMachineCheck(ASM, source, mutant)).toBe("windows");
  }, 120_000);

  it("leaves a mutant outside the models unproven", async () => {
    const mutant = findMutant("first_move", "mov bh, 0", "remove");
    expect(await asmMachineCheck(ASM, source, mutant)).toBeUndefined();
  }, 60_000);
});

describe("the 8086 interpreter of the asm models", () => {
  // test dx, 8000h / jz +0 / ret (at 100h), then mov ax, [bx] / ret (at 107h).
  const code = Uint8Array.from([0xf7, 0xc2, 0x00, 0x80, 0x74, 0x00, 0xc3, 0x8b, 0x07, 0xc3]);
  const limits = { readable: [[0x100, 0x10a]] as const, steps: 10 };

  it("follows a jump on known bits and refuses one on bits the model does not enumerate", () => {
    const m = new Machine(code);
    m.set(REG.dx, 0x8000, 0x6000);
    m.run(0x100, limits);
    m.set(REG.dx, 0x0000, 0x8000);
    expect(() => m.run(0x100, limits)).toThrow(Unproven);
  });

  it("refuses a read at an unknown address or outside the modelled memory", () => {
    const m = new Machine(code);
    m.forget();
    expect(() => m.run(0x107, limits)).toThrow(/memory address depends/);
    m.set(REG.bx, 0x200);
    expect(() => m.run(0x107, limits)).toThrow(/outside the modelled memory/);
    m.set(REG.bx, 0x100);
    m.run(0x107, limits);
    expect(m.get(REG.ax)).toEqual({ v: 0xc2f7, u: 0 });
  });
});
