/**
 * MOUSE.COM under FreeDOS: MOUSETST.COM (asm/tests/mousetst.asm) checks every INT 33h function inside
 * the guest; at each `READY n` this file sends step n's PS/2 input (the table in mousetst.asm's
 * header), then a key. The same binaries as under the small DOS (tests/emu/mouse.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootFloppy } from "../../emu/node.js";
import type { Machine, Mouse } from "../../emu/types.js";
import { projectPath } from "../../cli/paths.js";
import { freedosFloppy, noFreedos, tierName } from "./tier.js";

const TIMEOUT_MS = 30_000;
/** MOUSETST's checks with the driver resident (one PASS line each). */
const DRIVER_CHECKS = 22;

/** Step n of MOUSETST: the input it expects after printing `READY n`. */
const STEPS: ReadonlyArray<(mouse: Mouse) => Promise<void>> = [
  (m) => m.sendDelta(24, 16),
  (m) => m.sendDelta(-40, -32),
  async (m) => {
    for (let i = 0; i < 3; i++) await m.sendDelta(127, 0);
  },
  async (m) => {
    for (let i = 0; i < 2; i++) {
      await m.press("left");
      await m.release("left");
    }
    await m.press("right");
  },
  (m) => m.release("right"),
  async (m) => {
    await m.sendDelta(8, 0);
    await m.press("left");
    await m.release("left");
  },
  async (m) => {
    await m.sendDelta(8, 0);
    await m.press("right");
    await m.release("right");
    await m.press("left");
    await m.release("left");
  },
  (m) => m.sendDelta(16, 16),
];

describe.skipIf(noFreedos)(tierName("FreeDOS: MOUSE.COM passes MOUSETST"), () => {
  let machine: Machine | undefined;
  const failures = new Set<string>();

  beforeAll(async () => {
    const floppy = freedosFloppy({
      extraFiles: [projectPath("build", "mousetst.COM")],
      autoexec: ["MOUSE", "MOUSETST"],
    });
    machine = await bootFloppy(floppy);
  }, TIMEOUT_MS * 2);
  afterAll(async () => {
    await machine?.destroy();
  });

  function screenHas(m: Machine, text: string): boolean {
    const lines = m.screen().lines;
    for (const line of lines) if (line.startsWith("FAIL ")) failures.add(line.trimEnd());
    return lines.some((line) => line.includes(text));
  }

  it("installs under FreeDOS and every guest check passes", async () => {
    if (!machine) throw new Error("the FreeDOS mouse floppy did not boot");
    const m = machine;
    const waitForText = (text: string) =>
      m.waitFor(() => screenHas(m, text), { timeoutMs: TIMEOUT_MS, what: `"${text}" on the screen` });
    await waitForText("MOUSE: PS/2 mouse driver installed");
    for (const [index, step] of STEPS.entries()) {
      await waitForText(`READY ${index + 1}`);
      await step(m.mouse);
      await m.keyboard.type("\r");
    }
    await waitForText(" failed"); // the end of the summary line, which is printed a character at a time
    expect([...failures]).toEqual([]);
    expect(
      m
        .screen()
        .lines.find((line) => line.startsWith("MOUSETST:"))
        ?.trimEnd(),
    ).toBe(`MOUSETST: ${DRIVER_CHECKS} passed, 0 failed`);
  });
});
