/**
 * Every player by name: `piskasm brain --engine NAME` (and the arena) take any name of ENGINES. A name
 * may carry an argument after a colon (`NAME:ARGUMENT`, e.g. an external program's command line); the
 * entry decides whether it wants one. Add a player by adding one row.
 */
import type { MachineSnapshot } from "../emu/types.js";
import type { BootSpec } from "../guest/boot.js";
import { EngineError, type Engine } from "./engine.js";
import { PiskasmAsmEngine, type AsmEngineOptions } from "./piskasm-asm.js";
import { PiskasmTsEngine } from "./piskasm-ts.js";
import { createCrossmixEngine } from "./crossmix/crossmix.js";
import { createFiveEngine } from "./five/five.js";
import { createPelaEngine } from "./pela/pela.js";
import { PbrainEngine } from "./pbrain/pbrain.js";
import { createRandomEngine } from "./random.js";

/** What an engine may need from the command that creates it: the check and its outputs as the asm engine's. */
export interface EngineContext extends Pick<AsmEngineOptions, "check" | "reportsDir" | "message" | "log"> {
  /**
   * The floppy that boots into PISKASM.COM, its DOS and the step timeout (emulated engines). A function:
   * only engines that boot read it, so a bad --image bothers no other engine.
   */
  readonly boot: () => BootSpec;
  /** The emulated engine's machine at the menu saved at build time for boot()'s floppy, when there is one. */
  readonly menuState?: () => MachineSnapshot | undefined;
}

export interface EngineEntry {
  /** One line for --help. */
  readonly description: string;
  /** Takes an argument after `NAME:` (and needs one); the others refuse one. */
  readonly argument: boolean;
  /**
   * Can be the human opponent of a differential run (`piskasm diff --policy NAME`,
   * harness/policy-registry.ts): it needs no emulator and answers within a policy's turn.
   */
  readonly opponent: boolean;
  /** `argument` is the text after `NAME:`, undefined for an entry that takes none. */
  create(context: EngineContext, argument: string | undefined): Engine;
}

const ASM: EngineEntry = {
  description:
    "the real PISKASM.COM in v86, driven through the emulated mouse and keyboard (19x19 freestyle)",
  argument: false,
  opponent: false,
  create: (context) =>
    new PiskasmAsmEngine({ ...context, boot: context.boot(), menuState: context.menuState?.() }),
};

const TS: EngineEntry = {
  description: "engine-ts, PISKASM's evaluator in TypeScript, on square boards 15..22",
  argument: false,
  opponent: false,
  create: () => new PiskasmTsEngine(),
};

/** Another name for an entry (the PISKASM players are also called piskasm-asm and piskasm-ts). */
function alias(name: string, entry: EngineEntry): EngineEntry {
  return { ...entry, description: `the same as ${name}`, opponent: false };
}

/** An engine of this process that takes no argument and can be diff's opponent. */
function opponent(description: string, create: () => Engine): EngineEntry {
  return { description, argument: false, opponent: true, create };
}

export const ENGINES: Readonly<Record<string, EngineEntry>> = {
  asm: ASM,
  ts: TS,
  five: opponent(
    "FIVE (S. Shlien 1992): the winning-lines method, no search (square boards 10..22)",
    createFiveEngine,
  ),
  crossmix: opponent(
    "crossmix (FREE SECTOR): flag arrays with the three crossmix defensive exceptions (10..22)",
    createCrossmixEngine,
  ),
  pela: opponent(
    "pela (after pbrain-pela): 9-cell window values and a search for wins by continuous fours (10..22)",
    createPelaEngine,
  ),
  // Not an opponent: its name is the random policy's (harness/policy-registry.ts).
  random: {
    description: "random: a uniform choice among the empty cells within two of a stone (10..22)",
    argument: false,
    opponent: false,
    create: () => createRandomEngine(),
  },
  pbrain: {
    description: "pbrain:CMD, an external Gomocup brain run as a child process with the command line CMD",
    argument: true,
    opponent: true,
    create: (_context, argument) => {
      if (argument === undefined || argument.trim() === "")
        throw new EngineError('give the brain\'s command line: "pbrain:CMD"');
      return new PbrainEngine({ command: argument });
    },
  },
  "piskasm-asm": alias("asm", ASM),
  "piskasm-ts": alias("ts", TS),
};

/** The names of ENGINES, for messages and --help. */
export function engineNames(): string[] {
  return Object.keys(ENGINES);
}

/** Creates the engine `spec` names (`NAME` or `NAME:ARGUMENT`); EngineError for an unknown name. */
export function createEngine(spec: string, context: EngineContext): Engine {
  const colon = spec.indexOf(":");
  const name = colon < 0 ? spec : spec.slice(0, colon);
  const argument = colon < 0 ? undefined : spec.slice(colon + 1);
  const entry = Object.hasOwn(ENGINES, name) ? ENGINES[name] : undefined;
  if (!entry) throw new EngineError(`no engine "${name}" (engines: ${engineNames().join(", ")})`);
  if (argument !== undefined && !entry.argument)
    throw new EngineError(`engine ${name} takes no argument (got "${spec}")`);
  return entry.create(context, argument);
}
