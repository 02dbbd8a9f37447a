/**
 * A copy of the project for a campaign on changed sources: its asm/ a copy of the NASM sources, its
 * build/, disk/, scripts/ and mutate/ linked to this clone's. `changeOneRoutine` makes the change
 * `mutate --incremental` is measured and tested on.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface ProjectCopy {
  /** The copy's root (CampaignRequest's root). */
  root: string;
  /** Its asm/ folder. */
  asm: string;
}

/** Makes the copy in `dir`/project. */
export function projectCopy(dir: string): ProjectCopy {
  const root = join(dir, "project");
  mkdirSync(root);
  for (const linked of ["build", "disk", "scripts", "mutate"])
    symlinkSync(resolve(linked), join(root, linked));
  const asm = join(root, "asm");
  cpSync(resolve("asm"), asm, { recursive: true });
  return { root, asm };
}

/**
 * A change to one routine: a NOP byte at the start of `update`, which moves every byte after it (so
 * every mutant's program changes) and nothing the program does. It is written as data (`db`), which no
 * operator mutates, so the changed sources have the same mutants and `--limit` picks the same ones.
 */
export function changeOneRoutine(asm: string): void {
  const path = join(asm, "piskasm", "engine.inc");
  const text = readFileSync(path, "utf8");
  const label = "\nupdate:\n";
  if (text.split(label).length !== 2)
    throw new Error(`${path} has not the one label update: has the source changed?`);
  writeFileSync(path, text.replace(label, `${label}        db 0x90                         ; NOP\n`));
}
