/**
 * Equivalence checked by machine (asm target): the original PISKASM.COM and the mutant's are both
 * assembled with a NASM symbol map, and the routine the mutation is in runs in both, on the 8086
 * interpreter of mutate/equivalence-8086.ts, over every input the model gives it. Two models:
 *
 *   tables   build_bodovani with its rules and value lists: run once from a cleared BSS (clear_bss
 *            runs just before it), reading only the program and the BSS; equal when the whole BSS
 *            after it is the same, byte for byte.
 *   windows  side_best: first each program's own build_bodovani fills its tables, then side_best runs
 *            as axis_score calls it (attack: AX = 0, DX = plane 0, CX = plane 1, DI = ATTACK_TABLE;
 *            defence: AX = the attack's answer, the planes swapped, DI = DEFENCE_TABLE) for every
 *            reachable line (mutate/equivalence.ts everyLine: about 1.2 million, walls in both planes).
 *            It may read the program and Bodovani only. Bits 13..15 of the planes (axis_score's
 *            leftovers) are unknown inputs. Equal when every line gets the same axis
 *            score (the defence call's AX) and every call leaves SI, DI, BP and memory as they were.
 *
 * Every register and flag a model does not set is an unknown input: a jump, an address or an answer
 * that depends on one proves nothing (mutate/equivalence-8086.ts).
 *
 * A mutant is in a model's scope when its line is in one of the model's routines, or is the definition
 * of an equ or a macro that only lines of those routines use. What is compared is the routine's
 * contract (its Output, the registers outside its Clobbers, memory): the registers it declares
 * clobbered are taken as dead at its return, as its callers' own contracts say. The rest of the program
 * is the same source: where the mutant's routine is shorter or longer, only the addresses after it move
 * (each program runs with its own symbol map).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BODOVANI_WORDS } from "../engine-ts/tables.js";
import { assemble, writeMutated } from "./asm-mutants.js";
import type { AsmSource } from "./asm-source.js";
import { Machine, REG, Unproven } from "./equivalence-8086.js";
import { everyLine } from "./lines.js";
import type { MutantSite } from "./site.js";

/** What a model needs of a mutant: where its line is and what it became. */
export type AsmMutation = Pick<MutantSite, "file" | "line" | "routine" | "mutated">;

interface Program {
  image: Uint8Array;
  symbols: ReadonlyMap<string, number>;
}

/** `nasm` on a copy of `asmDir` with the mutation applied, with a symbol map; undefined if it refuses. */
async function assembleWithMap(
  asmDir: string,
  source: AsmSource,
  mutation?: AsmMutation,
): Promise<Program | undefined> {
  const dir = mkdtempSync(join(tmpdir(), "piskasm-equiv-"));
  try {
    cpSync(asmDir, dir, { recursive: true });
    if (mutation) writeMutated(dir, source, mutation);
    const map = join(dir, "piskasm.map");
    writeFileSync(join(dir, "map.inc"), `[map symbols ${map}]\n`);
    const image = await assemble(dir, ["-P", join(dir, "map.inc")]);
    if (!image) return undefined;
    const symbols = new Map<string, number>();
    for (const m of readFileSync(map, "utf8").matchAll(/^\s+([0-9A-F]+)\s+[0-9A-F]+\s+(\S+)$/gm))
      symbols.set(m[2], parseInt(m[1], 16));
    return { image, symbols };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const symbol = (p: Program, name: string): number => {
  const value = p.symbols.get(name);
  if (value === undefined) throw new Unproven(`the program has no symbol ${name}`);
  return value;
};

const STEPS_BUILD = 200_000;
const STEPS_SIDE = 400;

/** The program's memory after build_bodovani ran from a cleared BSS. */
function built(p: Program): Machine {
  const m = new Machine(p.image);
  const [bss, end] = [symbol(p, "bss_start"), symbol(p, "bss_end")];
  m.forget();
  m.set(REG.sp, 0xfffe);
  m.run(symbol(p, "build_bodovani"), {
    readable: [
      [0x100, 0x100 + p.image.length],
      [bss, end],
    ],
    writable: [bss, end],
    steps: STEPS_BUILD,
  });
  return m;
}

/** A run of the original: the model must follow it, or the model itself is wrong. */
function ofOriginal<T>(f: () => T): T {
  try {
    return f();
  } catch (error) {
    if (error instanceof Unproven)
      throw new Error(`the model cannot follow the original program: ${error.message}`, { cause: error });
    throw error;
  }
}

function tablesEqual(original: Program, mutant: Program): boolean {
  const [a, b] = [ofOriginal(() => built(original)), built(mutant)];
  const bss = (p: Program, m: Machine): Uint8Array =>
    m.memory.subarray(symbol(p, "bss_start"), symbol(p, "bss_end"));
  const [x, y] = [bss(original, a), bss(mutant, b)];
  const same = (r: number): boolean => a.get(r).v === b.get(r).v && a.get(r).u === b.get(r).u;
  return x.length === y.length && x.every((byte, i) => byte === y[i]) && same(REG.sp) && same(REG.bp);
}

/** Planes' bits 13..15: axis_score's leftovers, never enumerated. */
const LEFTOVERS = 0xe000;

/** side_best of one program, ready to call as axis_score does. */
function sideBest(
  p: Program,
): (ax: number, own: number, blockers: number, table: "attack" | "defence") => number {
  const m = built(p);
  const entry = symbol(p, "side_best");
  const tables = { attack: symbol(p, "ATTACK_TABLE"), defence: symbol(p, "DEFENCE_TABLE") };
  const limits = {
    readable: [
      [0x100, 0x100 + p.image.length],
      [tables.attack, tables.attack + 2 * BODOVANI_WORDS],
    ] as const,
    steps: STEPS_SIDE,
  };
  return (ax, own, blockers, table) => {
    m.forget();
    m.set(REG.ax, ax);
    m.set(REG.dx, own, LEFTOVERS);
    m.set(REG.cx, blockers, LEFTOVERS);
    m.set(REG.di, tables[table]);
    m.set(REG.sp, 0xfffe);
    // SI and BP are unknown: kept means the very inputs, not a copy of another unknown.
    const [si, bp] = [m.get(REG.si), m.get(REG.bp)];
    m.run(entry, limits);
    const out = m.get(REG.ax);
    if (out.u !== 0) throw new Unproven("side_best answers bits the model does not enumerate");
    const known = (r: number, v: number): boolean => m.get(r).v === v && m.get(r).u === 0;
    if (
      !known(REG.di, tables[table]) ||
      !known(REG.sp, 0xfffe) ||
      m.get(REG.si) !== si ||
      m.get(REG.bp) !== bp
    )
      throw new Unproven("side_best changed a register outside its Clobbers");
    return out.v;
  };
}

/** axis_score's answer for one line: the larger of the two sides' (the defence starts from the attack's). */
function axisScore(f: ReturnType<typeof sideBest>, x: number, o: number, off: number): number {
  return f(f(0, x | off, o | off, "attack"), o | off, x | off, "defence");
}

/** The original's axis scores over every line, computed once per original. */
const originalAnswers = new Map<Uint8Array, Uint16Array>();

function windowsEqual(original: Program, mutant: Program): boolean {
  let want = originalAnswers.get(original.image);
  if (!want) {
    const f = ofOriginal(() => sideBest(original));
    const out: number[] = [];
    ofOriginal(() => everyLine((x, o, off) => out.push(axisScore(f, x, o, off)) > 0));
    want = Uint16Array.from(out);
    originalAnswers.set(original.image, want);
  }
  const expected = want;
  const f = sideBest(mutant);
  let i = 0;
  return everyLine((x, o, off) => axisScore(f, x, o, off) === expected[i++]);
}

interface Model {
  name: string;
  routines: ReadonlySet<string>;
  equal: (original: Program, mutant: Program) => boolean;
}

const MODELS: readonly Model[] = [
  {
    name: "tables",
    routines: new Set([
      "build_bodovani",
      "bodovani_rules",
      "attack_l5",
      "attack_l6",
      "attack_l7",
      "defence_l5",
      "defence_l6",
      "defence_l7",
    ]),
    equal: tablesEqual,
  },
  { name: "windows", routines: new Set(["side_best"]), equal: windowsEqual },
];

const DEFINITION = /^\s*(?:([A-Za-z_]\w*)\s+equ\b|%macro\s+([A-Za-z_]\w*))/i;

/**
 * The model whose routines the mutation changes: its line is in one of them, or it defines an equ or
 * a macro that no line outside them names.
 */
function modelOf(source: AsmSource, mutation: AsmMutation): Model | undefined {
  const text = source.files.get(mutation.file)?.[mutation.line - 1] ?? "";
  const name = DEFINITION.exec(text.replace(/;.*/, ""));
  const defined = name?.[1] ?? name?.[2];
  return MODELS.find((model) => {
    if (model.routines.has(mutation.routine) && !name) return true;
    if (defined === undefined) return false;
    const word = new RegExp(`\\b${defined}\\b`);
    return source.lines.every(
      (l) =>
        (l.file === mutation.file && l.line === mutation.line) ||
        !word.test(l.text.replace(/;.*/, "")) ||
        model.routines.has(l.routine),
    );
  });
}

const originals = new Map<string, Program>();

/** The name of the model that proves `mutation` equivalent, or undefined (none applies, or it differs). */
export async function asmMachineCheck(
  asmDir: string,
  source: AsmSource,
  mutation: AsmMutation,
): Promise<string | undefined> {
  const model = modelOf(source, mutation);
  if (!model) return undefined;
  let original = originals.get(asmDir);
  if (!original) {
    original = await assembleWithMap(asmDir, source);
    if (!original) throw new Error(`the unmutated program in ${asmDir} does not assemble`);
    originals.set(asmDir, original);
  }
  const mutant = await assembleWithMap(asmDir, source, mutation);
  if (!mutant) return undefined;
  try {
    return model.equal(original, mutant) ? model.name : undefined;
  } catch (error) {
    // Unproven: the model cannot decide this mutant (an unknown input reached a jump, an address or
    // the answer); it stays a survivor argued in prose, which is the answer, not a failure.
    if (error instanceof Unproven) return undefined;
    throw error;
  }
}

/** The proof of a mutant of `mutants` by its id (TargetMutants.prove), from the program in `asmDir`. */
export function asmProver(
  asmDir: string,
  source: AsmSource,
  mutants: readonly (AsmMutation & Pick<MutantSite, "id">)[],
): (id: string) => Promise<string | undefined> {
  const byId = new Map(mutants.map((m) => [m.id, m]));
  return async (id) => {
    const mutant = byId.get(id);
    return mutant && asmMachineCheck(asmDir, source, mutant);
  };
}
