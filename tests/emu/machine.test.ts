import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bootFloppy } from "../../emu/node.js";
import { shownChar } from "../../emu/vga-text.js";
import { readMouseDriverState } from "../../emu/mouse-header.js";
import type { Machine, MachineSnapshot } from "../../emu/types.js";
import { FLOPPY_BYTES } from "../../emu/floppy.js";

const ROOT = resolve(import.meta.dirname, "../..");
// Waits that should take milliseconds get a generous limit: CI runs two emulator files and Chromium on
// two shared cores, and a timeout here would report load, not a defect.
const WAIT_MS = 30_000;
/** The boot-sector fixture counts the keys it has read in this word. */
const KEY_COUNT = 0x7e00;
/** ... and the PS/2 packets its BIOS handler got: count, then status, X and Y of the last one. */
const MOUSE_PACKETS = 0x7e02;

let tempDir: string;

/** tests/fixtures/bootsector.asm assembled with nasm and padded to a 1.44 MB floppy. */
function bootSectorFloppy(): string {
  const bin = join(tempDir, "bootsector.bin");
  execFileSync("nasm", ["-f", "bin", join(ROOT, "tests/fixtures/bootsector.asm"), "-o", bin]);
  const image = new Uint8Array(FLOPPY_BYTES);
  image.set(readFileSync(bin));
  const path = join(tempDir, "bootsector.img");
  writeFileSync(path, image);
  return path;
}

/** A small-DOS floppy whose AUTOEXEC.BAT only installs MOUSE.COM (needs `make asm`). */
function mouseFloppy(): string {
  const autoexec = join(tempDir, "AUTOEXEC.BAT");
  writeFileSync(autoexec, "MOUSE\r\n");
  const path = join(tempDir, "mouse.img");
  execFileSync(join(ROOT, "scripts/mkimg.sh"), [path, autoexec, join(ROOT, "build/MOUSE.COM")], {
    stdio: "pipe",
  });
  return path;
}

beforeAll(() => {
  tempDir = mkdtempSync(join(tmpdir(), "piskasm-machine-"));
});

afterAll(() => {
  rmSync(tempDir, { recursive: true, force: true });
});

/** Prints the machine's screen next to a failed test. */
function showScreenOnFailure(machine: () => Machine | undefined): void {
  afterEach((context) => {
    const m = machine();
    if (context.task.result?.state === "fail" && m)
      console.log(`screen of "${context.task.name}":\n${m.screenText()}`);
  });
}

describe("a machine booted from the boot-sector fixture", () => {
  let machine: Machine | undefined;
  let atBanner: MachineSnapshot;
  const m = (): Machine => {
    if (!machine) throw new Error("the machine did not boot");
    return machine;
  };
  showScreenOnFailure(() => machine);

  beforeAll(async () => {
    machine = await bootFloppy(bootSectorFloppy());
    await machine.waitFor(() => machine?.screen().lines[0].startsWith("BOOT OK"), {
      timeoutMs: 20_000,
      what: "the banner",
    });
    atBanner = await machine.snapshot();
  });

  afterAll(async () => {
    await machine?.destroy();
  });

  it("shows the banner on an 80x25 text screen", () => {
    const screen = m().screen();
    expect(screen.cols).toBe(80);
    expect(screen.rows).toBe(25);
    expect(screen.lines).toHaveLength(25);
    expect(screen.lines.every((line) => line.length === 80)).toBe(true);
    expect(screen.lines[0].slice(0, 7)).toBe("BOOT OK");
  });

  it("reads the attribute of every cell and maps CP437 to Unicode", () => {
    const screen = m().screen();
    expect(screen.attrs).toHaveLength(80 * 25);
    expect(screen.attrs[0]).toBe(0x1e);
    expect(screen.attrs[79]).toBe(0x4f);
    expect(screen.lines[0][79]).toBe("╔");
    expect(screen.attrs[80]).toBe(0x07);
  });

  it("reads every text cell's character and attribute as the screen shows them", () => {
    const screen = m().screen();
    const cells = m().textCells();
    expect(cells.at(79, 0)).toBe(0xc9 | (0x4f << 8));
    for (let row = 0; row < 25; row++) {
      for (let col = 0; col < 80; col++) {
        const word = cells.at(col, row);
        expect(word >> 8).toBe(screen.attrs[row * 80 + col]);
        const shown = screen.lines[row][col];
        expect(shownChar(word & 0xff)).toBe(shown);
      }
    }
    expect(() => cells.at(80, 0)).toThrow(RangeError);
  });

  it("compares the text cells with expected words, a difference in the ignored cell not counting", () => {
    const cells = m().textCells();
    const words = new Uint16Array(80 * 25);
    cells.words(words);
    expect(cells.sameAs(words, -1)).toBe(true);
    for (const cell of [0, 81, 80 * 25 - 1]) {
      const other = words.slice();
      other[cell] ^= 0x0100;
      expect(cells.sameAs(other, -1)).toBe(false);
      expect(cells.sameAs(other, cell)).toBe(true);
      expect(cells.sameAs(other, cell === 0 ? 1 : cell - 1)).toBe(false);
    }
  });

  it("dumps the screen with a border and row numbers", () => {
    const dump = m().screenText().split("\n");
    expect(dump).toHaveLength(27);
    expect(dump[1]).toBe(` 0 |${m().screen().lines[0]}|`);
    expect(dump[25].startsWith("24 |")).toBe(true);
  });

  it("counts executed instructions", async () => {
    const before = m().instructionCount();
    await m().keyboard.type("a");
    expect(m().instructionCount()).toBeGreaterThan(before);
  });

  it("reports run-loop time, slices, instructions and JIT compilations that only grow", async () => {
    const before = m().stats();
    await m().keyboard.type("c");
    const after = m().stats();
    expect(after.instructions).toBeGreaterThan(before.instructions);
    expect(after.slices).toBeGreaterThan(before.slices);
    expect(after.runLoopMs).toBeGreaterThan(before.runLoopMs);
    expect(after.jitCompilations).toBeGreaterThanOrEqual(before.jitCompilations);
    expect(after.instructions).toBe(m().instructionCount());
  });

  it("keeps counting instructions forward across a restore", async () => {
    const before = m().instructionCount();
    await m().restore(atBanner);
    await m().keyboard.type("b");
    expect(m().instructionCount()).toBeGreaterThan(before);
  });

  it("types text through the keyboard, with shifted characters", async () => {
    await m().restore(atBanner);
    await m().keyboard.type("Hi, 5:3!\r");
    await m().waitFor(() => m().memory.readU16(KEY_COUNT) === 9, { timeoutMs: WAIT_MS, what: "nine keys" });
    expect(m().screen().lines[2].slice(0, 9)).toBe("Hi, 5:3!♪");
  });

  it("sends raw scancodes", async () => {
    await m().restore(atBanner);
    await m().keyboard.sendScancodes([0x2a, 0x1e, 0x9e, 0xaa]);
    await m().waitFor(() => m().memory.readU16(KEY_COUNT) === 1, { timeoutMs: WAIT_MS, what: "one key" });
    expect(m().screen().lines[2][0]).toBe("A");
  });

  it("rejects a character no key types", async () => {
    await expect(m().keyboard.type("é")).rejects.toThrow(/no US-keyboard key/);
  });

  it("reads guest memory", () => {
    const bytes = m().memory.read(0x7c00 + 510, 2);
    expect([...bytes]).toEqual([0x55, 0xaa]);
    expect(m().memory.readU8(0x7c00 + 511)).toBe(0xaa);
    expect(m().memory.readU16(0x7c00 + 510)).toBe(0xaa55);
  });

  it("restores a snapshot: memory and screen come back, and the guest runs on", async () => {
    await m().restore(atBanner);
    await m().keyboard.type("xyz");
    await m().waitFor(() => m().memory.readU16(KEY_COUNT) === 3, { timeoutMs: WAIT_MS, what: "three keys" });
    const afterXyz = await m().snapshot();
    await m().keyboard.type("q");
    await m().waitFor(() => m().memory.readU16(KEY_COUNT) === 4, { timeoutMs: WAIT_MS, what: "four keys" });

    await m().restore(afterXyz);
    expect(m().memory.readU16(KEY_COUNT)).toBe(3);
    expect(m().screen().lines[2].slice(0, 4)).toBe("xyz ");
    await m().keyboard.type("w");
    await m().waitFor(() => m().memory.readU16(KEY_COUNT) === 4, {
      timeoutMs: WAIT_MS,
      what: "a key after the restore",
    });
    expect(m().screen().lines[2].slice(0, 4)).toBe("xyzw");

    await m().restore(atBanner);
    expect(m().memory.readU16(KEY_COUNT)).toBe(0);
    expect(m().screen().lines[2].trim()).toBe("");
  });

  it("refuses a snapshot of a machine with another amount of memory, saying both sizes", async () => {
    const bigger = await bootFloppy(bootSectorFloppy(), { memoryMiB: 4 });
    try {
      const state = await bigger.snapshot();
      await expect(m().restore(state)).rejects.toThrow(
        "the state was saved by a machine with 4 MiB of memory; this machine has 16 MiB",
      );
    } finally {
      await bigger.destroy();
    }
    await m().restore(atBanner);
    expect(m().memory.readU16(KEY_COUNT)).toBe(0);
  });

  it("fails a wait after its timeout with what it waited for and the screen", async () => {
    const started = performance.now();
    const failure = m().waitFor(() => false, { timeoutMs: 200, what: "something that never happens" });
    await expect(failure).rejects.toThrow(/timed out after 200 ms waiting for something that never happens/);
    await expect(failure).rejects.toThrow(/ 0 \|BOOT OK/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("resolves a wait with the probe's value", async () => {
    const value = await m().waitFor(() => m().screen().lines[0].slice(0, 4), {
      timeoutMs: WAIT_MS,
      what: "the banner",
    });
    expect(value).toBe("BOOT");
  });

  const lastPacket = (): { count: number; status: number; x: number; y: number } => ({
    count: m().memory.readU16(MOUSE_PACKETS),
    status: m().memory.readU8(MOUSE_PACKETS + 2),
    x: m().memory.readU8(MOUSE_PACKETS + 4),
    y: m().memory.readU8(MOUSE_PACKETS + 6),
  });

  it("sends a PS/2 movement with dy positive downwards (PS/2 y is negative)", async () => {
    await m().restore(atBanner);
    await m().mouse.sendDelta(5, 7);
    expect(lastPacket()).toEqual({ count: 1, status: 0x28, x: 5, y: 0xf9 });
    await m().mouse.sendDelta(-127, -127);
    expect(lastPacket()).toEqual({ count: 2, status: 0x18, x: 0x81, y: 0x7f });
  });

  it("sends button presses and releases as PS/2 packets", async () => {
    await m().restore(atBanner);
    await m().mouse.press("left");
    expect(lastPacket().status).toBe(0x09);
    await m().mouse.press("right");
    expect(lastPacket().status).toBe(0x0b);
    await m().mouse.release("left");
    await m().mouse.release("right");
    expect(lastPacket()).toEqual({ count: 4, status: 0x08, x: 0, y: 0 });
  });

  it("rejects a mouse delta outside -127..127", async () => {
    await expect(m().mouse.sendDelta(128, 0)).rejects.toThrow(/out of range/);
  });

  it("refuses to move to a cell without MOUSE.COM", async () => {
    await expect(m().mouse.moveToCell(1, 1)).rejects.toThrow(/MOUSE.COM is not resident/);
  });
});

/** A boot sector that never halts: it counts in the word at BUSY_COUNTER forever. */
const BUSY_COUNTER = 0x7e00;
const BUSY_LOOP_ASM = `
        bits 16
        org 7C00h
        cli
        xor ax, ax
        mov ds, ax
busy:   inc word [${BUSY_COUNTER}]
        jmp busy
        times 510 - ($ - $$) db 0
        dw 0AA55h
`;

function busyLoopFloppy(): string {
  const source = join(tempDir, "busy.asm");
  const bin = join(tempDir, "busy.bin");
  writeFileSync(source, BUSY_LOOP_ASM);
  execFileSync("nasm", ["-f", "bin", source, "-o", bin]);
  const image = new Uint8Array(FLOPPY_BYTES);
  image.set(readFileSync(bin));
  const path = join(tempDir, "busy.img");
  writeFileSync(path, image);
  return path;
}

describe("a machine whose guest never halts", () => {
  let machine: Machine | undefined;
  const m = (): Machine => {
    if (!machine) throw new Error("the machine did not boot");
    return machine;
  };
  showScreenOnFailure(() => machine);

  beforeAll(async () => {
    machine = await bootFloppy(busyLoopFloppy());
    await machine.waitFor(() => machine && machine.memory.readU16(BUSY_COUNTER) !== 0, {
      timeoutMs: 30_000,
      what: "the busy loop",
    });
  });

  afterAll(async () => {
    await machine?.destroy();
  });

  it("lets the event loop run timers while a probe waits on the busy guest", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 2);
    try {
      const slices = m().stats().slices;
      await m().waitFor(() => ticks >= 20, { timeoutMs: 20_000, what: "20 ticks of a 2 ms interval" });
      expect(m().stats().slices).toBeGreaterThan(slices);
    } finally {
      clearInterval(timer);
    }
  });

  it("runs the guest on between waits, and a probe sees it count", async () => {
    const start = m().memory.readU16(BUSY_COUNTER);
    const moved = await m().waitFor(() => m().memory.readU16(BUSY_COUNTER) !== start, {
      timeoutMs: WAIT_MS,
      what: "the counter",
    });
    expect(moved).toBe(true);
  });
});

describe("a machine running MOUSE.COM under the small DOS", () => {
  let machine: Machine | undefined;
  const m = (): Machine => {
    if (!machine) throw new Error("the machine did not boot");
    return machine;
  };
  showScreenOnFailure(() => machine);

  beforeAll(async () => {
    machine = await bootFloppy(mouseFloppy());
    await machine.waitFor(() => machine && readMouseDriverState(machine.memory), {
      timeoutMs: 30_000,
      what: "MOUSE.COM",
    });
    await machine.waitFor(() => machine?.screenText().includes("press Enter to run it again"), {
      timeoutMs: 30_000,
      what: "the small DOS's prompt after MOUSE.COM",
    });
  });

  afterAll(async () => {
    await machine?.destroy();
  });

  const pointerCell = (): { col: number; row: number } => {
    const state = readMouseDriverState(m().memory);
    if (!state) throw new Error("MOUSE.COM is gone");
    return { col: state.x >> 3, row: state.y >> 3 };
  };

  for (const [name, col, row] of [
    ["the top-left corner", 0, 0],
    ["the top-right corner", 79, 0],
    ["the bottom-right corner", 79, 24],
    ["the bottom-left corner", 0, 24],
    ["the centre", 40, 12],
  ] as const) {
    it(`moves the pointer to ${name} closed-loop`, async () => {
      await m().mouse.moveToCell(col, row);
      expect(pointerCell()).toEqual({ col, row });
    });
  }

  it("presses and releases the buttons", async () => {
    await m().mouse.press("left");
    expect(readMouseDriverState(m().memory)?.buttons).toBe(1);
    await m().mouse.press("right");
    expect(readMouseDriverState(m().memory)?.buttons).toBe(3);
    await m().mouse.release("left");
    await m().mouse.release("right");
    expect(readMouseDriverState(m().memory)?.buttons).toBe(0);
  });

  it("moves down when dy is positive and right when dx is positive", async () => {
    await m().mouse.moveToCell(40, 12);
    const before = readMouseDriverState(m().memory);
    await m().mouse.sendDelta(16, 32);
    const after = readMouseDriverState(m().memory);
    expect(after && before && after.x > before.x).toBe(true);
    expect(after && before && after.y > before.y).toBe(true);
  });
});
