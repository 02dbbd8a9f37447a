/** The DOSes the floppies can boot, and how to tell that each waits at its prompt. */
import type { DosName } from "../emu/dos-kind.js";
import { SETTLE_INSTRUCTIONS } from "./waiting.js";

export interface DosProfile {
  readonly name: DosName;
  /** True once the DOS waits for input after PISKASM.COM has exited. */
  promptReady(lines: readonly string[]): boolean;
  /**
   * Instructions from the power-on (a PC with a PS/2 mouse) within which PISKASM.COM's debug header is
   * in memory (SessionOptions.headerWithin); absent for a DOS whose boot is not bounded here.
   */
  readonly headerWithin?: number;
}

/** The small DOS asks for a new command tail once the last AUTOEXEC program has exited. */
const SMALL_DOS_PROMPT = "press Enter to run it again";
/** A FreeDOS COMMAND.COM prompt such as `A:\>` on the last non-empty line. */
const FREEDOS_PROMPT = /^[A-Z]:\\[^>]*>\s*$/;

export const DOS_PROFILES: Readonly<Record<DosName, DosProfile>> = {
  builtin: {
    name: "builtin",
    // The small DOS, MOUSE.COM and the program's start take about 6 million.
    headerWithin: SETTLE_INSTRUCTIONS,
    promptReady: (lines) => lines.some((line) => line.includes(SMALL_DOS_PROMPT)),
  },
  freedos: {
    name: "freedos",
    promptReady: (lines) => {
      const last = [...lines].reverse().find((line) => line.trim() !== "");
      return last !== undefined && FREEDOS_PROMPT.test(last.trimEnd());
    },
  },
};
