/**
 * The asm mutants of a campaign: every operator of mutate/asm-operators.ts on every line of the chosen
 * routines, each reassembled with the project's NASM line (nasm -w+all -f bin -I asm/ asm/piskasm.asm)
 * in a scratch copy of asm/. A mutant that does not assemble, assembles to the original program, or to
 * the bytes of an earlier mutant is dropped and counted; the rest keep their PISKASM.COM bytes.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { mutateLine, type AsmOperator } from "./asm-operators.js";
import type { AsmSource, SourceLine } from "./asm-source.js";
import { sha256 } from "./hash.js";

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
  /** sha256 of the program. */
  hash: string;
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

/** NASM refused the source: it ran and exited with a code (a failed launch has none). */
const refused = (error: unknown): boolean =>
  error instanceof Error && "code" in error && typeof error.code === "number";

/** Assembles the program from `dir` (a copy of asm/); undefined when NASM refuses it. */
async function assemble(dir: string): Promise<Buffer | undefined> {
  const out = join(dir, "PISKASM.COM");
  rmSync(out, { force: true });
  try {
    await run("nasm", ["-w+all", "-f", "bin", "-I", `${dir}/`, join(dir, "piskasm.asm"), "-o", out]);
  } catch (error) {
    if (refused(error)) return undefined;
    throw error;
  }
  return readFileSync(out);
}

/**
 * Assembles every mutant (`parallel` NASM processes, each in its own copy of `asmDir` under
 * `scratch`) and keeps those whose program is new. `onProgress` is called after each mutant; once
 * `signal` aborts no new one is assembled (those left count as not built).
 */
export async function buildMutants(
  source: AsmSource,
  asmDir: string,
  mutants: readonly AsmMutant[],
  scratch: string,
  parallel: number,
  onProgress?: (done: number) => void,
  signal?: AbortSignal,
): Promise<{ kept: BuiltMutant[]; dropped: DroppedCounts; unbuilt: AsmMutant[]; original: Buffer }> {
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
    while (next < mutants.length && !signal?.aborted) {
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
  const seen = new Set([sha256(original)]);
  const kept: BuiltMutant[] = [];
  const unbuilt: AsmMutant[] = [];
  for (const [i, mutant] of mutants.entries()) {
    const program = programs[i];
    if (!program) {
      dropped.notAssembling++;
      unbuilt.push(mutant);
      continue;
    }
    const hash = sha256(program);
    if (seen.has(hash)) {
      if (program.equals(original)) dropped.identical++;
      else dropped.duplicate++;
      continue;
    }
    seen.add(hash);
    kept.push({ ...mutant, program, hash });
  }
  return { kept, dropped, unbuilt, original };
}
