/**
 * The screens and data of tests/unit/fixtures/program-screens.json are the real program's: played again
 * here, every step must give the recorded bytes (so the model's unit test never checks against a stale
 * recording). After an intended change to what the program shows, record again with
 * `PISKASM_RECORD_SCREENS=1 npx vitest run tests/diff/program-screens.test.ts`.
 */
import { describe, expect, it } from "vitest";
import { openSession } from "../../guest/boot.js";
import { readMouseDriverState } from "../../emu/mouse-header.js";
import { DATA_BYTES, SCREEN_COLS, SCREEN_ROWS } from "../../program-ts/index.js";
import {
  readRecordedSteps,
  RECORDED_INPUTS,
  toBase64,
  writeRecordedSteps,
  type RecordedStep,
} from "../unit/program-screens.js";
import { BOOT } from "./setup.js";

describe("the recorded screens of the real program", () => {
  it("are what PISKASM.COM shows and keeps after each recorded input", async () => {
    const session = await openSession(BOOT);
    try {
      const steps: RecordedStep[] = [];
      const { machine, layout } = session;
      for (const input of RECORDED_INPUTS) {
        if ("text" in input) await machine.keyboard.type(input.text);
        else await machine.mouse.clickCell(input.click.col, input.click.row, input.click.button);
        await machine.waitFor(() => machine.halted(), { timeoutMs: 20_000, what: "the program waiting" });
        const driver = readMouseDriverState(machine.memory);
        if (!driver) throw new Error("MOUSE.COM is not resident");
        const words = new Uint16Array(SCREEN_COLS * SCREEN_ROWS);
        machine.textCells().words(words);
        steps.push({
          input,
          screen: toBase64(new Uint8Array(words.buffer)),
          data: toBase64(machine.memory.read(layout.info, DATA_BYTES)),
          showCount: driver.showCount,
          pointer: { col: driver.x >> 3, row: driver.y >> 3 },
        });
      }
      if (process.env.PISKASM_RECORD_SCREENS === "1") writeRecordedSteps(steps);
      expect(steps).toEqual(readRecordedSteps());
    } finally {
      await session.machine.destroy();
    }
  });
});
