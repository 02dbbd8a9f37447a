/**
 * CONFIG.SYS and AUTOEXEC.BAT of the game's FreeDOS floppy: boot without a question straight into
 * MOUSE.COM and PISKASM.COM, and keep v86 idle while DOS waits.
 */

function dosText(lines: readonly string[]): string {
  return lines.map((line) => `${line}\r\n`).join("");
}

/**
 * SWITCHES=/F /N: no boot delay, no F5/F8 prompt. IDLEHALT=1: the kernel halts the CPU while it waits
 * for input, so v86 sleeps instead of spinning a host core. No menu lines, so nothing is asked at boot.
 */
export const CONFIG_SYS = dosText([
  "; piskasm: boot straight into the game (the floppy's own CONFIG.SYS is CONFIG.ORG)",
  "SWITCHES=/F /N",
  "IDLEHALT=1",
  "FILES=20",
  "BUFFERS=20",
  "SHELL=\\COMMAND.COM /E:512 /P",
]);

/** What the game's floppy runs at boot: the mouse driver, then the game. */
export const GAME_COMMANDS: readonly string[] = ["MOUSE", "PISKASM"];

/** An AUTOEXEC.BAT running `commands`. With one, FreeDOS does not ask for the date and time either. */
export function autoexecBat(commands: readonly string[] = GAME_COMMANDS): string {
  return dosText([
    "@ECHO OFF",
    "REM piskasm: boot straight into the programs (the floppy's own AUTOEXEC.BAT is AUTOEXEC.ORG)",
    ...commands,
  ]);
}

/** Files of the FreeDOS floppy that the game's floppy replaces, and the names the originals keep. */
export const KEPT_ORIGINALS: ReadonlyArray<{ name: string; keptAs: string }> = [
  { name: "AUTOEXEC.BAT", keptAs: "AUTOEXEC.ORG" },
  { name: "CONFIG.SYS", keptAs: "CONFIG.ORG" },
  // FreeDOS reads FDCONFIG.SYS in preference to CONFIG.SYS (the official floppy edition has one).
  { name: "FDCONFIG.SYS", keptAs: "FDCONFIG.ORG" },
];
