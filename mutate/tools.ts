/** The programs a campaign runs besides Node (NASM, mtools), looked for on the PATH before it starts. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { findOnPath } from "../util/on-path.js";
import { SelectionError } from "./select.js";

/** The asm target assembles with nasm and writes floppies with mtools (scripts/mkimg.sh). */
const ASM_TOOLS = [
  ["nasm", "nasm"],
  ["mformat", "mtools"],
  ["mcopy", "mtools"],
] as const;

/** Refuses, naming what is missing, when `root` is not a clone or the tools of `target` are missing. */
export function requireTools(root: string, target: "asm" | "ts"): void {
  if (!existsSync(join(root, "asm", "piskasm.asm")) || !existsSync(join(root, "mutate", "verdicts.json")))
    throw new SelectionError(
      `mutate needs a clone of piskasm (its asm/ sources and mutate/ verdicts), with nasm and mtools: the installed package has neither`,
    );
  if (target !== "asm") return;
  const missing = ASM_TOOLS.filter(([name]) => !findOnPath(name));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map(([, pkg]) => pkg))].join(" and ");
  throw new SelectionError(
    `mutate --target asm needs ${missing.map(([name]) => name).join(", ")} on the PATH: install ${packages} (a clone of piskasm with nasm and mtools)`,
  );
}
