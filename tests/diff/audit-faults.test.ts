/**
 * Slips a programmer might make anywhere in PISKASM.COM, none of them a mutation operator's nor a fault
 * tested elsewhere, each written into a copy of the source: the checker of the whole program finds
 * each as a mismatch after the input that shows it. The first five were missed until the checker
 * looked at the pointer's cell and the sweep's openings gained the inputs that show them.
 */
import { describe, expect, it } from "vitest";
import type { GameSession } from "../../guest/session.js";
import { checkStart } from "../../harness/start-check.js";
import { click, faultySweep, mismatchFields, START_SPEC } from "./fault-session.js";
import { faultyFloppy } from "./faulty-floppy.js";

/** Where the pointer rests at the menu: on the menu's text of the status line (row 23). */
const ON_STATUS_LINE = { col: 12, row: 23 };
/** F1: an extended key (ASCII 0, scan code 3Bh, which is ';'). */
const F1 = [0x3b, 0xbb];

const startGame = (s: GameSession): Promise<void> => s.machine.keyboard.type("1");

describe("the checker of the whole program finds the slip", () => {
  it("of a prompt drawn after the pointer is shown, as the pointer's image missing from its cell", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "        mov si, msg_your_move\n        call show_status\n        mov ax, MOUSE_SHOW\n        int 33h\n",
      to: "        mov ax, MOUSE_SHOW\n        int 33h\n        mov si, msg_your_move\n        call show_status\n",
    };
    const fields = await mismatchFields(edit, async (s) => {
      await s.machine.mouse.moveToCell(ON_STATUS_LINE.col, ON_STATUS_LINE.row);
      await startGame(s);
    });
    expect(fields).toEqual(["Pointer"]);
  });

  it("of a five on the board's last empty cell announced as a draw (the sweep's game 18)", async () => {
    const edit = {
      file: "piskasm.asm",
      from: "        test al, al\n        jz .no_five\n        mov si, msg_human_won",
      to: "        cmp word [VolnaPole], 0\n        je .no_five\n        test al, al\n        jz .no_five\n        mov si, msg_human_won",
    };
    expect(await faultySweep(edit, [18])).toEqual([["Phase", "ScreenCell"]]);
  }, 60_000);

  it("of keys typed during the computer's move dropped at the human's turn, an Esc among them (the sweep's game 8)", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "wait_human_move:\n        mov si, msg_your_move\n",
      to: "wait_human_move:\n        call flush_keys\n        mov si, msg_your_move\n",
    };
    expect(await faultySweep(edit, [8])).toEqual([["Phase", "ScreenCell", "Pointer"]]);
  }, 60_000);

  it("of a command line read to its last /S:n, which a bad second /S: then ends", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "        mov [ForcedSeed], bx\n        mov byte [SeedIsForced], 1\n.done:",
      to: "        mov [ForcedSeed], bx\n        mov byte [SeedIsForced], 1\n        jmp .find_slash\n.done:",
    };
    // The program ended with the bad-seed message where the model has it at its menu with 65535 forced.
    const fields = await mismatchFields(edit, (s) => s.machine.keyboard.type("3 /S:65535 /S:99999\r"));
    expect(fields).toEqual(["Phase", "ScreenCell", "Cursor"]);
  });

  it("of 65535 refused as a seed", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "        add ax, di\n        jc .bad\n",
      to: "        add ax, di\n        jc .bad\n        cmp ax, 0FFFFh\n        je .bad\n",
    };
    const fields = await mismatchFields(edit, (s) => s.machine.keyboard.type("3 /S:65535 /S:99999\r"));
    expect(fields).toEqual(expect.arrayContaining(["ForcedSeed", "SeedIsForced", "Phase", "Cursor"]));
  });

  it("of the legend's last-move X in the plain X colour", async () => {
    const edit = {
      file: "piskasm/texts.inc",
      from: "db BOARD_TOP + 1, PANEL_COL, ATTR_X_LAST, 'X', 0",
      to: "db BOARD_TOP + 1, PANEL_COL, ATTR_X, 'X', 0",
    };
    expect(await mismatchFields(edit, startGame)).toEqual(["ScreenCell"]);
  });

  it("of the computer's old last stone left bright red", async () => {
    const edit = {
      file: "piskasm/engine.inc",
      from: "        call draw_cell                  ; the old last stone, now in the normal colour\n",
      to: "",
    };
    const fields = await mismatchFields(edit, async (s) => {
      await s.machine.keyboard.type("2");
      await click(s, "A1");
    });
    expect(fields).toEqual(["ScreenCell"]);
  });

  it("of a click right of column S taken as the next row's A", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "        cmp ax, BOARD_SIZE * CELL_WIDTH\n        jae .off_board",
      to: "        cmp ax, BOARD_SIZE * CELL_WIDTH\n        ja .off_board",
    };
    const fields = await mismatchFields(edit, async (s) => {
      await startGame(s);
      await s.machine.mouse.clickCell(60, 2);
    });
    expect(fields).toEqual(expect.arrayContaining(["Plocha", "ScreenCell"]));
  });

  it("of Enter and Tab swapped in the set-up mode", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "        mov ah, SETUP_COMPUTER_MOVES\n        cmp al, KEY_ENTER\n        je .leave\n        mov ah, SETUP_HUMAN_MOVES\n        cmp al, KEY_TAB",
      to: "        mov ah, SETUP_COMPUTER_MOVES\n        cmp al, KEY_TAB\n        je .leave\n        mov ah, SETUP_HUMAN_MOVES\n        cmp al, KEY_ENTER",
    };
    const fields = await mismatchFields(edit, async (s) => {
      await s.machine.keyboard.type("4");
      await click(s, "K10");
      await s.machine.keyboard.type("\t");
    });
    expect(fields).toEqual(expect.arrayContaining(["Plocha", "LastPC", "ScreenCell"]));
  });

  it("of a Backspace on an empty seed line that rubs out the byte before the line", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: ".rub_out:\n        test bx, bx\n        jz .next_key\n",
      to: ".rub_out:\n",
    };
    const fields = await mismatchFields(edit, (s) => s.machine.keyboard.type("3 /S:7\rS\b"));
    expect(fields).toEqual(["SeedIsForced"]);
  });

  it("of an extended key whose scan code is left to be read as a character", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "        jnz .done\n        mov ah, DOS_READ_KEY\n        int 21h\n        mov al, 0\n",
      to: "        jnz .done\n",
    };
    const fields = await mismatchFields(edit, async (s) => {
      await s.machine.keyboard.type("S");
      await s.machine.keyboard.sendScancodes(F1);
    });
    expect(fields).toEqual(["SeedText", "ScreenCell"]);
  });

  it("of a click made at the menu taken as the first move of the game", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "        mov bx, LEFT_BUTTON             ; reading the press count resets it: clicks made before\n        call poll_click                 ; this turn are dropped\n",
      to: "",
    };
    const fields = await mismatchFields(edit, async (s) => {
      await click(s, "K10");
      await startGame(s);
      await s.machine.mouse.moveToCell(0, 0);
    });
    expect(fields).toEqual(expect.arrayContaining(["Plocha", "ScreenCell"]));
  });

  it("of a quit with errorlevel 1", async () => {
    const edit = {
      file: "piskasm.asm",
      from: "DOS_EXIT * 256 + EXIT_OK",
      to: "DOS_EXIT * 256 + EXIT_NO_MOUSE",
    };
    expect(await mismatchFields(edit, (s) => s.machine.keyboard.type("3"))).toEqual(["ExitCode"]);
  });

  it("of a GetRandom that gives the next value, not the current one", async () => {
    const edit = {
      file: "piskasm/engine.inc",
      from: "        mov ax, [Random]\n        add word [Random], RANDOM_STEP\n",
      to: "        add word [Random], RANDOM_STEP\n        mov ax, [Random]\n",
    };
    const fields = await mismatchFields(edit, (s) => s.machine.keyboard.type("3 /S:1\r2"));
    expect(fields).toEqual(expect.arrayContaining(["Plocha", "LastPC", "ScreenCell"]));
  });
});

describe("the start check of a PC without a PS/2 mouse finds the slip", () => {
  it("of a misspelt word in its message, which no game on a machine with a mouse shows", async () => {
    const edit = {
      file: "piskasm/texts.inc",
      from: "so MOUSE.COM could not start",
      to: "so MOUSE.COM cuold not start",
    };
    const boot = { image: faultyFloppy(edit), dos: "builtin", timeoutMs: 120_000, ps2Mouse: false } as const;
    const outcome = await checkStart(boot, "no-ps2-mouse", START_SPEC);
    expect(outcome?.mismatch?.afterInput).toBe("the program's start of a PC without a PS/2 mouse");
    expect([...new Set(outcome?.mismatch?.diffs.map((d) => d.field))]).toEqual(["ScreenCell"]);
  }, 180_000);
});
