/** Options shared by diff, info and replay: the floppy to boot, the step timeout, game seeds. */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { Option, type Command } from "commander";
import type { MachineSnapshot } from "../emu/types.js";
import { readRegularBytes } from "../util/files.js";
import type { BootSpec } from "../guest/boot.js";
import type { Shard } from "../harness/model.js";
import { parseShard } from "../harness/shard.js";
import { bootImage, dosOption, freedosImageOption, type DosOptions } from "./dos-options.js";
import { parsePositiveInt, refusing, UsageError } from "./errors.js";
import { projectPath } from "./paths.js";

export interface BootCommandOptions extends DosOptions {
  image: string;
  timeoutMs: string;
}

/** --image: the floppy (the project's own build by default). */
export function imageOption(description = "1.44 MB floppy that boots into the game"): Option {
  return new Option("--image <path>", description).default(projectPath("build", "piskasm.img"));
}

export function addBootOptions(command: Command): Command {
  return command
    .addOption(imageOption())
    .addOption(dosOption())
    .addOption(freedosImageOption())
    .option(
      "--timeout-ms <n>",
      "longest wait for the emulator in one step (then fail with the screen)",
      "20000",
    );
}

/** A game seed for PISKASM /S:n: an integer 0..65535. */
export function parseSeed(value: string, option = "--seed"): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 0xffff)
    throw new UsageError(`${option} must be an integer 0..65535, not ${JSON.stringify(value)}`);
  return n;
}

/** --shard i/n of diff and mutate; a wrong one is a usage error (exit 2). */
export function parseShardOption(text: string | undefined): Shard | undefined {
  return text === undefined ? undefined : refusing([Error], () => parseShard(text));
}

/** The floppy to boot, checked readable here, before any emulator or worker starts. */
export function bootSpec(options: BootCommandOptions): BootSpec {
  return bootOptions(options)();
}

/**
 * The boot options checked (--timeout-ms) without touching a file; the function returned reads the
 * floppy (and builds the FreeDOS one for --dos freedos) when the run calls it.
 */
export function bootOptions(options: BootCommandOptions): () => BootSpec {
  const timeoutMs = parsePositiveInt(options.timeoutMs, "--timeout-ms");
  return () => {
    const { path, dos } = bootImage(options, options.image);
    return { image: path, dos, timeoutMs };
  };
}

/** The menu state is a v86 save_state of a few MB. */
const MAX_MENU_STATE_BYTES = 64 * 1024 * 1024;

/**
 * The machine at the game's menu saved at build time (build/menu.state, `make menu-state`), when it
 * fits `spec`: the project's own floppy with the built-in DOS, and the state made after the floppy's
 * last change. Otherwise undefined (the engine boots).
 */
export function savedMenuState(spec: BootSpec): MachineSnapshot | undefined {
  const image = projectPath("build", "piskasm.img");
  const state = projectPath("build", "menu.state");
  if (spec.dos !== "builtin" || resolve(spec.image) !== image || !existsSync(state)) return undefined;
  if (statSync(state).mtimeMs < statSync(image).mtimeMs) return undefined;
  const bytes = readRegularBytes(state, MAX_MENU_STATE_BYTES, "menu state");
  return { state: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer };
}
