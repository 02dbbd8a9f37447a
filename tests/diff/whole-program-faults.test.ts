/**
 * Faults a player sees at once, each written into a copy of the source, are found by the checker of
 * the whole program as a mismatch after the input that shows them (never as a time-out).
 */
import { describe, expect, it } from "vitest";
import { openSession, type BootSpec } from "../../guest/boot.js";
import { isFailedStart, startMachine } from "../../guest/session.js";
import { checkStart } from "../../harness/start-check.js";
import { MismatchError, ProgramChecker } from "../../checks/checker.js";
import { parseCell } from "../../engine-ts/index.js";
import type { DiffField } from "../../checks/diff-types.js";
import type { GameSession } from "../../guest/session.js";
import { faultyFloppy, type SourceEdit } from "./faulty-floppy.js";
import { click, mismatchFields, SETTLE_MS, START_SPEC } from "./fault-session.js";
import { failedStartOutcome, playGame } from "../../harness/runner.js";
import { buildReport } from "../../harness/mismatch-report.js";
import { replayBooted, sameDivergence } from "../../harness/replay.js";
import type { GameOutcome } from "../../harness/model.js";

/**
 * Boots the faulty program, whose start must fail (no menu, another header, none seen); the outcome of
 * its start's check, as the diff runner and mutation testing make it.
 */
async function failedStart(image: string, timeoutMs?: number): Promise<GameOutcome | undefined> {
  const error = await openSession({ ...boot(image), timeoutMs: timeoutMs ?? STEP_MS }).then(
    async (session) => {
      await session.machine.destroy();
      throw new Error("the program came to its menu");
    },
    (failure: unknown) => failure,
  );
  if (!isFailedStart(error)) throw error;
  try {
    return failedStartOutcome(error, START_SPEC, SETTLE_MS);
  } finally {
    await startMachine(error).destroy();
  }
}

const fieldsOf = (outcome: GameOutcome | undefined): DiffField[] => [
  ...new Set(outcome?.mismatch?.diffs.map((d) => d.field)),
];

/** The fields of the mismatch of a start that fails. */
async function stalledStartFields(edit: SourceEdit, timeoutMs?: number): Promise<DiffField[]> {
  return fieldsOf(await failedStart(faultyFloppy(edit), timeoutMs));
}

/**
 * A start that runs into its header runs whatever its bytes make of code: on a busy host some of those
 * paths (writes into their own code) crawl at a few million instructions a second, so the 40 million
 * instructions of the no-header bound can take longer than boot()'s 20 s; the bound is the subject here.
 */
const NO_HEADER_STEP_MS = 90_000;

const STEP_MS = 20_000;
const boot = (image: string): BootSpec => ({ image, dos: "builtin", timeoutMs: STEP_MS });

const fiveInSetUp = async (s: GameSession): Promise<void> => {
  await s.machine.keyboard.type("4");
  for (const name of ["A1", "B1", "C1", "D1", "E1"]) await click(s, name);
};

describe("the checker of the whole program finds", () => {
  it("a win announced for the wrong side", async () => {
    const edit = { file: "piskasm.asm", from: "mov si, msg_human_won", to: "mov si, msg_computer_won" };
    expect(await mismatchFields(edit, fiveInSetUp)).toEqual(["ScreenCell"]);
  });

  it("a stone drawn in the other side's colour", async () => {
    const edit = { file: "piskasm/screen.inc", from: "(ATTR_O << 8) | CHAR_O", to: "(ATTR_X << 8) | CHAR_O" };
    expect(await mismatchFields(edit, fiveInSetUp)).toEqual(["ScreenCell"]);
  });

  it("an empty cell drawn without its dot", async () => {
    const edit = { file: "piskasm.asm", from: "CHAR_EMPTY      equ 0FAh", to: "CHAR_EMPTY      equ ' '" };
    expect(await mismatchFields(edit, (s) => s.machine.keyboard.type("1"))).toEqual(["ScreenCell"]);
  });

  it("a mouse pointer that never appears", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "        call show_status\n        mov ax, MOUSE_SHOW\n        int 33h\n        mov bx, LEFT_BUTTON",
      to: "        call show_status\n        mov bx, LEFT_BUTTON",
    };
    expect(await mismatchFields(edit, (s) => s.machine.keyboard.type("1"))).toEqual(["Pointer"]);
  });

  it("a quit that leaves the board on the DOS screen with the cursor hidden", async () => {
    const edit = {
      file: "piskasm.asm",
      from: "        mov ax, VIDEO_SET_MODE * 256 + VIDEO_MODE_TEXT",
      to: "        mov ax, 0F00h",
    };
    const fields = await mismatchFields(edit, (s) => s.machine.keyboard.type("1\x1b3"));
    expect(fields).toEqual(expect.arrayContaining(["Cursor", "ScreenCell"]));
  });

  it("a lower-case /s:n ignored on the command line", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "        and al, 0DFh                    ; upper case\n        cmp ax, ('S')",
      to: "        cmp ax, ('S')",
    };
    const fields = await mismatchFields(edit, (s) => s.machine.keyboard.type("3 /s:123\r"));
    expect(fields).toEqual(["ForcedSeed", "SeedIsForced"]);
  });

  it("a seed line that takes one character too many", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "        cmp bx, SEED_TEXT_MAX\n        jae .next_key",
      to: "        cmp bx, SEED_TEXT_MAX\n        ja .next_key",
    };
    const fields = await mismatchFields(edit, (s) => s.machine.keyboard.type("S1234567"));
    expect(fields).toEqual(["SeedText", "ScreenCell"]);
  });

  it("a program that hangs after a click, as a mismatch that says what the model expected", async () => {
    const edit = {
      file: "piskasm.asm",
      from: "        call pc_move                    ; DI = cell",
      to: "        jmp $",
    };
    const fields = await mismatchFields(edit, async (s) => {
      await s.machine.keyboard.type("1");
      await click(s, "K10");
    });
    expect(fields[0]).toBe("Settle");
  });

  it("a program that leaves keys unread, told by the machine's clock without waiting for the step's time", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "read_key:\n        mov ah, DOS_READ_KEY",
      to: "read_key:",
    };
    const session = await openSession(boot(faultyFloppy(edit)));
    try {
      const checker = ProgramChecker.attach(session, { settleTimeoutMs: 600_000, sink: "throw" });
      checker.checkNow();
      const error = await session.machine.keyboard.type("S").then(
        () => new Error("the fault was not found"),
        (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure))),
      );
      if (!(error instanceof MismatchError)) throw error;
      const [first] = error.mismatch.diffs;
      expect(first.field).toBe("Settle");
      expect(first.asm).toMatch(/keys unread/);
    } finally {
      await session.machine.destroy();
    }
  });

  it("the BIOS cursor left blinking during the game", async () => {
    const edit = { file: "piskasm.asm", from: "        call hide_hardware_cursor\n", to: "" };
    expect(await mismatchFields(edit, () => Promise.resolve())).toEqual(["Cursor"]);
  });

  it("a quit that does not say so in Phase (its data after the end)", async () => {
    const edit = { file: "piskasm.asm", from: "        mov byte [Phase], PHASE_EXITING\n", to: "" };
    expect(await mismatchFields(edit, (s) => s.machine.keyboard.type("3"))).toEqual(["Phase"]);
  });

  it("a start that never comes to the menu, as a mismatch against the model's menu", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "        mov byte [Phase], PHASE_MENU\n        mov bx, [Seed]",
      to: "        mov bx, [Seed]",
    };
    expect(await stalledStartFields(edit)).toEqual(["Settle", "Phase"]);
  });

  it("a debug header whose Phase points a byte off", async () => {
    const edit = {
      file: "piskasm.asm",
      from: "        dw Phase                        ; 118h",
      to: "        dw Phase + 1",
    };
    expect(await stalledStartFields(edit)).toEqual(["Settle", "Header"]);
  });

  it("a debug header of another version, as a Header mismatch of the start that replays", async () => {
    const edit = {
      file: "piskasm.asm",
      from: "        dw 2                            ; 10Ah header version",
      to: "        dw 3                            ; 10Ah header version",
    };
    const image = faultyFloppy(edit);
    const outcome = await failedStart(image);
    const [header] = outcome?.mismatch?.diffs ?? [];
    expect(fieldsOf(outcome)).toEqual(["Header"]);
    expect(header.asm).toMatch(/version 3; this harness reads version 2 \(rebuild with make\)/);
    if (!outcome) throw new Error("no outcome");
    const report = buildReport(outcome, "builtin");
    expect(sameDivergence(report, await replayBooted(boot(image), report))).toBe(true);
  });

  it("a start that runs into its debug header (the jump over it removed), as a mismatch with no header", async () => {
    const edit = {
      file: "piskasm.asm",
      from: "        jmp short main                  ; two bytes",
      to: "                                        ; two bytes",
    };
    expect(await stalledStartFields(edit, NO_HEADER_STEP_MS)).toEqual(["Header", "ScreenCell"]);
  });

  it("a start that sits halted before its debug header's place, as a mismatch with no header well before the step's time", async () => {
    const edit = {
      file: "piskasm.asm",
      from: "        jmp short main                  ; two bytes",
      to: "halted: hlt\n        jmp short halted                ; three bytes, not two",
    };
    const started = performance.now();
    const outcome = await failedStart(faultyFloppy(edit), NO_HEADER_STEP_MS);
    expect(fieldsOf(outcome)).toEqual(["Header", "ScreenCell"]);
    expect(outcome?.mismatch?.diffs.find((d) => d.field === "Header")?.asm).toContain("sits halted");
    expect(performance.now() - started).toBeLessThan(NO_HEADER_STEP_MS / 2);
  });

  it("a pointer the program moves away from where the mouse's packets put it", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "poll_click:\n        mov ax, MOUSE_PRESSES\n",
      to: "poll_click:\n        mov ax, MOUSE_PRESSES - 1\n",
    };
    const fields = await mismatchFields(edit, async (s) => {
      await s.machine.keyboard.type("1");
      await click(s, "K10");
    });
    expect(fields).toEqual(["Pointer"]);
  });

  it("a program that runs away after the mismatch it showed, as that mismatch (not a time-out)", async () => {
    const edit = {
      file: "piskasm/engine.inc",
      from: "        mov word [Info + di], 0\n        mov bx, ray_steps\n",
      to: "        mov word [Info + di], 0\n",
    };
    const session = await openSession(boot(faultyFloppy(edit)));
    try {
      const spec = { ...START_SPEC, moves: [parseCell("K10")], maxComputerMoves: 1 };
      const outcome = await playGame(session, spec, { stepTimeoutMs: 60_000 });
      expect(outcome.result).toBe("mismatch");
      const fields = fieldsOf(outcome);
      expect(fields).toEqual(expect.arrayContaining(["Phase", "Settle"]));
      const settle = outcome.mismatch?.diffs.find((d) => d.field === "Settle");
      expect(settle?.asm).toMatch(/40 million instructions/);
    } finally {
      await session.machine.destroy();
    }
  });

  it("a wrong word in the message of a start without a mouse driver", async () => {
    const edit = { file: "piskasm/texts.inc", from: "No mouse driver found", to: "No mouse drover found" };
    const image = faultyFloppy(edit, "disk/tests/piskasm-nomouse.bat");
    const outcome = await checkStart(boot(image), "no-driver", START_SPEC);
    expect(outcome?.mismatch?.afterInput).toBe("the program's start without MOUSE.COM loaded");
    expect([...new Set(outcome?.mismatch?.diffs.map((d) => d.field))]).toEqual(["ScreenCell"]);
  });

  it("nothing in the unchanged program's start without a mouse driver", async () => {
    const edit = { file: "piskasm/texts.inc", from: "No mouse driver found", to: "No mouse driver found" };
    const image = faultyFloppy(edit, "disk/tests/piskasm-nomouse.bat");
    expect(await checkStart(boot(image), "no-driver", START_SPEC)).toBeUndefined();
  });
});
