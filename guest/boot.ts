/** Boots a floppy and opens the game session on it (the machine is released again on failure). */
import { readFileSync } from "node:fs";
import { readRootFile } from "../emu/fat12.js";
import { bootFloppy } from "../emu/node.js";
import type { Machine, MachineSnapshot } from "../emu/types.js";
import type { DosName } from "../emu/dos-kind.js";
import { DOS_PROFILES } from "./dos-profile.js";
import { GameSession, isFailedStart } from "./session.js";

/** The game's file in the floppy's root directory, which AUTOEXEC.BAT starts. */
export const GAME_FILE = "PISKASM.COM";

/**
 * Does the floppy `image` hold the game's file, and does its AUTOEXEC.BAT start it (a line whose
 * command is PISKASM)? A test floppy holds the game beside programs its AUTOEXEC.BAT runs instead.
 * (An image that is not FAT12 is an Error.)
 */
function startsGame(image: string): boolean {
  const floppy = readFileSync(image);
  const autoexec = readRootFile(floppy, "AUTOEXEC.BAT");
  if (readRootFile(floppy, GAME_FILE) === undefined || autoexec === undefined) return false;
  const commands = Buffer.from(autoexec).toString("latin1").toUpperCase().split(/\r?\n/);
  return commands.some((line) => /^\s*PISKASM(\.COM)?(\s|$)/.test(line));
}

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
 * A StartStallError or HeaderMissingError keeps its machine: its catcher compares it with the model and
 * destroys it.
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
    // Without a PS/2 mouse the BIOS busy-waits through the device's time-outs: no instruction bound;
    // nor on a floppy that does not start the game (no header is the floppy's fault, not a program's).
    const headerWithin =
      spec.ps2Mouse === false || !startsGame(spec.image) ? undefined : DOS_PROFILES[spec.dos].headerWithin;
    return await GameSession.open(machine, { timeoutMs: spec.timeoutMs, headerWithin });
  } catch (error) {
    if (!isFailedStart(error)) await machine.destroy();
    throw error;
  }
}
