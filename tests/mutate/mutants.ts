/** Shared by the mutation tier: finding a mutant by what it changes, and its floppy. */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { asmMutants, buildMutants, type AsmMutant } from "../../mutate/asm-mutants.js";
import { evaluatorRoutines, readAsmSource } from "../../mutate/asm-source.js";
import { mutantFloppy } from "../../mutate/campaign.js";
import { evaluatorTsMutants, type TsMutant } from "../../mutate/ts-mutants.js";

export const CLI = resolve("bin/piskasm.mjs");
const ASM = resolve("asm");

/**
 * The evaluator's mutant of `operator` on the line of `routine` whose original code is `code` (spaces
 * squashed); on a line with several (a table's words), the `nth` of them, from 1. `asm`: the sources'
 * folder (a changed copy of asm/).
 */
export function findMutant(routine: string, code: string, operator: string, nth = 1, asm = ASM): AsmMutant {
  const source = readAsmSource(asm);
  const squash = (s: string): string => s.replace(/;.*$/, "").replace(/\s+/g, " ").trim();
  const found = asmMutants(source, new Set(evaluatorRoutines(source))).filter(
    (m) => m.routine === routine && m.operator === operator && squash(m.original) === code,
  )[nth - 1];
  if (!found) throw new Error(`no ${operator} mutant of "${code}" in ${routine}: has the source changed?`);
  return found;
}

/**
 * engine-ts's mutant of `operator` in `routine` whose mutated line is `mutated` (spaces squashed): the
 * mutated text names the mutant where one source line has several of the same operator.
 */
export function findTsMutant(routine: string, mutated: string, operator: string): TsMutant {
  const squash = (s: string): string => s.replace(/\s+/g, " ").trim();
  const found = evaluatorTsMutants(resolve(".")).find(
    (m) => m.routine === routine && m.operator === operator && squash(m.mutated) === mutated,
  );
  if (!found)
    throw new Error(`no ${operator} mutant giving "${mutated}" in ${routine}: has engine-ts changed?`);
  return found;
}

/** Assembles `mutant` and writes its floppy into `dir`; returns the image's path. */
export async function mutantImage(mutant: AsmMutant, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const source = readAsmSource(ASM);
  const { kept } = await buildMutants(source, ASM, [mutant], join(dir, "scratch"), { parallel: 1 });
  const program = kept[0]?.program;
  if (!program) throw new Error(`mutant ${mutant.id} does not assemble to a new program`);
  return mutantFloppy(dir, "mutant", program, {
    autoexec: resolve("disk/AUTOEXEC.BAT"),
    mouse: resolve("build/MOUSE.COM"),
    mkimg: resolve("scripts/mkimg.sh"),
  });
}
