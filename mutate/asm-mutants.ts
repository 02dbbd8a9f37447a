/**
 * The asm mutants of a campaign: every operator of mutate/asm-operators.ts on every line of the chosen
 * routines, each reassembled with the project's NASM line (nasm -w+all -f bin -I asm/ asm/piskasm.asm)
 * in a scratch copy of asm/. A mutant that does not assemble, assembles to the original program, or to
 * the bytes of an earlier mutant is dropped and counted; the rest keep their PISKASM.COM bytes.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { mutateLine, type AsmOperator } from "./asm-operators.js";
import type { AsmSource, SourceLine } from "./asm-source.js";

const run = promisify(execFile);

export interface AsmMutant {
  /** "engine.inc:312:jump-invert" (with ":2" for the second mutation of the same kind on a line). */
  id: string;
  file: string;
  line: number;
  routine: string;
  operator: AsmOperator;
  original: string;
  mutated: string;
  inMacro: boolean;
}

export interface BuiltMutant extends AsmMutant {
  program: Buffer;
}

export interface DroppedCounts {
  notAssembling: number;
  identical: number;
  duplicate: number;
}

/** Every mutant of the lines of `routines`, in source order. */
export function asmMutants(source: AsmSource, routines: ReadonlySet<string>): AsmMutant[] {
  const out: AsmMutant[] = [];
  for (const line of source.lines) {
    if (!routines.has(line.routine)) continue;
    out.push(...lineMutants(line));
  }
  return out;
}

function lineMutants(line: SourceLine): AsmMutant[] {
  const seen = new Map<string, number>();
  return mutateLine(line.text).map(({ operator, text }) => {
    const n = (seen.get(operator) ?? 0) + 1;
    seen.set(operator, n);
    const short = line.file.replace(/^.*\//, "");
    return {
      id: `${short}:${line.line}:${operator}${n > 1 ? `:${n}` : ""}`,
      file: line.file,
      line: line.line,
      routine: line.routine,
      operator,
      original: line.text,
      mutated: text,
      inMacro: line.inMacro,
    };
  });
}

/** Assembles the program from `dir` (a copy of asm/); undefined when NASM refuses it. */
async function assemble(dir: string): Promise<Buffer | undefined> {
  const out = join(dir, "PISKASM.COM");
  rmSync(out, { force: true });
  try {
    await run("nasm", ["-w+all", "-f", "bin", "-I", `${dir}/`, join(dir, "piskasm.asm"), "-o", out]);
  } catch {
    return undefined;
  }
  return readFileSync(out);
}

const hash = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

/**
 * Assembles every mutant (`parallel` NASM processes, each in its own copy of `asmDir` under
 * `scratch`) and keeps those whose program is new. `onProgress` is called after each mutant.
 */
export async function buildMutants(
  source: AsmSource,
  asmDir: string,
  mutants: readonly AsmMutant[],
  scratch: string,
  parallel: number,
  onProgress?: (done: number) => void,
): Promise<{ kept: BuiltMutant[]; dropped: DroppedCounts; original: Buffer }> {
  const slots = Array.from({ length: Math.max(1, parallel) }, (_, i) => {
    const dir = join(scratch, `asm-${i}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    cpSync(asmDir, dir, { recursive: true });
    return dir;
  });
  const original = await assemble(slots[0]);
  if (!original) throw new Error(`the unmutated program in ${asmDir} does not assemble`);
  const programs: (Buffer | undefined)[] = new Array<Buffer | undefined>(mutants.length);
  let next = 0;
  let done = 0;
  const worker = async (dir: string): Promise<void> => {
    while (next < mutants.length) {
      const i = next++;
      const mutant = mutants[i];
      const text = source.files.get(mutant.file);
      if (!text) throw new Error(`no source file ${mutant.file}`);
      const path = join(dir, mutant.file);
      writeFileSync(path, text.map((l, k) => (k === mutant.line - 1 ? mutant.mutated : l)).join("\n"));
      programs[i] = await assemble(dir);
      writeFileSync(path, text.join("\n"));
      onProgress?.(++done);
    }
  };
  await Promise.all(slots.map(worker));
  const dropped: DroppedCounts = { notAssembling: 0, identical: 0, duplicate: 0 };
  const seen = new Set([hash(original)]);
  const kept: BuiltMutant[] = [];
  for (const [i, mutant] of mutants.entries()) {
    const program = programs[i];
    if (!program) {
      dropped.notAssembling++;
      continue;
    }
    const h = hash(program);
    if (seen.has(h)) {
      if (program.equals(original)) dropped.identical++;
      else dropped.duplicate++;
      continue;
    }
    seen.add(h);
    kept.push({ ...mutant, program });
  }
  return { kept, dropped, original };
}
