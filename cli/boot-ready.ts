import { findGame, Phase, readPhase } from "../harness/game-view.js";
import type { Machine } from "../emu/types.js";

/** Why the boot counts as finished, and when (performance.now()): for a still screen, its last change. */
export interface BootOutcome {
  readonly reason: "menu" | "dos-prompt" | "screen-stable";
  readonly readyAt: number;
}

/** The small DOS's prompt after the last AUTOEXEC program has exited (docs/architecture.md section 3). */
const SMALL_DOS_PROMPT = "press Enter to run it again";
const PROMPT_STABLE_MS = 200;
const SCREEN_STABLE_MS = 3000;

/**
 * Run until the game's menu is up (debug header found, Phase = MENU), or the small DOS's final prompt
 * has been on a still screen for a moment, or, with no game at all, the screen has not changed for
 * SCREEN_STABLE_MS (a FreeDOS prompt, a halted program).
 */
export function waitUntilBooted(machine: Machine, timeoutMs: number): Promise<BootOutcome> {
  let lastText = "";
  let changedAt = performance.now();
  return machine.waitFor<BootOutcome>(
    () => {
      const game = findGame(machine.memory);
      const now = performance.now();
      if (game && readPhase(machine.memory, game) === Phase.MENU) return { reason: "menu", readyAt: now };
      const text = machine.screen().lines.join("\n");
      if (text !== lastText) {
        lastText = text;
        changedAt = now;
        return undefined;
      }
      const still = now - changedAt;
      if (text.includes(SMALL_DOS_PROMPT) && still >= PROMPT_STABLE_MS) return { reason: "dos-prompt", readyAt: changedAt };
      if (!game && still >= SCREEN_STABLE_MS) return { reason: "screen-stable", readyAt: changedAt };
      return undefined;
    },
    { timeoutMs, what: "the game's menu or a finished AUTOEXEC" },
  );
}
