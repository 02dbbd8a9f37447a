/** Boots a floppy and opens the game session on it (the machine is released again on failure). */
import { bootFloppy } from "../emu/node.js";
import type { MachineSnapshot } from "../emu/types.js";
import type { DosName } from "./dos-profile.js";
import { GameSession } from "./session.js";

export interface BootSpec {
  image: string;
  dos: DosName;
  /** Longest wait for one step. */
  timeoutMs: number;
}

/**
 * Boots `spec.image` and waits for the game's menu; with `menu` (a snapshot of a machine booted from
 * the same image, at the menu) the new machine continues from it instead of booting:
 * a few ms instead of the BIOS, the DOS and the game's start (about 6 million instructions, most of
 * them interpreted).
 */
export async function openSession(spec: BootSpec, menu?: MachineSnapshot): Promise<GameSession> {
  const machine = await bootFloppy(spec.image);
  try {
    if (menu) await machine.restore(menu);
    return await GameSession.open(machine, { timeoutMs: spec.timeoutMs });
  } catch (error) {
    await machine.destroy();
    throw error;
  }
}
