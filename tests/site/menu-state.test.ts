/**
 * build/menu.state (made by `make menu-state`): a booted machine continues from it at the game's menu
 * and plays; the static site's packed copy of it (without the BIOS copies) unpacks to the same bytes.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSession } from "../../guest/boot.js";
import { Phase } from "../../guest/game-view.js";
import { unpackSparse } from "../../util/sparse-bytes.js";
import type { AssetManifest } from "../../web/asset-manifest.js";

const ROOT = join(import.meta.dirname, "..", "..");
const MENU_STATE = join(ROOT, "build", "menu.state");
const IMAGE = join(ROOT, "build", "piskasm.img");
const SITE = join(ROOT, "build", "site");
const CENTRE = 9 * 19 + 9;
/** Well below the ~6 million instructions of a boot to the menu. */
const BOOT_INSTRUCTIONS = 2_000_000;

describe("the build-time menu state", () => {
  it("puts a freshly booted machine at the game's menu, where a game can be played", async () => {
    if (!existsSync(MENU_STATE)) throw new Error(`${MENU_STATE} is missing: run \`make menu-state\` first`);
    const state = new Uint8Array(readFileSync(MENU_STATE)).buffer;
    const session = await openSession({ image: IMAGE, dos: "builtin", timeoutMs: 60_000 }, { state });
    try {
      expect(session.phase()).toBe(Phase.MENU);
      // Booting to the menu takes about 6 million instructions; from the state it takes none.
      expect(session.machine.instructionCount()).toBeLessThan(BOOT_INSTRUCTIONS);
      await session.startGame("human");
      await session.humanMove(CENTRE);
      expect(session.moveCount()).toBe(2);
      expect(session.phase()).toBe(Phase.HUMAN_TURN);
    } catch (error) {
      console.log(`the PC screen:\n${session.machine.screenText()}`);
      throw error;
    } finally {
      await session.machine.destroy();
    }
  });

  it("comes back byte for byte from the site's packed copy and the site's BIOS files", () => {
    const manifest = JSON.parse(readFileSync(join(SITE, "assets.json"), "utf8")) as AssetManifest;
    const read = (name: string | null): Uint8Array => new Uint8Array(readFileSync(join(SITE, name ?? "")));
    const packed = read(manifest.menuState);
    const state = readFileSync(MENU_STATE);
    // The PC's copies of the two BIOS images are left out of the packed state: about 100 KB.
    expect(packed.byteLength).toBeLessThan(state.byteLength / 10);
    const unpacked = unpackSparse(packed, [read(manifest.bios), read(manifest.vgaBios)]);
    expect(Buffer.from(unpacked).equals(state)).toBe(true);
  });
});
