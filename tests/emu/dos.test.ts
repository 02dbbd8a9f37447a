/**
 * The project's small DOS (asm/dos) booted in v86 from the test floppies that `make image` builds out
 * of disk/tests/*.bat, running the guest test programs of asm/tests.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bootFloppy } from "../../emu/node.js";
import type { Machine } from "../../emu/types.js";

const ROOT = resolve(import.meta.dirname, "../..");
const BOOT_TIMEOUT_MS = 30_000;
const STEP_TIMEOUT_MS = 20_000;
/** Emulated time that a halted machine is watched for, to see that nothing more happens. */
const HALT_WATCH_MS = 500;
/** Up arrow, make and break, with the E0 prefix of the grey cursor keys. */
const UP_ARROW_SCANCODES = [0xe0, 0x48, 0xe0, 0xc8];

/** Every check DOSTEST makes, by the name it prints after PASS. */
const DOSTEST_CHECKS = [
  "entry AX=0",
  "entry SP=FFFEh",
  "entry word at SS:FFFEh=0",
  "entry DS=CS",
  "entry ES=CS",
  "entry SS=CS",
  "PSP 00h INT 20h",
  "PSP 02h memory top",
  "PSP 0Ah terminate offset",
  "PSP 0Ch terminate segment",
  "PSP 5Ch-7Fh FCBs zero",
  "PSP 80h tail length",
  "PSP 81h tail text",
  "30h version 5.0",
  "25h/35h vector offset",
  "25h/35h vector segment",
  "25h vector is called",
  "2Ah year",
  "2Ah month",
  "2Ah day",
  "2Ah weekday",
  "2Ch hours",
  "2Ch minutes",
  "2Ch seconds",
  "2Ch hundredths",
  "2Ch time moves on",
  "4Dh return code of EXIT7",
  "02h writes",
  "02h returns AL=DL",
  "06h writes",
  "06h returns AL=DL",
  "09h writes",
  "09h returns AL=24h",
  "0Bh no key",
  "06h no key ZF=1",
  "08h reads a",
  "07h reads b",
  "01h reads c",
  "0Bh key waiting",
  "06h reads d ZF=0",
  "0Ch flushes e",
  "0Ch then 07h reads f",
  "08h extended key 0 then 48h",
];

/** build/test-NAME.img, made by `make image` from disk/tests/NAME.bat. */
function testFloppy(name: string): string {
  const path = join(ROOT, "build", `test-${name}.img`);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`make asm image\` first`);
  return path;
}

/** The screen's rows without trailing blanks. */
function screenLines(machine: Machine): string[] {
  return machine.screen().lines.map((line) => line.trimEnd());
}

function waitForLine(machine: Machine, line: string, timeoutMs = STEP_TIMEOUT_MS): Promise<boolean> {
  return machine.waitFor(() => screenLines(machine).includes(line), { timeoutMs, what: `the line "${line}"` });
}

function waitForLineStarting(machine: Machine, prefix: string, timeoutMs = STEP_TIMEOUT_MS): Promise<string> {
  return machine.waitFor(() => screenLines(machine).find((line) => line.startsWith(prefix)), {
    timeoutMs,
    what: `a line starting "${prefix}"`,
  });
}

/** The lines from the first one starting with `first` to the end of the screen (blank rows dropped). */
function linesFrom(machine: Machine, first: string): string[] {
  const lines = screenLines(machine);
  const start = lines.findIndex((line) => line.startsWith(first));
  expect(start, `a line starting "${first}"`).toBeGreaterThanOrEqual(0);
  return lines.slice(start).filter((line) => line !== "");
}

/** Boots a test floppy for a describe block and prints the screen next to every failed test. */
function useMachine(floppy: string): () => Machine {
  let machine: Machine | undefined;
  beforeAll(async () => {
    machine = await bootFloppy(testFloppy(floppy));
  });
  afterAll(async () => {
    await machine?.destroy();
  });
  afterEach((context) => {
    if (context.task.result?.state === "fail" && machine) {
      console.log(`screen of "${context.task.name}":\n${machine.screenText()}`);
    }
  });
  return () => {
    if (!machine) throw new Error(`the machine did not boot from test-${floppy}.img`);
    return machine;
  };
}

describe("the small DOS running DOSTEST after EXIT7 (test-dos.img)", () => {
  const machine = useMachine("dos");
  /** Every non-blank line DOSTEST's pages showed. */
  const transcript: string[] = [];
  const collect = (): void => {
    for (const line of screenLines(machine())) if (line !== "" && !transcript.includes(line)) transcript.push(line);
  };

  beforeAll(async () => {
    const m = machine();
    await waitForLine(m, "DOSTEST: page 1 done, press Space", BOOT_TIMEOUT_MS);
    collect();
    await m.keyboard.type(" ");
    await waitForLine(m, "DOSTEST: page 2 done, press Space");
    collect();
    await m.keyboard.type(" ");
    await waitForLine(m, "DOSTEST: type abcde");
    await m.keyboard.type("abcde");
    await waitForLine(m, "DOSTEST: type f and Up");
    await m.keyboard.type("f");
    await m.keyboard.sendScancodes(UP_ARROW_SCANCODES);
    await waitForLineStarting(m, "Type arguments for DOSTEST.COM");
    collect();
  });

  it("runs EXIT7 first, which says how it exits", () => {
    expect(transcript).toContain("EXIT7: exiting with 4Ch code 7");
  });

  it.each(DOSTEST_CHECKS)("passes the check %s", (name) => {
    expect(transcript).toContain(`PASS ${name}`);
  });

  it("prints no FAIL line and a summary that counts every check as passed", () => {
    expect(transcript.filter((line) => line.startsWith("FAIL"))).toEqual([]);
    expect(transcript).toContain(`DOSTEST: ${DOSTEST_CHECKS.length} passed, 0 failed`);
  });

  it("echoes the key that INT 21h AH=01h reads", () => {
    expect(transcript).toContain("01h echo: c");
  });

  it("reports DOSTEST's errorlevel and asks for arguments to run it again", () => {
    expect(linesFrom(machine(), "PISKDOS: DOSTEST.COM")).toEqual([
      "PISKDOS: DOSTEST.COM exited with errorlevel 0.",
      "Type arguments for DOSTEST.COM and press Enter to run it again:",
    ]);
  });
});

describe("the small DOS running programs that exit every way and stay resident (test-tsr.img)", () => {
  const machine = useMachine("tsr");

  beforeAll(async () => {
    await waitForLineStarting(machine(), "Type arguments for ARGS.COM", BOOT_TIMEOUT_MS);
  });

  it("runs every AUTOEXEC.BAT line in order, skipping the blank line and reporting the missing program", () => {
    expect(linesFrom(machine(), "RETEXIT")).toEqual([
      "RETEXIT: exiting by RET",
      "LASTCODE: 4Dh returned AX=0000h",
      "INT20EX: exiting by INT 20h",
      "LASTCODE: 4Dh returned AX=0000h",
      "EXIT7: exiting with 4Ch code 7",
      "LASTCODE: 4Dh returned AX=0007h",
      "PISKDOS: NOSUCH.COM not found",
      "TSR60: resident with 31h",
      "LASTCODE: 4Dh returned AX=0305h",
      "TSR27: resident with INT 27h",
      "PASS 4Dh after INT 27h is 0300h",
      "PASS INT 60h answered by resident TSR60",
      "PASS INT 61h answered by resident TSR27",
      "PASS TSR27 PSP right above TSR60's kept memory",
      "PASS TSRCHECK PSP right above TSR27's kept memory",
      "TSRCHECK: 5 passed, 0 failed",
      "ARGS: [ first run]",
      "PISKDOS: ARGS.COM exited with errorlevel 3.",
      "Type arguments for ARGS.COM and press Enter to run it again:",
    ]);
  });

  it("runs the last program again with the typed line as its tail, backspace erasing a character", async () => {
    const m = machine();
    await m.keyboard.type("abc\bd\r");
    await waitForLine(m, "ARGS: [ abd]");
    await m.waitFor(() => linesFrom(m, "ARGS: [ abd]").length === 3, { timeoutMs: STEP_TIMEOUT_MS, what: "the prompt" });
    expect(linesFrom(m, "Type arguments for ARGS.COM and press Enter to run it again: abd")).toEqual([
      "Type arguments for ARGS.COM and press Enter to run it again: abd",
      "ARGS: [ abd]",
      "PISKDOS: ARGS.COM exited with errorlevel 3.",
      "Type arguments for ARGS.COM and press Enter to run it again:",
    ]);
  });

  it("runs the last program with an empty tail when only Enter is typed", async () => {
    const m = machine();
    await m.keyboard.type("\r");
    await waitForLine(m, "ARGS: []");
    await m.waitFor(() => linesFrom(m, "ARGS: []").length === 3, { timeoutMs: STEP_TIMEOUT_MS, what: "the prompt" });
    expect(linesFrom(m, "ARGS: []")).toEqual([
      "ARGS: []",
      "PISKDOS: ARGS.COM exited with errorlevel 3.",
      "Type arguments for ARGS.COM and press Enter to run it again:",
    ]);
  });
});

describe("the small DOS meeting an unsupported INT 21h call (test-unsup.img)", () => {
  const machine = useMachine("unsup");

  it("names the function and the address of the INT 21h instruction, then halts", async () => {
    const m = machine();
    const expectation = await waitForLineStarting(m, "UNSUP: expect ", BOOT_TIMEOUT_MS);
    const message = expectation.slice("UNSUP: expect ".length);
    expect(message).toMatch(/^unsupported DOS call AH=3Dh at [0-9A-F]{4}:[0-9A-F]{4}$/);
    await waitForLine(m, message);
    const start = m.instructionCount();
    const startedAt = Date.now();
    await m.waitFor(() => Date.now() - startedAt >= HALT_WATCH_MS, { timeoutMs: STEP_TIMEOUT_MS, what: "time to pass" });
    expect(linesFrom(m, "UNSUP: expect ")).toEqual([expectation, message]);
    expect(m.instructionCount() - start).toBeLessThan(1_000_000);
  });
});
