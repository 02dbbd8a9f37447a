/**
 * The model of the whole program alone (no emulator) against screens and data recorded from the real
 * PISKASM.COM (tests/unit/fixtures/program-screens.json, kept true by tests/diff/program-screens.test.ts):
 * the same inputs give every screen cell (but the one the mouse driver draws the pointer on) and every
 * data byte, and the pointer shown exactly when the program shows it.
 */
import { describe, expect, it } from "vitest";
import {
  CURSOR_OFF_SHAPE,
  EXTENDED,
  KeyTranslator,
  dataVariable,
  NO_MOUSE_TEXTS,
  NO_PS2_MOUSE_TEXTS,
  ProgramModel,
  SCREEN_COLS,
  screenToCell,
  type MouseSetUp,
} from "../../program-ts/index.js";
import { parseCell } from "../../engine-ts/index.js";
import { fromBase64, readRecordedSteps, type RecordedStep } from "./program-screens.js";

const SEED = 4242;

describe("the model of the whole program", () => {
  const steps = readRecordedSteps();
  const model = new ProgramModel({
    countedSeed: () => {
      throw new Error("every recorded game has a forced seed");
    },
  });

  it("has a recording to be checked against", () => {
    expect(steps.length).toBeGreaterThan(10);
  });

  it.each(steps.map((step, i) => [i, step] as const))(
    "gives step %i's screen, data and pointer",
    (_, step) => {
      if ("text" in step.input) for (const char of step.input.text) model.key(char.charCodeAt(0));
      else model.press(step.input.click.button, step.input.click.col, step.input.click.row);
      const screen = new Uint16Array(fromBase64(step.screen).buffer);
      const expected = model.screen.words.slice();
      const shown = step.showCount === 0;
      expect(model.pointerShown).toBe(shown);
      if (shown) {
        const at = step.pointer.row * SCREEN_COLS + step.pointer.col;
        expected[at] = screen[at];
      }
      if (model.exitCode !== undefined) {
        // After the end: the small DOS's rows from the exit's cursor row are DOS's; the rest is the program's.
        const from = (model.exitCursorRow + 2) * SCREEN_COLS;
        expect(Array.from(screen.subarray(from))).toEqual(Array.from(expected.subarray(from)));
        return;
      }
      expect(Array.from(screen)).toEqual(Array.from(expected));
      expect(Array.from(fromBase64(step.data))).toEqual(Array.from(model.data()));
    },
  );

  it.each(steps.slice(0, -1).map((step, i) => [i, step, steps[i + 1]] as const))(
    "anchored on the program at step %i, where it waits, gives the next step's data and screen",
    (_, step, next) => {
      const options = {
        countedSeed: () => {
          throw new Error("every recorded game has a forced seed");
        },
      };
      const words = new Uint16Array(fromBase64(step.screen).buffer);
      const under = (s: RecordedStep): number | undefined =>
        s.showCount === 0 ? s.pointer.row * SCREEN_COLS + s.pointer.col : undefined;
      const anchored = ProgramModel.anchored(options, fromBase64(step.data), words, under(step));
      if (!anchored) {
        // Only where the program does not wait for input (it has ended) is there nothing to anchor on.
        expect(next.input).toBeDefined();
        expect(step.data).toBe(steps.at(-1)?.data);
        return;
      }
      expect(anchored.pointerShown).toBe(step.showCount === 0);
      if ("text" in next.input) for (const char of next.input.text) anchored.key(char.charCodeAt(0));
      else anchored.press(next.input.click.button, next.input.click.col, next.input.click.row);
      if (anchored.exitCode !== undefined) return;
      const screen = new Uint16Array(fromBase64(next.screen).buffer);
      anchored.uncover(under(next), (cell) => screen[cell]);
      const expected = anchored.screen.words.slice();
      if (next.showCount === 0) {
        const at = next.pointer.row * SCREEN_COLS + next.pointer.col;
        expected[at] = screen[at];
      }
      expect(Array.from(screen)).toEqual(Array.from(expected));
      expect(Array.from(fromBase64(next.data))).toEqual(Array.from(anchored.data()));
    },
  );

  it("is not anchored where the program does not wait for input (the computer's turn)", () => {
    const data = fromBase64(steps[0].data);
    data[dataVariable("Phase").offset] = 3;
    expect(ProgramModel.anchored({ countedSeed: () => 0 }, data, new Uint16Array(2000))).toBeUndefined();
  });

  it("ended with errorlevel 0, after games of the seed typed after key S, the click on J10's screen cell taken as J10", () => {
    expect(model.exitCode).toBe(0);
    const beforeQuit = fromBase64(steps[steps.length - 2].data);
    const forced = dataVariable("ForcedSeed").offset;
    expect(beforeQuit[forced] | (beforeQuit[forced + 1] << 8)).toBe(SEED);
    expect(screenToCell(31, 11)).toBe(parseCell("J10"));
  });
});

describe("the model's start", () => {
  const start = (mouse: MouseSetUp): ProgramModel => new ProgramModel({ mouse, countedSeed: () => 0 });
  const row = (model: ProgramModel, r: number): string =>
    String.fromCharCode(
      ...Array.from(model.screen.words.subarray(r * SCREEN_COLS, (r + 1) * SCREEN_COLS), (w) => w & 0xff),
    );

  it("with a mouse driver is the menu, the BIOS cursor switched off", () => {
    const model = start("driver");
    expect(model.exitCode).toBeUndefined();
    expect(model.cursorShape).toBe(CURSOR_OFF_SHAPE);
  });

  it.each([
    ["no-driver", NO_MOUSE_TEXTS],
    ["no-ps2-mouse", NO_PS2_MOUSE_TEXTS],
  ] as const)(
    "without a mouse (%s) says why under the intro and ends with errorlevel 1 at row 18",
    (mouse, texts) => {
      const model = start(mouse);
      expect(model.exitCode).toBe(1);
      expect(model.exitCursorRow).toBe(18);
      expect(model.pointerShown).toBe(false);
      expect(model.cursorShape).toBeUndefined();
      for (const [r, col, attr, text] of texts) {
        expect(row(model, r).slice(col, col + text.length)).toBe(text);
        expect(model.screen.words[r * SCREEN_COLS + col] >> 8).toBe(attr);
      }
    },
  );
});

describe("the model's keyboard (the BIOS's scancode rules, program-ts/keys.ts)", () => {
  const tap = (make: number): number[] => [make, make | 0x80];
  const held = (modifier: number, make: number): number[] => [modifier, ...tap(make), modifier | 0x80];

  it("gives letters shifted under Caps Lock, and Shift undoes it", () => {
    const keys = new KeyTranslator();
    expect(keys.keys([...tap(0x1e), ...tap(0x3a), ...tap(0x1e), ...held(0x2a, 0x1e), ...tap(0x02)])).toEqual([
      0x61, 0x41, 0x61, 0x31,
    ]);
  });

  it("gives the keypad's digits only under Num Lock (off at the start), its - and + always", () => {
    const keys = new KeyTranslator();
    expect(keys.keys([...tap(0x48), ...tap(0x4a), ...tap(0x45), ...tap(0x48), ...held(0x36, 0x48)])).toEqual([
      EXTENDED,
      0x2d,
      0x38,
      EXTENDED,
    ]);
  });

  it("gives no key for Ctrl with a key that has no control code, and a space for Alt+Space", () => {
    const keys = new KeyTranslator();
    expect(
      keys.keys([...held(0x1d, 0x02), ...held(0x1d, 0x03), ...held(0x38, 0x39), ...held(0x38, 0x1e)]),
    ).toEqual([EXTENDED, 0x20, EXTENDED]);
  });

  it("gives the grey keys as extended keys, but the keypad's Enter and / their characters", () => {
    const keys = new KeyTranslator();
    expect(
      keys.keys([0xe0, 0x48, 0xe0, 0xc8, 0xe0, 0x1c, 0xe0, 0x9c, 0x1d, 0xe0, 0x1c, 0xe0, 0x9c, 0x9d]),
    ).toEqual([EXTENDED, 0x0d, 0x0a]);
  });

  it("refuses a scancode it has no rule for rather than guessing", () => {
    expect(() => new KeyTranslator().keys(tap(0x54))).toThrow(RangeError);
  });
});
