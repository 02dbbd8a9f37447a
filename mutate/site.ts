/** What every target's mutant is (asm and ts alike): where it is in the source and what it changed. */
export interface MutantSite {
  /** "engine.inc:312:jump-invert" (with ":2" for the second mutation of the same kind on a line). */
  id: string;
  /** Path relative to the project ("engine-ts/score.ts"), or asm/'s file for the asm target. */
  file: string;
  line: number;
  routine: string;
  operator: string;
  /** The source line before and after. */
  original: string;
  mutated: string;
  inMacro: boolean;
}

/** Gives the mutants their ids (MutantSite.id) as they are made, in source order. */
export function mutantIds(): (file: string, line: number, operator: string) => string {
  const seen = new Map<string, number>();
  return (file, line, operator) => {
    const n = (seen.get(`${file}:${line}:${operator}`) ?? 0) + 1;
    seen.set(`${file}:${line}:${operator}`, n);
    return `${file.replace(/^.*\//, "")}:${line}:${operator}${n > 1 ? `:${n}` : ""}`;
  };
}

/** The site alone of a mutant that carries more (its program, its text), with the hash of what it is. */
export function describeSite(
  { id, file, line, routine, operator, original, mutated, inMacro }: MutantSite,
  hash: string,
): MutantSite & { hash: string } {
  return { id, file, line, routine, operator, original, mutated, inMacro, hash };
}

/** The file name of a mutant's artifact (its PISKASM.COM or .ts file) beside its killing game's report. */
export const artifactName = (id: string, extension: string): string =>
  `${id.replace(/[^\w.+-]/g, "_")}.${extension}`;
