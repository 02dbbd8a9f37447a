/** Node-only helpers: load the BIOS and floppy files and boot a headless Machine. */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Machine, MachineOptions } from "./types.js";
import { createMachine } from "./v86-machine.js";
import { FLOPPY_BYTES } from "./floppy.js";

export interface BiosFiles {
  bios: Uint8Array;
  vgaBios: Uint8Array;
}

/** Options of bootFloppy besides the image: where things are, and the Machine's own options. */
export interface BootOptions extends Partial<
  Pick<MachineOptions, "memoryMiB" | "inputTimeoutMs" | "jit" | "ps2Mouse" | "paused">
> {
  /** Directory with bios.bin and vgabios-stdvga.bin (default build/bios, then /usr/share/seabios). */
  biosDir?: string;
}

/** An input file is missing or unusable: the message is meant for the user, without a stack trace. */
export class InputFileError extends Error {
  override readonly name = "InputFileError";
}

const SYSTEM_SEABIOS = "/usr/share/seabios";
const BIOS_FILE = "bios.bin";
const VGA_BIOS_FILE = "vgabios-stdvga.bin";

/** The name in the project's package.json, which marks the project directory. */
const PACKAGE_NAME = "piskasm";
let root: string | undefined;

/**
 * The project directory, wherever the calling module lives (emu/*.ts in tests, build/*.mjs bundles,
 * build/bench/*.mjs, or node_modules/piskasm/build/*.mjs in an installed package): the nearest folder
 * above it whose package.json is piskasm's.
 */
export function projectRoot(): string {
  if (root !== undefined) return root;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === PACKAGE_NAME
    )
      return (root = dir);
    if (dirname(dir) === dir)
      throw new InputFileError(`no ${PACKAGE_NAME} package.json above ${fileURLToPath(import.meta.url)}`);
  }
}

function readInput(path: string, what: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT"
        ? "not found"
        : code === "EISDIR"
          ? "is a directory"
          : String((error as Error).message);
    throw new InputFileError(`${what} ${path}: ${reason}`);
  }
}

/** SeaBIOS and its VGA BIOS: build/bios (copied by the Makefile), else the system's seabios package. */
export function loadBiosFiles(biosDir?: string): BiosFiles {
  const candidates = biosDir ? [biosDir] : [join(projectRoot(), "build", "bios"), SYSTEM_SEABIOS];
  const dir = candidates.find((d) => existsSync(join(d, BIOS_FILE)) && existsSync(join(d, VGA_BIOS_FILE)));
  if (!dir) {
    throw new InputFileError(
      `no BIOS: ${BIOS_FILE} and ${VGA_BIOS_FILE} are not in ${candidates.join(" or ")} (run \`make\`, or install seabios)`,
    );
  }
  return {
    bios: readInput(join(dir, BIOS_FILE), "BIOS"),
    vgaBios: readInput(join(dir, VGA_BIOS_FILE), "VGA BIOS"),
  };
}

/** node_modules/v86/build/v86.wasm. */
export function v86WasmPath(): string {
  const require = createRequire(import.meta.url);
  const path = join(dirname(require.resolve("v86/package.json")), "build", "v86.wasm");
  if (!existsSync(path))
    throw new InputFileError(`v86's WebAssembly module ${path} is missing (run \`npm ci\`)`);
  return path;
}

export function loadFloppy(path: string): Uint8Array {
  const image = readInput(path, "floppy image");
  if (image.byteLength !== FLOPPY_BYTES) {
    throw new InputFileError(
      `floppy image ${path}: ${image.byteLength} bytes, a 1.44 MB floppy has ${FLOPPY_BYTES}`,
    );
  }
  return image;
}

/** Boot a headless machine from a 1.44 MB floppy image file. */
export async function bootFloppy(path: string, { biosDir, ...machine }: BootOptions = {}): Promise<Machine> {
  const floppy = loadFloppy(path);
  const { bios, vgaBios } = loadBiosFiles(biosDir);
  return createMachine({ ...machine, floppy, bios, vgaBios, wasmPath: v86WasmPath() });
}
