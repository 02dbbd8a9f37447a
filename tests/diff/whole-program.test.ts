/**
 * The whole program against its model after every input: the menu, the seed entry, a game by
 * clicks, the set-up mode and the results, every screen cell and data byte compared.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSession } from "../../guest/boot.js";
import type { GameSession } from "../../guest/session.js";
import { MismatchError, ProgramChecker } from "../../checks/checker.js";
import { cellToScreen } from "../../guest/game-view.js";
import { parseCell } from "../../engine-ts/index.js";
import { BOOT } from "./setup.js";

/** Set-1 make codes of every key web/keymap.ts sends but Shift, Ctrl, Alt and the locks. */
const KEY_MAKES = [
  ...Array.from({ length: 0x1c }, (_, i) => 0x01 + i),
  ...Array.from({ length: 0x29 - 0x1e + 1 }, (_, i) => 0x1e + i),
  ...Array.from({ length: 0x35 - 0x2b + 1 }, (_, i) => 0x2b + i),
  0x37,
  0x39,
  ...Array.from({ length: 10 }, (_, i) => 0x3b + i),
  0x46,
  ...Array.from({ length: 0x53 - 0x47 + 1 }, (_, i) => 0x47 + i),
  0x57,
  0x58,
];
/** The grey keys (E0-prefixed): keypad Enter and /, Home, arrows, PgUp, End, PgDn, Insert, Delete. */
const GREY_MAKES = [0x1c, 0x35, 0x47, 0x48, 0x49, 0x4b, 0x4d, 0x4f, 0x50, 0x51, 0x52, 0x53];
const [ESCAPE, BACKSPACE, LEFT_CTRL, LEFT_SHIFT, LEFT_ALT, CAPS_LOCK, NUM_LOCK] = [
  0x01, 0x0e, 0x1d, 0x2a, 0x38, 0x3a, 0x45,
];

function explain(error: unknown): string {
  if (!(error instanceof MismatchError)) return String(error);
  const m = error.mismatch;
  const rows = (m.expectedScreen ?? []).flatMap((line, i) =>
    line === m.screen[i] ? [] : [`  row ${i} asm: ${m.screen[i]}`, `  row ${i}  ts: ${line}`],
  );
  return [error.message, ...m.diffs.map((d) => `  ${d.field}: asm ${d.asm}, ts ${d.ts}`), ...rows].join("\n");
}

describe("the model of the whole program", () => {
  let session: GameSession;
  let checker: ProgramChecker;

  beforeAll(async () => {
    session = await openSession(BOOT);
    checker = ProgramChecker.attach(session, { settleTimeoutMs: 15_000, sink: "throw" });
  });

  afterAll(async () => {
    await session?.machine.destroy();
  });

  async function checked(step: () => Promise<void>): Promise<void> {
    try {
      await step();
    } catch (error) {
      throw new Error(explain(error), { cause: error });
    }
  }

  it("agrees with the program at its first menu", () => {
    expect(checker.compare()).toEqual([]);
  });

  it("agrees after every key of a seed typed, rubbed out, refused and accepted", async () => {
    await checked(async () => {
      const { keyboard } = session.machine;
      await keyboard.type("s12x\b\b3");
      await keyboard.type("\r");
      await keyboard.type("S1234567\r");
      await keyboard.type("S777\r");
    });
    expect(session.forcedSeed()).toBe(777);
  });

  it("agrees when the keypad's / and Enter end a seed as / and Enter do", async () => {
    await checked(async () => {
      const { keyboard } = session.machine;
      await keyboard.type("S31");
      await keyboard.sendScancodes([0xe0, 0x35, 0xe0, 0xb5, 0x0e, 0x8e]);
      await keyboard.sendScancodes([0xe0, 0x1c, 0xe0, 0x9c]);
    });
    expect(session.forcedSeed()).toBe(31);
    expect(checker.found).toBeUndefined();
  });

  it("agrees for every key of the PC keyboard at the seed prompt, plain, with Shift, Ctrl and Alt, and under Caps Lock and Num Lock", async () => {
    const tap = (make: number, prefix: number[] = []): number[] => [...prefix, make, ...prefix, make | 0x80];
    const held = (modifier: number, key: number[]): number[] => [modifier, ...key, modifier | 0x80];
    const keys = [...KEY_MAKES.map((make) => tap(make)), ...GREY_MAKES.map((make) => tap(make, [0xe0]))];
    const before = checker.checked;
    await checked(async () => {
      const { keyboard } = session.machine;
      for (const lock of [[], tap(CAPS_LOCK), tap(NUM_LOCK), tap(CAPS_LOCK), tap(NUM_LOCK)]) {
        await keyboard.sendScancodes(lock);
        for (const key of keys)
          for (const typed of [key, held(LEFT_SHIFT, key), held(LEFT_CTRL, key), held(LEFT_ALT, key)]) {
            await keyboard.type("S");
            await keyboard.sendScancodes(typed);
            await keyboard.sendScancodes(tap(BACKSPACE));
            await keyboard.sendScancodes(tap(ESCAPE));
          }
      }
    });
    expect(checker.found).toBeUndefined();
    // Every scancode is an input the checker checks (a key, its release, a modifier, a lock).
    expect(checker.checked - before).toBeGreaterThan(5 * keys.length * 4 * 4);
  }, 900_000);

  it("agrees after every click of a game and after Esc", async () => {
    await checked(async () => {
      const { keyboard, mouse } = session.machine;
      await keyboard.type("2");
      for (const name of ["A1", "S19", "K2"]) {
        const at = cellToScreen(session.layout.geometry, parseCell(name));
        await mouse.clickCell(at.col, at.row);
      }
      await mouse.clickCell(70, 10);
      await keyboard.type("\x1b");
    });
  });

  it("agrees in the set-up mode up to a result", async () => {
    await checked(async () => {
      const { keyboard, mouse } = session.machine;
      await keyboard.type("4");
      for (const name of ["A1", "B2", "C3", "D4"]) {
        const at = cellToScreen(session.layout.geometry, parseCell(name));
        await mouse.clickCell(at.col, at.row, "right");
      }
      const at = cellToScreen(session.layout.geometry, parseCell("E5"));
      await mouse.clickCell(at.col, at.row, "right");
      await keyboard.type(" ");
    });
  });

  it("agrees after quitting and on every command line the small DOS runs it with again", async () => {
    await checked(async () => {
      const { keyboard } = session.machine;
      await keyboard.type("3");
      await keyboard.type(" /s:70000\r");
      await keyboard.type(" /S:12x\r");
      await keyboard.type("x/s /S:0042\r");
    });
    expect(session.forcedSeed()).toBe(42);
    await checked(async () => {
      const { keyboard } = session.machine;
      await keyboard.type("3");
      await keyboard.type("\r");
    });
    expect(session.forcedSeed()).toBeUndefined();
  });
});

describe("a checker that joins a running program (as the page's does after a restored state)", () => {
  it("is anchored mid-game with the pointer shown and agrees after the next moves, also once the pointer left its cell", async () => {
    const session = await openSession(BOOT);
    const { keyboard, mouse } = session.machine;
    const click = async (name: string): Promise<void> => {
      const at = cellToScreen(session.layout.geometry, parseCell(name));
      await mouse.clickCell(at.col, at.row);
    };
    try {
      await keyboard.type("1");
      await click("K10");
      const checker = ProgramChecker.follow(session, { settleTimeoutMs: 15_000, sink: "throw" });
      expect(checker.off).toBeDefined();
      expect(await checker.anchorSettled()).toBe(true);
      expect(checker.model.phase).toBe(2);
      expect(checker.model.pointerShown).toBe(true);
      // Two moves: the pointer leaves K10 (the cell the anchor saw under it) at the first.
      const moves = async (): Promise<void> => {
        await click("A1");
        await click("S19");
      };
      await moves().catch((error: unknown) => {
        throw new Error(explain(error), { cause: error });
      });
      expect(checker.checked).toBe(6);
      expect(checker.found).toBeUndefined();
    } finally {
      await session.machine.destroy();
    }
  });

  it("turns its checks off for a key the model does not know (unknownInput off), until anchored again", async () => {
    const other = await openSession(BOOT);
    try {
      const lenient = ProgramChecker.follow(other, {
        settleTimeoutMs: 15_000,
        sink: "throw",
        unknownInput: "off",
      });
      expect(await lenient.anchorSettled()).toBe(true);
      // SysReq (54h): no key of the page's keyboard; the BIOS calls INT 15h 85h for it, which the
      // model does not follow.
      await other.machine.keyboard.sendScancodes([0x54, 0xd4]);
      expect(lenient.off).toMatch(/scancode 54h/);
      expect(await lenient.anchorSettled()).toBe(true);
      await other.machine.keyboard.type("1");
      expect(lenient.off).toBeUndefined();
      expect(lenient.checked).toBe(1);
    } finally {
      await other.machine.destroy();
    }
  });
});
