/**
 * What a campaign ran against, as sha256 hashes: the unmutated program, and the settings a verdict
 * depends on. Two campaigns of one identity give every mutant of equal hash the same verdict: merge
 * joins only shards of one identity, `--incremental` reuses verdicts only under equal settings, and
 * rescore refuses a report made of another program.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildMutants } from "./asm-mutants.js";
import { readAsmSource } from "./asm-source.js";
import type { GamePlan } from "./campaign.js";
import { sha256 } from "./hash.js";

/**
 * The settings' hash: the target, the games (policies, seeds, moves, probes, --games-from) and the
 * harness that plays them (build/mutate-worker.mjs: harness, checks, engine-ts and the emulator,
 * bundled) with the floppy's other files (asm target).
 */
export function settingsIdentity(root: string, target: "asm" | "ts", plan: GamePlan): string {
  const build = (name: string): Buffer => readFileSync(join(root, "build", name));
  const floppy =
    target === "asm" ? [readFileSync(join(root, "disk", "AUTOEXEC.BAT")), build("MOUSE.COM")] : [];
  return sha256(target, JSON.stringify(plan), build("mutate-worker.mjs"), ...floppy);
}

/** engine-ts's files (path relative to the project -> text): what a ts mutant changes one of. */
export function engineSources(root: string): Map<string, string> {
  const names = readdirSync(join(root, "engine-ts"))
    .filter((name) => name.endsWith(".ts"))
    .sort();
  return new Map(
    names.map((name) => [`engine-ts/${name}`, readFileSync(join(root, "engine-ts", name), "utf8")]),
  );
}

/** The hash of engine-ts's files (one of them a mutant's text, for a ts mutant's hash). */
export const engineHash = (files: ReadonlyMap<string, string>): string =>
  sha256(...[...files].flatMap(([name, text]) => [name, text]));

/** The ts target's program: engine-ts and the floppy of the PISKASM.COM it plays against. */
export const tsProgram = (root: string, engine = engineSources(root)): string =>
  sha256(engineHash(engine), readFileSync(join(root, "build", "piskasm.img")));

/** The unmutated program's hash as a campaign of `target` would record it now. */
export async function currentProgram(root: string, target: "asm" | "ts"): Promise<string> {
  if (target === "ts") return tsProgram(root);
  const asmDir = join(root, "asm");
  const scratch = mkdtempSync(join(tmpdir(), "piskasm-identity-"));
  try {
    return sha256((await buildMutants(readAsmSource(asmDir), asmDir, [], scratch, { parallel: 1 })).original);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
