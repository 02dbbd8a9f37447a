/** Boots a floppy and opens the game session on it (the machine is released again on failure). */
import { bootFloppy } from "../emu/node.js";
import type { Machine, MachineSnapshot } from "../emu/types.js";
import type { DosName } from "../emu/dos-kind.js";
import { GameSession, StartStallError } from "./session.js";

export interface BootSpec {
  image: string;
  dos: DosName;
  /** Longest wait for one step. */
  timeoutMs: number;
  /** false: a PC without a PS/2 mouse (MOUSE.COM then refuses to install); default true. */
  ps2Mouse?: boolean;
}

/**
 * Boots `spec.image` and waits for the game's menu; with `menu` (a snapshot of a machine booted from
 * the same image, at the menu) the new machine continues from it instead of booting:
 * a few ms instead of the BIOS, the DOS and the game's start (about 6 million instructions, most of
 * them interpreted). `onMachine` gets the machine as soon as it exists (a watchdog of the boot).
 * A StartStallError keeps its machine running: its catcher compares it with the model and destroys it.
 */
export async function openSession(
  spec: BootSpec,
  menu?: MachineSnapshot,
  onMachine?: (machine: Machine) => void,
): Promise<GameSession> {
  // With a menu state the PC is made paused: SeaBIOS would otherwise start its boot (a third of a
  // second of guest code on a quiet host) only to be overwritten by the restore.
  const machine = await bootFloppy(spec.image, { paused: menu !== undefined, ps2Mouse: spec.ps2Mouse });
  onMachine?.(machine);
  try {
    if (menu) {
      await machine.restore(menu);
      await machine.resume();
    }
    return await GameSession.open(machine, { timeoutMs: spec.timeoutMs });
  } catch (error) {
    if (!(error instanceof StartStallError)) await machine.destroy();
    throw error;
  }
}
