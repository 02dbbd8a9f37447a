/** build/menu.state (made by `make menu-state`): a booted machine continues from it at the game's menu and plays. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSession } from "../../guest/boot.js";
import { Phase } from "../../guest/game-view.js";

const ROOT = join(import.meta.dirname, "..", "..");
const MENU_STATE = join(ROOT, "build", "menu.state");
const IMAGE = join(ROOT, "build", "piskasm.img");
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
});
