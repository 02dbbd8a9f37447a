/** Fetching what the emulator needs and starting it in the page. */
import type { Machine } from "../emu/types.js";
import { createMachine } from "../emu/v86-machine.js";
import { fetchAll, fetchOptional } from "./assets.js";

/** Files next to index.html (scripts/bundle.mjs copies them into build/web). */
export const ASSET_URLS = {
  wasm: "v86.wasm",
  bios: "bios.bin",
  vgaBios: "vgabios-stdvga.bin",
  floppy: "piskasm.img",
} as const;

/** The machine saved at the game's menu by `piskasm serve` for the default floppy (optional; empty = none). */
export const MENU_STATE_URL = "menu.state";

export interface BootFiles {
  bios: Uint8Array;
  vgaBios: Uint8Array;
  floppy: Uint8Array;
  /** An object URL of v86.wasm, fetched once with the other files. */
  wasmUrl: string;
  /** The default floppy's machine state at the menu, when the server made one. */
  menuState: ArrayBuffer | undefined;
}

const START_TIMEOUT_MS = 30_000;

export async function loadBootFiles(onProgress: (fraction: number, bytes: number) => void): Promise<BootFiles> {
  const [files, menuState] = await Promise.all([fetchAll(ASSET_URLS, onProgress), fetchOptional(MENU_STATE_URL)]);
  const wasmUrl = URL.createObjectURL(new Blob([files.wasm], { type: "application/wasm" }));
  return { bios: files.bios, vgaBios: files.vgaBios, floppy: files.floppy, wasmUrl, menuState: menuState && menuState.byteLength > 0 ? menuState.buffer : undefined };
}

/** Starts v86 drawing into `screen`; input reaches the guest only through the Machine API. */
export async function startMachine(files: BootFiles, floppy: Uint8Array, screen: HTMLElement): Promise<Machine> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the emulator did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      createMachine({ floppy, bios: files.bios, vgaBios: files.vgaBios, wasmPath: files.wasmUrl, screenContainer: screen }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
