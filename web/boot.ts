/**
 * Fetching what the emulator needs and starting it in the page. Everything is asked for at once,
 * as soon as the page's script runs: v86's wasm is compiled while it downloads, and the machine is
 * made while the menu state may still be arriving. The static site keeps the floppy and the menu
 * state with their zero blocks left out (util/sparse-bytes.ts), so a reload reads a tenth of their
 * bytes out of the service worker's cache, and the menu state without the PC's copies of the BIOS
 * files; they are unpacked here (the state with the BIOS files).
 *
 * The performance marks piskasm:* (read by bench/site.ts) say when each step ended.
 */
import type { Machine } from "../emu/types.js";
import { createMachine } from "../emu/v86-machine.js";
import { isSparse, unpackSparse } from "../util/sparse-bytes.js";
import { ASSET_MANIFEST_URL, type AssetManifest } from "./asset-manifest.js";
import { Downloads, fetchJson } from "./assets.js";
import type { StatusLine } from "./status.js";

export interface BootFiles {
  bios: Uint8Array;
  vgaBios: Uint8Array;
  floppy: Uint8Array;
  /** v86.wasm, compiled while it downloaded. */
  wasm: WebAssembly.Module;
  /** Where v86.wasm came from (named in errors). */
  wasmUrl: string;
  /** The default floppy's machine state at the menu, which may still be arriving (undefined when the server made none). */
  menuState: Promise<ArrayBuffer> | undefined;
}

const START_TIMEOUT_MS = 30_000;
/** The files' share of the boot's progress bar. */
const FILES_SHARE = 0.4;

function unpacked(
  bytes: Uint8Array<ArrayBuffer>,
  references: readonly Uint8Array[] = [],
): Uint8Array<ArrayBuffer> {
  return isSparse(bytes) ? unpackSparse(bytes, references) : bytes;
}

/** assets.json, then every file it names at once; resolves when all but the menu state are in. */
export async function loadBootFiles(status: StatusLine): Promise<BootFiles> {
  status.busy("Loading v86, the BIOS and the floppy…", 0);
  const manifest = (await fetchJson(ASSET_MANIFEST_URL)) as AssetManifest;
  performance.mark("piskasm:manifest-loaded");
  let loaded = false;
  const downloads = new Downloads((fraction, bytes) => {
    // The menu state may arrive after the rest, when the status line already tells of the emulator.
    if (!loaded)
      status.busy(
        `Loading v86, the BIOS and the floppy… ${Math.round(bytes / 1024)} KB`,
        fraction * FILES_SHARE,
      );
  });
  const biosFiles = Promise.all([downloads.bytes(manifest.bios), downloads.bytes(manifest.vgaBios)]);
  const menuState =
    manifest.menuState === null
      ? undefined
      : Promise.all([
          downloads.bytes(manifest.menuState).then((bytes) => {
            performance.mark("piskasm:state-loaded");
            return bytes;
          }),
          biosFiles,
        ]).then(([bytes, references]) => unpacked(bytes, references).buffer);
  try {
    const [wasm, [bios, vgaBios], floppy] = await Promise.all([
      downloads.wasm(manifest.wasm).then((module) => {
        performance.mark("piskasm:wasm-compiled");
        return module;
      }),
      biosFiles,
      downloads.bytes(manifest.floppy).then((bytes) => unpacked(bytes)),
    ]);
    loaded = true;
    return { wasm, wasmUrl: manifest.wasm, bios, vgaBios, floppy, menuState };
  } catch (error) {
    // The first failure is the one reported: the menu state's download was cancelled with the rest.
    menuState?.catch(() => undefined);
    throw error;
  }
}

/**
 * Starts v86 drawing into `screen` (`onScreenFrame` after each redraw); input reaches the guest only
 * through the Machine API. `paused`: made but not run, for a state to be restored first.
 */
/** The emulated PC's memory (emu's default, as the server's and the site's menu states were made with). */
export const PAGE_MEMORY_MIB = 16;

export async function startMachine(
  files: BootFiles,
  floppy: Uint8Array,
  screen: HTMLElement,
  onScreenFrame: () => void,
  paused: boolean,
): Promise<Machine> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the emulator did not start within ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
  });
  const { wasm } = files;
  try {
    return await Promise.race([
      createMachine({
        floppy,
        bios: files.bios,
        vgaBios: files.vgaBios,
        wasmPath: files.wasmUrl,
        instantiateWasm: async (imports) =>
          (await WebAssembly.instantiate(wasm, imports as WebAssembly.Imports)).exports,
        paused,
        memoryMiB: PAGE_MEMORY_MIB,
        screenContainer: screen,
        onScreenFrame,
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
