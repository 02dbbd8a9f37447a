/** The 8086 decoding, the basic blocks of PISKASM.COM and the jump conditions the coverage tracer uses. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { controlFlow } from "../../debug/control-flow.js";
import { jumpTaken } from "../../debug/coverage.js";
import type { SymbolMap } from "../../debug/listing.js";
import { decode } from "../../debug/x86-decode.js";
import { FLAG } from "../../emu/cpu-debug.js";

const bytes =
  (...b: number[]) =>
  (offset: number): number =>
    b[offset] ?? 0;

describe("the 8086 decoder", () => {
  it("cuts NASM's far form of a conditional jump into a short jump over a near jump", () => {
    const at = bytes(0x75, 0x03, 0xe9, 0x7f, 0x01);
    expect(decode(at, 0)).toEqual({ offset: 0, length: 2, transfer: { kind: "branch", target: 5 } });
    expect(decode(at, 2)).toEqual({ offset: 2, length: 3, transfer: { kind: "jump", target: 0x184 } });
  });

  it("gives TEST r/m, imm its immediate and NOT none", () => {
    expect(decode(bytes(0xf7, 0xc2, 0xbe, 0x0f), 0).length).toBe(4);
    expect(decode(bytes(0xf6, 0x06, 0x34, 0x12, 0x01), 0).length).toBe(5);
    expect(decode(bytes(0xf7, 0xd0), 0).length).toBe(2);
  });

  it("refuses an opcode the 8086 does not have", () => {
    expect(() => decode(bytes(0xc1, 0xe0, 0x04), 0)).toThrow(/no 8086 instruction/);
  });
});

describe("the basic blocks of PISKASM.COM", () => {
  const map = JSON.parse(readFileSync("build/piskasm.sym.json", "utf8")) as SymbolMap;
  const flow = controlFlow(map, readFileSync("build/PISKASM.COM"));

  it("starts a block at every routine and ends none inside a data table", () => {
    const starts = new Set(flow.blocks.map((b) => b.start));
    for (const routine of ["get_random", "update", "count_score", "side_best", "pc_move", "new_game"]) {
      expect(starts, routine).toContain(map.labels.find((l) => l.name === routine)?.offset);
    }
    expect(flow.blocks.filter((b) => b.routine === "get_random")).toHaveLength(1);
    expect(flow.blocks.some((b) => b.routine === "ray_steps" || b.routine === "bodovani_rules")).toBe(false);
  });

  it("knows which jump directions a successor block proves and which need the jump watched", () => {
    const loop = flow.jumps.find((j) => j.routine === "update" && j.text.startsWith("loop"));
    expect(loop?.provenBySuccessor).toEqual([]);
    const forward = flow.jumps.find((j) => j.routine === "is_win" && j.text.startsWith("jne .forward_done"));
    expect(forward?.provenBySuccessor).toEqual(["taken", "not-taken"]);
  });
});

describe("a watched jump's direction", () => {
  it("follows the FLAGS of the trap frame and CX", () => {
    expect(jumpTaken(0x74, FLAG.ZF, 0)).toBe(true);
    expect(jumpTaken(0x75, FLAG.ZF, 0)).toBe(false);
    expect(jumpTaken(0x7c, FLAG.SF, 0)).toBe(true);
    expect(jumpTaken(0x7c, FLAG.SF | FLAG.OF, 0)).toBe(false);
    expect(jumpTaken(0x76, FLAG.CF, 0)).toBe(true);
    expect(jumpTaken(0x73, FLAG.CF, 0)).toBe(false);
    expect(jumpTaken(0xe2, 0, 1)).toBe(false);
    expect(jumpTaken(0xe2, 0, 2)).toBe(true);
    expect(jumpTaken(0xe3, 0, 0)).toBe(true);
  });
});
