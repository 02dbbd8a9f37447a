/**
 * Arena players are the engines of engines/registry.ts by name (`asm`, `ts`, `five`, `crossmix`,
 * `pela`, `random`, `pbrain:CMD`, ...). What the emulated engine needs (its floppy, checking, the
 * reports folder) travels as plain data, so worker threads can create their own engines.
 */
import { RULE_FREESTYLE, type Engine } from "../engines/engine.js";
import { createEngine, ENGINES, engineNames } from "../engines/registry.js";
import type { BootSpec } from "../guest/boot.js";
import { BOARD_SIZE } from "../guest/game-view.js";
import { ArenaError } from "./errors.js";

/** The registry's external brain: its board sizes are the brain's to say, once it runs. */
const PBRAIN = "pbrain";
/** The registry's emulated engine (it boots v86 as soon as it is created). */
const ASM = "asm";
/** The names that create the emulated engine (the registry's alias piskasm-asm too). */
const ASM_NAMES: readonly string[] = [ASM, "piskasm-asm"];
/** The names of PISKASM's players, whose lost games the arena classifies (asm, ts and their aliases). */
const PISKASM_NAMES: readonly string[] = [...ASM_NAMES, "ts", "piskasm-ts"];

/** True when the player `name` is the emulated PISKASM.COM. */
export function isAsm(name: string): boolean {
  return ASM_NAMES.includes(name);
}

/** True when the player `name` is PISKASM (the COM or engine-ts). */
export function isPiskasm(name: string): boolean {
  return PISKASM_NAMES.includes(name);
}

export interface ArenaEngineOptions {
  /** The floppy for `asm` (undefined: `asm` cannot be created). */
  readonly boot?: BootSpec;
  /** Check the asm's moves against engine-ts (mismatch reports go to reportsDir). */
  readonly check: boolean;
  readonly reportsDir: string;
}

/** Throws ArenaError when `name` names no engine. */
export function checkPlayer(name: string): void {
  const colon = name.indexOf(":");
  const base = colon < 0 ? name : name.slice(0, colon);
  if (!Object.hasOwn(ENGINES, base))
    throw new ArenaError(`unknown player ${JSON.stringify(name)} (engines: ${engineNames().join(", ")})`);
  const wantsArgument = ENGINES[base].argument;
  if (wantsArgument && (colon < 0 || name.slice(colon + 1).trim() === ""))
    throw new ArenaError(`${name}: give the brain's command line, as in pbrain:./pbrain-foo`);
  if (!wantsArgument && colon >= 0) throw new ArenaError(`${name}: the engine ${base} takes no argument`);
}

export function createPlayer(name: string, options: ArenaEngineOptions): Engine {
  checkPlayer(name);
  return createEngine(name, {
    boot: () => {
      if (!options.boot) throw new ArenaError("the asm engine needs a floppy image");
      return options.boot;
    },
    check: options.check,
    reportsDir: options.reportsDir,
    message: (text) => process.stderr.write(`\n${name}: ${text}\n`),
    log: (line) => process.stderr.write(`\n${name}: ${line}\n`),
  });
}

/**
 * Why `name` cannot play on a board of `size`, or undefined; asked before an arena starts. The emulated
 * engine is not booted for the question (it plays 19x19 only) and an external brain answers START
 * itself, so both are only asked when a game starts.
 */
export function sizeRefusal(name: string, size: number): string | undefined {
  const base = name.split(":")[0];
  if (isAsm(base))
    return size === BOARD_SIZE
      ? undefined
      : `${name} (PISKASM.COM) plays on ${BOARD_SIZE}x${BOARD_SIZE} only, not ${size}x${size}`;
  if (base === PBRAIN) return undefined;
  return createPlayer(name, { check: false, reportsDir: "" }).refuse({ size, rule: RULE_FREESTYLE, seed: 0 });
}
