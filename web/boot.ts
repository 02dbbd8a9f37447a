/** Fetching what the emulator needs and starting it in the page. */
import type { Machine } from "../emu/types.js";
import { createMachine } from "../emu/v86-machine.js";
import { ASSET_MANIFEST_URL, type AssetManifest } from "./asset-manifest.js";
import { fetchAll, fetchBytes } from "./assets.js";

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

/** assets.json, then every file it names at once (the menu state only when the server made one). */
export async function loadBootFiles(
  onProgress: (fraction: number, bytes: number) => void,
): Promise<BootFiles> {
  const manifest = JSON.parse(
    new TextDecoder().decode(await fetchBytes(ASSET_MANIFEST_URL, () => undefined)),
  ) as AssetManifest;
  const urls = {
    wasm: manifest.wasm,
    bios: manifest.bios,
    vgaBios: manifest.vgaBios,
    floppy: manifest.floppy,
  };
  const files: Partial<Record<"menuState", Uint8Array<ArrayBuffer>>> &
    Record<keyof typeof urls, Uint8Array<ArrayBuffer>> =
    manifest.menuState === null
      ? await fetchAll(urls, onProgress)
      : await fetchAll({ ...urls, menuState: manifest.menuState }, onProgress);
  const wasmUrl = URL.createObjectURL(new Blob([files.wasm], { type: "application/wasm" }));
  return {
    bios: files.bios,
    vgaBios: files.vgaBios,
    floppy: files.floppy,
    wasmUrl,
    menuState: files.menuState?.buffer,
  };
}

/** Starts v86 drawing into `screen` (`onScreenFrame` after each redraw); input reaches the guest only through the Machine API. */
export async function startMachine(
  files: BootFiles,
  floppy: Uint8Array,
  screen: HTMLElement,
  onScreenFrame: () => void,
): Promise<Machine> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the emulator did not start within ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      createMachine({
        floppy,
        bios: files.bios,
        vgaBios: files.vgaBios,
        wasmPath: files.wasmUrl,
        screenContainer: screen,
        onScreenFrame,
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
