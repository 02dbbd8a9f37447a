/**
 * The NASM source of PISKASM.COM as mutation testing sees it: its files (asm/piskasm.asm and the
 * includes of asm/piskasm/), each line attributed to a routine. A routine is the code and data from
 * one top-level label (`name:` at the start of a line) to the next; marker labels that end a table
 * (`ray_steps_end:`) belong to the table before them; a %macro ... %endmacro block belongs to the
 * routine after it (the macros are written just above the routine that uses them); the equs above a
 * file's first label form the routine `constants@FILE` (for example constants@engine).
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";

export interface SourceLine {
  /** Path relative to the asm/ folder (the -I root): "piskasm.asm", "piskasm/engine.inc". */
  file: string;
  /** 1-based line number. */
  line: number;
  text: string;
  routine: string;
  /** Inside a %macro body (a mutation there changes every expansion). */
  inMacro: boolean;
}

export interface AsmSource {
  /** Path relative to asm/ -> its lines. */
  files: Map<string, string[]>;
  lines: SourceLine[];
}

/** The files of PISKASM.COM below `asmDir`, relative to it (the main file first). */
export function programFiles(asmDir: string): string[] {
  const includes = readdirSync(join(asmDir, "piskasm"))
    .filter((name) => name.endsWith(".inc"))
    .sort()
    .map((name) => `piskasm/${name}`);
  return ["piskasm.asm", ...includes];
}

const LABEL = /^([A-Za-z_][A-Za-z0-9_]*):/;
const MARKER_LABEL = /_end$/;

/** Attributes each line of one file to its routine. */
function attribute(file: string, text: string[]): SourceLine[] {
  const out: SourceLine[] = [];
  let routine = `constants@${basename(file).replace(/\.(asm|inc)$/, "")}`;
  let pendingMacro: SourceLine[] = [];
  let inMacro = false;
  for (const [i, lineText] of text.entries()) {
    const label = LABEL.exec(lineText)?.[1];
    if (label !== undefined && !MARKER_LABEL.test(label)) {
      routine = label;
      for (const l of pendingMacro) l.routine = label;
      pendingMacro = [];
    }
    const directive = lineText.trim().toLowerCase();
    if (directive.startsWith("%macro")) inMacro = true;
    const entry: SourceLine = { file, line: i + 1, text: lineText, routine, inMacro };
    out.push(entry);
    if (inMacro) pendingMacro.push(entry);
    if (directive.startsWith("%endmacro")) inMacro = false;
  }
  return out;
}

export function readAsmSource(asmDir: string): AsmSource {
  const files = new Map<string, string[]>();
  const lines: SourceLine[] = [];
  for (const file of programFiles(asmDir)) {
    const text = readFileSync(join(asmDir, file), "utf8").split("\n");
    files.set(file, text);
    lines.push(...attribute(file, text));
  }
  return { files, lines };
}

/** Every routine name, in source order. */
export function routineNames(source: AsmSource): string[] {
  return [...new Set(source.lines.map((l) => l.routine))];
}

/**
 * The evaluator's routines, the default of `piskasm mutate`: everything engine.inc defines (GetRandom,
 * the first move, Update, the win test, CountScore and its helpers, PCMove, the tables and their
 * values) except the board bookkeeping that engine-ts has no counterpart of or that only draws.
 */
const NOT_EVALUATOR = new Set(["place_stone", "pad_address", "new_board"]);
export const EVALUATOR_FILE = "piskasm/engine.inc";

export function evaluatorRoutines(source: AsmSource): string[] {
  const names = source.lines.filter((l) => l.file === EVALUATOR_FILE).map((l) => l.routine);
  return [...new Set(names)].filter((name) => !NOT_EVALUATOR.has(name));
}
