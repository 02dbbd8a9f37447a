/**
 * The menu state made at build time: PISKASM.COM's machine saved at the game's menu, so the page (and
 * any Node program) can start there instead of booting the BIOS and DOS.
 *
 * Format of the file: the bytes of v86's save_state exactly as `Machine.snapshot().state` gives them
 * (about 3 MB, no header; the static site carries it zero-block-packed, util/sparse-bytes.ts). It fits a
 * machine made with the project's default options and the same files: build/piskasm.img, SeaBIOS's
 * bios.bin and vgabios-stdvga.bin, node_modules' v86.wasm and the default memory size (2 MiB). To
 * use it in Node:
 *
 *   const machine = await bootFloppy("build/piskasm.img");
 *   await machine.restore({ state: readFileSync("build/menu.state").buffer });
 *
 * The Makefile remakes it whenever the floppy, the BIOS files or the site builder change, in a process
 * on a virtual clock (scripts/virtual-clock.mjs: the emulated time and CMOS clock from SOURCE_DATE_EPOCH),
 * so every build of the same files saves the same bytes.
 */
import { writeFileSync } from "node:fs";
import { bootFloppy } from "../../emu/node.js";
import { snapshotAtMenu } from "../web-server/menu-snapshot.js";

/**
 * Boots `floppyPath` headless with the project's default machine options and writes its state at the
 * game's menu to `outPath`; returns its size in bytes.
 */
export async function writeMenuState(floppyPath: string, outPath: string): Promise<number> {
  const state = await snapshotAtMenu(await bootFloppy(floppyPath));
  writeFileSync(outPath, state);
  return state.byteLength;
}
