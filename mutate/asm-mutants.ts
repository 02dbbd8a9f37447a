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
import type { AsmSource } from "./asm-source.js";
import { sha256 } from "./hash.js";
import { mutantIds, type MutantSite } from "./site.js";
import { spreadPositions } from "./select.js";

const run = promisify(execFile);

export interface AsmMutant extends MutantSite {
  operator: AsmOperator;
}

export interface BuiltMutant extends AsmMutant {
  /** Absent when the hash came from the cache (assembleMutant makes it). */
  program?: Buffer;
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
  const idOf = mutantIds();
  return source.lines
    .filter((line) => routines.has(line.routine))
    .flatMap(({ file, line, routine, text: original, inMacro }) =>
      mutateLine(original).map(({ operator, text: mutated }) => {
        const id = idOf(file, line, operator);
        return { id, file, line, routine, operator, original, mutated, inMacro };
      }),
    );
}

/** NASM refused the source: it ran and exited with a code (a failed launch has none). */
const refused = (error: unknown): boolean =>
  error instanceof Error && "code" in error && typeof error.code === "number";

/**
 * Assembles the program from `dir` (a copy of asm/), NASM given `extra` options too (a symbol map);
 * undefined when NASM refuses it.
 */
export async function assemble(dir: string, extra: readonly string[] = []): Promise<Buffer | undefined> {
  const out = join(dir, "PISKASM.COM");
  rmSync(out, { force: true });
  try {
    const input = join(dir, "piskasm.asm");
    await run("nasm", ["-w+all", "-f", "bin", "-I", `${dir}/`, ...extra, input, "-o", out]);
  } catch (error) {
    if (refused(error)) return undefined;
    throw error;
  }
  return readFileSync(out);
}

/** What the last campaign assembled: each mutant's program hash (null: NASM refused it) under one source. */
export interface AssemblyCache {
  /** sha256 of NASM's version and every file of the program: the programs are those of this source. */
  key: string;
  programs: Record<string, string | null>;
}

/** The cache key of `source` (NASM's version and every file of the program). */
export async function assemblyKey(source: AsmSource): Promise<string> {
  const version = (await run("nasm", ["-v"])).stdout;
  return sha256(version, ...[...source.files].flatMap(([name, lines]) => [name, lines.join("\n")]));
}

/** Writes `mutation`'s file into `dir` (a copy of asm/) with its line mutated; returns the unmutated text. */
export function writeMutated(
  dir: string,
  source: AsmSource,
  mutation: Pick<MutantSite, "file" | "line" | "mutated">,
): string {
  const text = source.files.get(mutation.file);
  if (!text) throw new Error(`no source file ${mutation.file}`);
  writeFileSync(
    join(dir, mutation.file),
    text.map((l, k) => (k === mutation.line - 1 ? mutation.mutated : l)).join("\n"),
  );
  return text.join("\n");
}

/** Assembles `mutant` in `dir` (a copy of asm/), whose file it restores after. */
async function assembleIn(dir: string, source: AsmSource, mutant: AsmMutant): Promise<Buffer | undefined> {
  const original = writeMutated(dir, source, mutant);
  try {
    return await assemble(dir);
  } finally {
    writeFileSync(join(dir, mutant.file), original);
  }
}

/** A fresh copy of `asmDir` at `dir`. */
function copyOfAsm(asmDir: string, dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(asmDir, dir, { recursive: true });
  return dir;
}

/** The program of a mutant whose hash came from the cache, assembled now in its own copy under `scratch`. */
export async function assembleMutant(
  source: AsmSource,
  asmDir: string,
  mutant: AsmMutant,
  dir: string,
): Promise<Buffer> {
  try {
    const program = await assembleIn(copyOfAsm(asmDir, dir), source, mutant);
    if (!program) throw new Error(`mutant ${mutant.id} no longer assembles: its cached program is stale`);
    return program;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface BuildOptions {
  parallel: number;
  /** After each mutant: how many are done, and whether this one's hash came from the cache. */
  onProgress?: (done: number, cached: boolean) => void;
  /** Once aborted, no new mutant is assembled (those left count as not built). */
  signal?: AbortSignal;
  /** The last campaign's programs: a mutant found there (same source) is not assembled again. */
  cache?: AssemblyCache;
  /**
   * At most this many distinct mutants, evenly spread (`--limit`): the list falls into `limit`
   * stretches (select.ts spreadPositions) and each stretch gives its first mutant that builds into a
   * program neither the original's nor an earlier kept one's (going on into the next stretch when it
   * has none). Only what that needs is assembled (about `limit` mutants, not the whole list).
   */
  limit?: number;
}

/**
 * Assembles the mutants (`parallel` NASM processes, each in its own copy of `asmDir` under
 * `scratch`) and keeps those whose program is new (with `limit`, the first such of each stretch);
 * `onProgress` is called after each mutant assembled or found in the cache. A mutant of the cache
 * keeps its hash without its bytes (assembleMutant makes them when it is played).
 */
export async function buildMutants(
  source: AsmSource,
  asmDir: string,
  mutants: readonly AsmMutant[],
  scratch: string,
  options: BuildOptions,
): Promise<{
  kept: BuiltMutant[];
  dropped: DroppedCounts;
  unbuilt: AsmMutant[];
  original: Buffer;
  assembled: AssemblyCache;
}> {
  const slots = Array.from({ length: Math.max(1, options.parallel) }, (_, i) =>
    copyOfAsm(asmDir, join(scratch, `asm-${i}`)),
  );
  const original = await assemble(slots[0]);
  if (!original) throw new Error(`the unmutated program in ${asmDir} does not assemble`);
  const key = await assemblyKey(source);
  const cached = options.cache?.key === key ? options.cache.programs : {};
  const programs = new Array<Buffer | undefined>(mutants.length);
  const hashes = new Array<string | null | undefined>(mutants.length);
  let done = 0;
  /** Mutant i's program hash (null: NASM refused it), assembled in `dir` unless known. */
  const hashOf = async (i: number, dir: string): Promise<string | null> => {
    const had = hashes[i];
    if (had !== undefined) return had;
    let hash = cached[mutants[i].id];
    const hit = hash !== undefined;
    if (hash === undefined) {
      const program = await assembleIn(dir, source, mutants[i]);
      programs[i] = program;
      hash = program ? sha256(program) : null;
    }
    hashes[i] = hash;
    options.onProgress?.(++done, hit);
    return hash;
  };
  // Each stretch [starts[k], starts[k + 1]) gives its mutants in order; without a limit one stretch
  // keeps every distinct mutant, with one each stretch keeps its first.
  const limited = options.limit !== undefined && options.limit < mutants.length;
  const starts = limited ? spreadPositions(mutants.length, options.limit) : [0];
  // The mutants almost surely needed, assembled side by side: every one, or each stretch's first.
  const first = limited ? starts : mutants.map((_, i) => i);
  let next = 0;
  const worker = async (dir: string): Promise<void> => {
    while (next < first.length && !options.signal?.aborted) await hashOf(first[next++], dir);
  };
  await Promise.all(slots.map(worker));
  const dropped: DroppedCounts = { notAssembling: 0, identical: 0, duplicate: 0 };
  const originalHash = sha256(original);
  const seen = new Set([originalHash]);
  const kept: BuiltMutant[] = [];
  const unbuilt: AsmMutant[] = [];
  const assembled: AssemblyCache = { key, programs: {} };
  // A stretch without a new program goes on into the next one, which then starts after it.
  let i = 0;
  for (const start of starts) {
    for (i = Math.max(i, start); i < mutants.length; i++) {
      // After a signal only what was assembled already counts.
      if (hashes[i] === undefined && options.signal?.aborted) continue;
      const mutant = mutants[i];
      const hash = await hashOf(i, slots[0]);
      assembled.programs[mutant.id] = hash;
      if (hash === null) {
        dropped.notAssembling++;
        unbuilt.push(mutant);
        continue;
      }
      if (seen.has(hash)) {
        if (hash === originalHash) dropped.identical++;
        else dropped.duplicate++;
        continue;
      }
      seen.add(hash);
      const program = programs[i];
      kept.push(program ? { ...mutant, program, hash } : { ...mutant, hash });
      if (limited) break;
    }
    i++;
  }
  return { kept, dropped, unbuilt, original, assembled };
}
