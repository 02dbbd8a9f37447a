import { findGame, Phase, readPhase } from "../guest/game-view.js";
import type { DosProfile } from "../guest/dos-profile.js";
import type { Machine } from "../emu/types.js";
import { BIOS_TICKS, FROZEN_CLOCK_MS } from "../guest/waiting.js";

/** What a boot ended in: the game's menu, a DOS prompt, an error message on the screen, or none of these. */
export type BootFinding = "game-menu" | "dos-prompt" | "dos-error" | "nothing";

export const BOOT_FINDINGS: Readonly<Record<BootFinding, string>> = {
  "game-menu": "the game's menu",
  "dos-prompt": "a DOS prompt",
  "dos-error": "an error message",
  nothing: "neither the game, a DOS prompt nor an error message",
};

/** What the boot ended in, when (performance.now(); for a still screen, its last change), and the error line. */
export interface BootOutcome {
  readonly found: BootFinding;
  readonly readyAt: number;
  /** For dos-error: the screen line with the message. */
  readonly detail?: string;
}

/**
 * Messages that end a boot without the game: the BIOS's, the small DOS's (asm/dos), FreeDOS's and
 * the game's own missing-driver message.
 */
const ERROR_TEXTS: readonly RegExp[] = [
  /No bootable device|Boot failed|not a bootable disk|Non-System disk|Missing operating system/i,
  /PISKDOS\.SYS not found|Disk error while booting|PISKDOS: .*(not found|too big|not enough memory|disk error|not a FAT12|names no program)/,
  /unsupported DOS call/,
  /Bad command or file name|Bad or missing Command Interpreter|Error loading kernel|Abort, Retry, Fail|Invalid COMMAND\.COM/i,
  /No mouse driver found/,
];
/**
 * How long a screen must stay still, measured on the guest's own clock: the BIOS timer tick count
 * (dword at 0040:006Ch, 18.2 per emulated second), so a slow, busy host does not make a boot that is
 * still working look finished.
 */
const PROMPT_STABLE_TICKS = 4; // about 200 ms
const SCREEN_STABLE_TICKS = 55; // about 3 s
/** Between two probes the clock moves a tick or two; a larger jump is the BIOS setting it from the RTC. */
const MAX_TICK_STEP = 18;

/** SeaBIOS prints this at every boot attempt: seen this often, the floppy's boot code keeps restarting. */
const BOOT_ATTEMPT = /^Booting from /;
const BOOT_LOOP_ATTEMPTS = 3;

function isBootLoop(lines: readonly string[]): boolean {
  return lines.filter((line) => BOOT_ATTEMPT.test(line)).length >= BOOT_LOOP_ATTEMPTS;
}

function errorLine(lines: readonly string[]): string | undefined {
  return lines.find((line) => ERROR_TEXTS.some((pattern) => pattern.test(line)))?.trim();
}

/**
 * Run until the game's menu is up (debug header found, Phase = MENU), or an error message or the
 * DOS's prompt has been on a still screen for a moment, or, with no game at all, the screen has not
 * changed for SCREEN_STABLE_TICKS of the guest's clock. After `timeoutMs` without any of these the
 * boot found nothing.
 */
export function waitUntilBooted(machine: Machine, dos: DosProfile, timeoutMs: number): Promise<BootOutcome> {
  const started = performance.now();
  const ticks = (): number =>
    machine.memory.readU16(BIOS_TICKS) + machine.memory.readU16(BIOS_TICKS + 2) * 0x10000;
  let lastText = "";
  let changedAt = started;
  let changedAtTick = ticks();
  let lastTick = changedAtTick;
  return machine.waitFor<BootOutcome>(
    () => {
      const game = findGame(machine.memory);
      const now = performance.now();
      const tick = ticks();
      const clockSet = tick < lastTick || tick - lastTick > MAX_TICK_STEP;
      lastTick = tick;
      if (game && readPhase(machine.memory, game) === Phase.MENU) return { found: "game-menu", readyAt: now };
      if (now - started >= timeoutMs) return { found: "nothing", readyAt: now };
      const lines = machine.screen().lines;
      // A boot loop never leaves the screen still: it is recognised while it scrolls.
      if (isBootLoop(lines))
        return {
          found: "dos-error",
          readyAt: now,
          detail: "the floppy does not boot: the BIOS starts its boot again and again",
        };
      const text = lines.join("\n");
      // A new screen, or a clock set or started again by the BIOS, starts the stillness anew.
      if (text !== lastText || clockSet) {
        lastText = text;
        changedAt = now;
        changedAtTick = tick;
        return undefined;
      }
      const frozen = tick === changedAtTick && now - changedAt >= FROZEN_CLOCK_MS;
      const stillTicks = frozen ? Number.POSITIVE_INFINITY : tick - changedAtTick;
      if (stillTicks < PROMPT_STABLE_TICKS) return undefined;
      const error = errorLine(lines);
      if (error !== undefined) return { found: "dos-error", readyAt: changedAt, detail: error };
      if (dos.promptReady(lines)) return { found: "dos-prompt", readyAt: changedAt };
      if (!game && stillTicks >= SCREEN_STABLE_TICKS) return { found: "nothing", readyAt: changedAt };
      return undefined;
    },
    // The probe ends the wait itself at timeoutMs; this limit only catches a guest that stops the probes.
    { timeoutMs: timeoutMs + FROZEN_CLOCK_MS, what: "the game's menu, a DOS prompt or an error message" },
  );
}
