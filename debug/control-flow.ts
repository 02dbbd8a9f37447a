/**
 * The basic blocks and conditional jumps of PISKASM.COM, from its symbol map (which listing lines are
 * code, and in which routine) and its bytes (where each instruction goes). A block starts at a
 * routine's label, at the target of a jump or call, and after a jump, a call or a return; it ends
 * before the next start. A conditional jump (Jcc, LOOP, JCXZ) has two successors: the instruction
 * after it (not taken) and its target (taken). A successor whose only way in is that one direction of
 * that one jump proves the direction when its block runs; a successor with other ways in (a label two
 * paths meet at) does not, and the coverage tracer watches the jump itself for it (debug/coverage.ts).
 */
import type { SymbolMap } from "./listing.js";
import { SymbolTable } from "./symbols.js";
import { decode, type Instruction } from "./x86-decode.js";

/** Where an instruction is in the source: its routine, file, line and text ("?" outside the map). */
interface Place {
  routine: string;
  file: string;
  line: number;
  text: string;
}

export interface Block extends Place {
  /** Program offset of the first instruction (org included); the place is its source line. */
  start: number;
  /** Offset just past the last instruction. */
  end: number;
}

/** The two ways a conditional jump can go, in the order reports list them. */
export const JUMP_DIRECTIONS = ["taken", "not-taken"] as const;
export type Direction = (typeof JUMP_DIRECTIONS)[number];

export interface ConditionalJump extends Place {
  offset: number;
  /** The jump's opcode (70h-7Fh, E0h-E3h): the condition the tracer evaluates. */
  opcode: number;
  /** Where each direction goes. */
  taken: number;
  notTaken: number;
  /** The directions whose successor has no other way in (its block running proves the direction). */
  provenBySuccessor: Direction[];
}

export interface ControlFlow {
  blocks: Block[];
  jumps: ConditionalJump[];
}

/** Source text that emits data, not instructions (after an optional label). */
const DATA_LINE = /^(?:[A-Za-z_.?][\w.?@$]*:?\s+)?(?:db|dw|dd|dq|dt|times|resb|resw|resd|incbin)\b/i;

/** The instructions of the code lines, in address order; every code line must decode to its exact length. */
function instructions(map: SymbolMap, byteAt: (offset: number) => number): Instruction[] {
  const out: Instruction[] = [];
  const code = map.lines
    .filter((l) => l.length > 0 && !DATA_LINE.test(l.text))
    .sort((a, b) => a.offset - b.offset);
  for (const line of code) {
    let at = line.offset;
    while (at < line.offset + line.length) {
      const instruction = decode(byteAt, at);
      out.push(instruction);
      at += instruction.length;
    }
    if (at !== line.offset + line.length) {
      throw new Error(
        `${map.files[line.file]}:${line.line} (${line.text}): its ${line.length} bytes do not end on an instruction`,
      );
    }
  }
  return out;
}

/** Edges into each offset: "fall" from the instruction before, or `jump@offset` / `taken@offset` / `call@offset`. */
function incomingEdges(code: readonly Instruction[]): Map<number, string[]> {
  const edges = new Map<number, string[]>();
  const add = (to: number, from: string): void => {
    const list = edges.get(to);
    if (list) list.push(from);
    else edges.set(to, [from]);
  };
  code.forEach((ins, i) => {
    const next = code[i + 1];
    const falls =
      ins.transfer.kind === "next" || ins.transfer.kind === "branch" || ins.transfer.kind === "call";
    if (falls && next && next.offset === ins.offset + ins.length)
      add(next.offset, ins.transfer.kind === "branch" ? `not-taken@${ins.offset}` : "fall");
    if (ins.transfer.kind === "branch") add(ins.transfer.target, `taken@${ins.offset}`);
    if (ins.transfer.kind === "jump" || ins.transfer.kind === "call")
      add(ins.transfer.target, `${ins.transfer.kind}@${ins.offset}`);
  });
  return edges;
}

/** Cuts the program into blocks and lists its conditional jumps. `image` is the COM file (offset `map.origin` = byte 0). */
export function controlFlow(map: SymbolMap, image: Uint8Array): ControlFlow {
  const byteAt = (offset: number): number => image[offset - map.origin] ?? 0;
  const code = instructions(map, byteAt);
  const symbols = new SymbolTable(map);
  const placeOf = (offset: number): Place => {
    const where = symbols.where(offset);
    return {
      routine: where?.routine ?? "?",
      file: where?.file ?? "?",
      line: where?.line ?? 0,
      text: where?.text ?? "",
    };
  };
  const leaders = new Set<number>(symbols.routines().map((r) => r.start));
  code.forEach((ins, i) => {
    const t = ins.transfer;
    if (t.kind === "branch" || t.kind === "jump" || t.kind === "call") leaders.add(t.target);
    if (t.kind !== "next" && code[i + 1]) leaders.add(code[i + 1].offset);
  });
  const blocks: Block[] = [];
  for (const [i, ins] of code.entries()) {
    const previous = code[i - 1];
    const contiguous = previous !== undefined && previous.offset + previous.length === ins.offset;
    if (blocks.length === 0 || leaders.has(ins.offset) || !contiguous)
      blocks.push({ start: ins.offset, end: ins.offset + ins.length, ...placeOf(ins.offset) });
    else blocks[blocks.length - 1].end = ins.offset + ins.length;
  }
  const edges = incomingEdges(code);
  const jumps: ConditionalJump[] = [];
  for (const ins of code) {
    if (ins.transfer.kind !== "branch") continue;
    const notTaken = ins.offset + ins.length;
    const only = (to: number, edge: string): boolean => {
      const list = edges.get(to) ?? [];
      return list.length === 1 && list[0] === edge;
    };
    const provenBySuccessor: Direction[] = [];
    if (only(ins.transfer.target, `taken@${ins.offset}`)) provenBySuccessor.push("taken");
    if (only(notTaken, `not-taken@${ins.offset}`)) provenBySuccessor.push("not-taken");
    jumps.push({
      offset: ins.offset,
      opcode: byteAt(ins.offset),
      ...placeOf(ins.offset),
      taken: ins.transfer.target,
      notTaken,
      provenBySuccessor,
    });
  }
  return { blocks, jumps };
}
