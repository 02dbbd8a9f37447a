/** Boots a floppy and opens the game session on it (the machine is released again on failure). */
import { bootFloppy } from "../emu/node.js";
import type { DosName } from "./dos-profile.js";
import { GameSession } from "./session.js";

export interface BootSpec {
  image: string;
  dos: DosName;
  /** Longest wait for one step. */
  timeoutMs: number;
}

export async function openSession(spec: BootSpec): Promise<GameSession> {
  const machine = await bootFloppy(spec.image);
  try {
    return await GameSession.open(machine, { timeoutMs: spec.timeoutMs });
  } catch (error) {
    await machine.destroy();
    throw error;
  }
}
