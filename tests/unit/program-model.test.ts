/**
 * The model of the whole program alone (no emulator) against screens and data recorded from the real
 * PISKASM.COM (tests/unit/fixtures/program-screens.json, kept true by tests/diff/program-screens.test.ts):
 * the same inputs give every screen cell (but the one the mouse driver draws the pointer on) and every
 * data byte, and the pointer shown exactly when the program shows it.
 */
import { describe, expect, it } from "vitest";
import { dataVariable, ProgramModel, SCREEN_COLS, screenToCell } from "../../program-ts/index.js";
import { parseCell } from "../../engine-ts/index.js";
import { fromBase64, readRecordedSteps } from "./program-screens.js";

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

  it("ended with errorlevel 0, after games of the seed typed after key S, the click on J10's screen cell taken as J10", () => {
    expect(model.exitCode).toBe(0);
    const beforeQuit = fromBase64(steps[steps.length - 2].data);
    const forced = dataVariable("ForcedSeed").offset;
    expect(beforeQuit[forced] | (beforeQuit[forced + 1] << 8)).toBe(SEED);
    expect(screenToCell(31, 11)).toBe(parseCell("J10"));
  });
});
