/**
 * A machine state saved at the game's menu, made once when the server starts: the page restores it
 * instead of booting the BIOS and DOS. It is made from the very files the page is served (BIOS,
 * wasm, floppy), with the same Machine API the page uses, so the state fits the page's machine.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Machine } from "../../emu/types.js";
import type { BundleAssets } from "../../web/asset-manifest.js";
import { createMachine } from "../../emu/v86-machine.js";
import { findGame, Phase, readPhase } from "../../guest/game-view.js";

/** The game's floppy reaches its menu in about 0.5 s; a floppy that takes longer is booted by the page. */
const BOOT_TIMEOUT_MS = 8_000;

/** Boots `floppyPath` with the bundle's BIOS and wasm until the game's menu and returns the saved state. */
export async function makeMenuSnapshot(
  webRoot: string,
  bundle: BundleAssets,
  floppyPath: string,
): Promise<Uint8Array> {
  return snapshotAtMenu(
    await createMachine({
      floppy: new Uint8Array(readFileSync(floppyPath)),
      bios: new Uint8Array(readFileSync(join(webRoot, bundle.bios))),
      vgaBios: new Uint8Array(readFileSync(join(webRoot, bundle.vgaBios))),
      wasmPath: join(webRoot, bundle.wasm),
    }),
  );
}

/**
 * Runs a freshly booted `machine` until the game's menu and returns its state (v86 save_state bytes);
 * the machine is destroyed after, however that ends.
 */
export async function snapshotAtMenu(machine: Machine): Promise<Uint8Array> {
  try {
    await waitForMenu(machine);
    return new Uint8Array((await machine.snapshot()).state);
  } finally {
    await machine.destroy();
  }
}

async function waitForMenu(machine: Machine): Promise<void> {
  try {
    await machine.waitFor(
      () => {
        const game = findGame(machine.memory);
        return game !== undefined && readPhase(machine.memory, game) === Phase.MENU;
      },
      { timeoutMs: BOOT_TIMEOUT_MS, what: "the game's menu" },
    );
  } catch (error) {
    throw new Error(`PISKASM.COM's menu did not appear within ${BOOT_TIMEOUT_MS / 1000} s`, { cause: error });
  }
}
