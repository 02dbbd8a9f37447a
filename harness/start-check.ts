/**
 * The program's start alone, on a machine whose mouse differs from the campaign's (no MOUSE.COM, no
 * PS/2 mouse), checked against the model's start for that machine: the menu, or the message and
 * errorlevel 1 of a program without a mouse driver.
 */
import { ERRORLEVEL_LINE } from "../checks/checker.js";
import { bootFloppy } from "../emu/node.js";
import type { Machine } from "../emu/types.js";
import type { BootSpec } from "../guest/boot.js";
import { locateGame, Phase, phaseName, type GameLayout } from "../guest/game-view.js";
import { GameSession } from "../guest/session.js";
import { StillWatch, STUCK_TICKS, waitsForInput } from "../guest/waiting.js";
import type { MouseSetUp } from "../program-ts/index.js";
import type { GameOutcome, GameSpec } from "./model.js";
import { startOutcome } from "./runner.js";

/** Where the program's start ended: its menu, DOS's report of its end, or a halt elsewhere. */
interface StartEnd {
  layout: GameLayout;
  /** Absent at the menu. */
  stall?: string;
}

/**
 * Runs the machine until the started program is at its menu, has ended (DOS reports it and waits for
 * a line), or sits halted for STUCK_TICKS timer ticks elsewhere. No instruction bound: without a PS/2
 * mouse the BIOS busy-waits through the device's time-outs (MOUSE.COM's probe and the program's, about
 * a billion instructions each), so only the step's time limits it.
 */
function startEnd(machine: Machine, timeoutMs: number): Promise<StartEnd> {
  const still = new StillWatch(machine.memory);
  return machine.waitFor<StartEnd>(
    () => {
      const layout = locateGame(machine.memory);
      if (!layout) return undefined;
      const phase = machine.memory.readU8(layout.phase);
      if (phase === Phase.MENU) return { layout };
      const halted = machine.halted();
      if (halted && waitsForInput(machine) && ERRORLEVEL_LINE.test(machine.screenText()))
        return { layout, stall: `ended (DOS reports it) in phase ${phaseName(phase)}` };
      if (still.held(halted))
        return { layout, stall: `sat halted for ${STUCK_TICKS} timer ticks in phase ${phaseName(phase)}` };
      return undefined;
    },
    { timeoutMs, what: "PISKASM.COM's menu or its end" },
  );
}

/** How a report names a start checked on a machine with `mouse`. */
function startOn(mouse: MouseSetUp): string {
  const machine: Record<MouseSetUp, string> = {
    driver: "with MOUSE.COM and a PS/2 mouse",
    "no-driver": "without MOUSE.COM loaded",
    "no-ps2-mouse": "of a PC without a PS/2 mouse",
  };
  return `the program's start ${machine[mouse]}`;
}

/**
 * Boots `boot` (a machine with `mouse`) and checks the program's start alone against the model's. The
 * game `spec` names the check in a report; undefined when the program does what the model does.
 */
export async function checkStart(
  boot: BootSpec,
  mouse: MouseSetUp,
  spec: GameSpec,
  onMachine?: (machine: Machine) => void,
): Promise<GameOutcome | undefined> {
  const machine = await bootFloppy(boot.image, { ps2Mouse: boot.ps2Mouse });
  try {
    onMachine?.(machine);
    const end = await startEnd(machine, boot.timeoutMs);
    const session = GameSession.attach(machine, end.layout, { timeoutMs: boot.timeoutMs });
    const outcome = startOutcome(session, end.stall, spec, boot.timeoutMs, mouse);
    if (outcome?.mismatch) outcome.mismatch.afterInput = startOn(mouse);
    return outcome;
  } finally {
    await machine.destroy();
  }
}
