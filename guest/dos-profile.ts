/** The DOSes the floppies can boot, and how to tell that each waits at its prompt. */
export type DosName = "builtin" | "freedos";

export interface DosProfile {
  readonly name: DosName;
  /** True once the DOS waits for input after PISKASM.COM has exited. */
  promptReady(lines: readonly string[]): boolean;
}

/** The small DOS asks for a new command tail once the last AUTOEXEC program has exited. */
const SMALL_DOS_PROMPT = "press Enter to run it again";
/** A FreeDOS COMMAND.COM prompt such as `A:\>` on the last non-empty line. */
const FREEDOS_PROMPT = /^[A-Z]:\\[^>]*>\s*$/;

export const DOS_PROFILES: Readonly<Record<DosName, DosProfile>> = {
  builtin: {
    name: "builtin",
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
