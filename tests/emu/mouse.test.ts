/**
 * MOUSE.COM in the emulator: MOUSETST.COM (asm/tests/mousetst.asm) checks every INT 33h function
 * inside the guest while this file plays the user: at each `READY n` it sends step n's PS/2 input
 * through the Machine API, then a key. The floppies come from disk/tests/mouse*.bat (`make image`).
 */
import { bootForDescribe, testFloppy } from "./support.js";
import { describe, expect, it } from "vitest";
import { readMouseDriverState, type MouseDriverState } from "../../emu/mouse-header.js";
import type { Machine } from "../../emu/types.js";

const BOOT_TIMEOUT_MS = 30_000;
const STEP_TIMEOUT_MS = 20_000;
/** MOUSETST's checks with the driver resident (one PASS line each). */
const DRIVER_CHECKS = 22;

/** One booted floppy, with the FAIL lines MOUSETST printed so far (they may scroll off later). */
class GuestRun {
  readonly failures = new Set<string>();

  constructor(readonly machine: Machine) {}

  screenHas(text: string): boolean {
    const lines = this.machine.screen().lines;
    for (const line of lines) if (line.startsWith("FAIL ")) this.failures.add(line.trimEnd());
    return lines.some((line) => line.includes(text));
  }

  async waitForText(text: string): Promise<void> {
    await this.machine.waitFor(() => this.screenHas(text), {
      timeoutMs: STEP_TIMEOUT_MS,
      what: `"${text}" on the screen`,
    });
  }

  /**
   * Wait for `READY n`, run the step's input, then press the key MOUSETST is waiting for. Checks of
   * the resident header belong inside `input`: after the key the guest moves on at once.
   */
  async step(n: number, input: () => Promise<void>): Promise<void> {
    await this.waitForText(`READY ${n}`);
    await input();
    await this.machine.keyboard.type("\r");
  }

  /** Waits for the guest's verdict on check `name` and expects it passed (its FAIL line is shown if not). */
  async expectPassed(name: string): Promise<void> {
    await this.waitForText(name);
    expect([...this.failures]).toEqual([]);
    expect(this.screenHas(`PASS ${name}`)).toBe(true);
  }

  driver(): MouseDriverState {
    const state = readMouseDriverState(this.machine.memory);
    if (!state) throw new Error("MOUSE.COM is not resident (no MOUSDBG1 header at the INT 33h vector)");
    return state;
  }

  summary(): string | undefined {
    return this.machine
      .screen()
      .lines.find((line) => line.startsWith("MOUSETST:"))
      ?.trimEnd();
  }
}

describe("MOUSE.COM driven by MOUSETST over the emulated PS/2 mouse", () => {
  const run = bootForDescribe(
    () => testFloppy("mouse"),
    (machine) => new GuestRun(machine),
    BOOT_TIMEOUT_MS * 2,
  );

  it("installs, says so, and exposes a live resident header at the INT 33h vector", async () => {
    await run().waitForText("MOUSE: PS/2 mouse driver installed");
    await run().waitForText("READY 1");
    const state = run().driver();
    expect(state.showCount).toBe(-1);
    expect(state.buttons).toBe(0);
  });

  it("passes every check of reset, show/hide, set position, ranges and version before any input", () => {
    expect(run().screenHas("PASS version 24h")).toBe(true);
    expect([...run().failures]).toEqual([]);
  });

  it("moves one pixel per horizontal mickey and one per two vertical mickeys", async () => {
    await run().step(1, async () => {
      await run().machine.mouse.sendDelta(24, 16);
      expect(run().driver()).toMatchObject({ x: 344, y: 104 });
    });
    await run().step(2, async () => {
      await run().machine.mouse.sendDelta(-40, -32);
      expect(run().driver()).toMatchObject({ x: 304, y: 88 });
    });
  });

  it("clamps movement at the right edge of the 640-pixel virtual screen", async () => {
    await run().step(3, async () => {
      for (let i = 0; i < 3; i++) await run().machine.mouse.sendDelta(127, 0);
      expect(run().driver().x).toBe(639);
    });
  });

  it("counts presses and releases per button and shows the held button in the header", async () => {
    const mouse = run().machine.mouse;
    await run().step(4, async () => {
      await mouse.press("left");
      await mouse.release("left");
      await mouse.press("left");
      await mouse.release("left");
      await mouse.press("right");
      expect(run().driver().buttons).toBe(2);
    });
    await run().step(5, async () => {
      await mouse.release("right");
      expect(run().driver().buttons).toBe(0);
    });
  });

  it("calls the user event routine for the conditions of its call mask only", async () => {
    const mouse = run().machine.mouse;
    await run().step(6, async () => {
      await mouse.sendDelta(8, 0);
      await mouse.press("left");
      await mouse.release("left");
    });
    await run().step(7, async () => {
      await mouse.sendDelta(8, 0);
      await mouse.press("right");
      await mouse.release("right");
      await mouse.press("left");
      await mouse.release("left");
    });
    await run().expectPassed("event routine 0Ch gets move, press, release");
    await run().expectPassed("event routine 0Ch honours the call mask");
  });

  it("moves the visible software text cursor with the pointer", async () => {
    await run().step(8, () => run().machine.mouse.sendDelta(16, 16));
    await run().expectPassed("visible cursor follows PS/2 movement");
  });

  it("ends with every guest check passed", async () => {
    await run().waitForText("MOUSETST.COM exited with errorlevel");
    expect([...run().failures]).toEqual([]);
    expect(run().summary()).toBe(`MOUSETST: ${DRIVER_CHECKS} passed, 0 failed`);
    expect(run().driver()).toMatchObject({ x: 320, y: 100, showCount: -1, packets: 20 });
    await run().waitForText("MOUSETST.COM exited with errorlevel 0.");
  });
});

describe("a second MOUSE on the same machine", () => {
  const run = bootForDescribe(
    () => testFloppy("mouse-twice"),
    (machine) => new GuestRun(machine),
    BOOT_TIMEOUT_MS * 2,
  );

  it("is refused with a message and errorlevel 1 while the first copy stays resident", async () => {
    await run().waitForText("MOUSETST.COM exited with errorlevel");
    expect(run().screenHas("MOUSE: PS/2 mouse driver installed")).toBe(true);
    expect(run().screenHas("MOUSE: a MOUSE driver is already installed")).toBe(true);
    expect([...run().failures]).toEqual([]);
    expect(run().summary()).toBe("MOUSETST: 1 passed, 0 failed");
    expect(run().driver().showCount).toBe(-1);
    await run().waitForText("MOUSETST.COM exited with errorlevel 0.");
  });
});

describe("INT 33h without MOUSE.COM", () => {
  const run = bootForDescribe(
    () => testFloppy("mouse-none"),
    (machine) => new GuestRun(machine),
    BOOT_TIMEOUT_MS * 2,
  );

  it("answers function 0 with AX=0 or has a null vector, so programs can tell there is no driver", async () => {
    await run().waitForText("MOUSETST.COM exited with errorlevel");
    expect([...run().failures]).toEqual([]);
    expect(run().summary()).toBe("MOUSETST: 1 passed, 0 failed");
    await run().waitForText("MOUSETST.COM exited with errorlevel 0.");
  });
});
