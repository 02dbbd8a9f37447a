/**
 * The project's small DOS (asm/dos) booted in v86 from the test floppies that `make image` builds out
 * of disk/tests/*.bat, running the guest test programs of asm/tests.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bootForDescribe, ROOT, testFloppy } from "./support.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Machine } from "../../emu/types.js";

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

/** FAT12 layout of the 1.44 MB floppies mformat makes: FAT at sector 1, root directory at 19, data at 33. */
const SECTOR = 512;
const FAT_OFFSET = 1 * SECTOR;
const ROOT_DIR_OFFSET = 19 * SECTOR;
const ROOT_ENTRIES = 224;
const FAT12_END_OF_CHAIN = 0xff8;

/** What UNSUP prints before its unsupported call: the kernel's message with UNSUP's own CS and IP. */
const UNSUP_EXPECTATION = /^UNSUP: expect unsupported DOS call AH=3Dh at [0-9A-F]{4}:[0-9A-F]{4}$/;

/** The clusters of a root-directory file ("NAME    EXT", space padded) in chain order. */
function clusterChain(image: Uint8Array, fatName: string): number[] {
  for (let entry = 0; entry < ROOT_ENTRIES; entry++) {
    const at = ROOT_DIR_OFFSET + entry * 32;
    if (String.fromCharCode(...image.subarray(at, at + 11)) !== fatName) continue;
    const chain: number[] = [];
    let cluster = image[at + 26] | (image[at + 27] << 8);
    while (cluster < FAT12_END_OF_CHAIN) {
      chain.push(cluster);
      const word =
        image[FAT_OFFSET + ((cluster * 3) >> 1)] | (image[FAT_OFFSET + ((cluster * 3) >> 1) + 1] << 8);
      cluster = cluster & 1 ? word >> 4 : word & 0xfff;
    }
    return chain;
  }
  throw new Error(`${fatName} is not in the root directory`);
}

function isContiguous(chain: number[]): boolean {
  return chain.every((cluster, i) => i === 0 || cluster === chain[i - 1] + 1);
}

/**
 * A floppy whose PISKDOS.SYS and TSRCHECK.COM are split over non-adjacent clusters: one-cluster
 * placeholders are copied between holes, the holes deleted, and the files copied into them.
 */
function fragmentedFloppy(dir: string): string {
  const image = join(dir, "fragmented.img");
  const mtools = (command: string, ...args: string[]): void => {
    execFileSync(command, ["-i", image, ...args], { stdio: "pipe" });
  };
  const oneCluster = join(dir, "one-cluster.bin");
  writeFileSync(oneCluster, new Uint8Array(SECTOR));
  const autoexec = join(dir, "AUTOEXEC.BAT");
  writeFileSync(autoexec, "TSR60\r\nTSR27\r\nTSRCHECK\r\n");
  execFileSync("mformat", [
    "-C",
    "-f",
    "1440",
    "-v",
    "PISKASM",
    "-B",
    join(ROOT, "build/boot.bin"),
    "-i",
    image,
    "::",
  ]);
  for (const name of ["HOLE1", "KEEP1", "HOLE2", "KEEP2"]) mtools("mcopy", oneCluster, `::${name}.BIN`);
  mtools("mdel", "::HOLE1.BIN", "::HOLE2.BIN");
  mtools("mcopy", join(ROOT, "build/PISKDOS.SYS"), "::PISKDOS.SYS");
  mtools("mcopy", oneCluster, "::HOLE3.BIN");
  mtools("mcopy", oneCluster, "::KEEP3.BIN");
  mtools("mdel", "::HOLE3.BIN");
  mtools("mcopy", join(ROOT, "build/tsrcheck.COM"), "::TSRCHECK.COM");
  mtools("mcopy", autoexec, "::AUTOEXEC.BAT");
  mtools("mcopy", join(ROOT, "build/tsr60.COM"), "::TSR60.COM");
  mtools("mcopy", join(ROOT, "build/tsr27.COM"), "::TSR27.COM");
  return image;
}

/** The kernel's last line after the last program, as the screen shows it (trailing blank trimmed). */
function rerunPrompt(name: string): string {
  return `Type arguments for ${name}.COM and press Enter to run it again:`;
}

/** The screen's rows without trailing blanks. */
function screenLines(machine: Machine): string[] {
  return machine.screen().lines.map((line) => line.trimEnd());
}

function waitForLine(machine: Machine, line: string, timeoutMs = STEP_TIMEOUT_MS): Promise<boolean> {
  return machine.waitFor(() => screenLines(machine).includes(line), {
    timeoutMs,
    what: `the line "${line}"`,
  });
}

/** Waits until the ARGS re-run prompt is complete on the screen below the line `after`. */
function waitForPromptAfter(machine: Machine, after: string): Promise<boolean> {
  return machine.waitFor(() => linesFrom(machine, after).at(-1) === rerunPrompt("ARGS"), {
    timeoutMs: STEP_TIMEOUT_MS,
    what: `the ARGS.COM prompt after "${after}"`,
  });
}

/**
 * The lines from the first one starting with `first` to the end of the screen (blank rows dropped);
 * none when no line starts so.
 */
function linesFrom(machine: Machine, first: string): string[] {
  const lines = screenLines(machine);
  const start = lines.findIndex((line) => line.startsWith(first));
  return start < 0 ? [] : lines.slice(start).filter((line) => line !== "");
}

describe("the small DOS running DOSTEST after EXIT7 (test-dos.img)", () => {
  const machine = bootForDescribe(
    () => testFloppy("dos"),
    (machine) => machine,
  );
  /** Every non-blank line DOSTEST's pages showed. */
  const transcript: string[] = [];
  const collect = (): void => {
    for (const line of screenLines(machine()))
      if (line !== "" && !transcript.includes(line)) transcript.push(line);
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
    await waitForLine(m, rerunPrompt("DOSTEST"));
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
  const machine = bootForDescribe(
    () => testFloppy("tsr"),
    (machine) => machine,
  );

  beforeAll(async () => {
    await waitForLine(machine(), rerunPrompt("ARGS"), BOOT_TIMEOUT_MS);
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
    await waitForPromptAfter(m, "ARGS: [ abd]");
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
    await waitForPromptAfter(m, "ARGS: []");
    expect(linesFrom(m, "ARGS: []")).toEqual([
      "ARGS: []",
      "PISKDOS: ARGS.COM exited with errorlevel 3.",
      "Type arguments for ARGS.COM and press Enter to run it again:",
    ]);
  });
});

describe("the small DOS meeting an unsupported INT 21h call (test-unsup.img)", () => {
  const machine = bootForDescribe(
    () => testFloppy("unsup"),
    (machine) => machine,
  );

  it("names the function and the address of the INT 21h instruction, then halts", async () => {
    const m = machine();
    const expectation = await m.waitFor(() => screenLines(m).find((line) => UNSUP_EXPECTATION.test(line)), {
      timeoutMs: BOOT_TIMEOUT_MS,
      what: "UNSUP's expectation line",
    });
    const message = expectation.slice("UNSUP: expect ".length);
    await waitForLine(m, message);
    const start = m.instructionCount();
    const startedAt = Date.now();
    await m.waitFor(() => Date.now() - startedAt >= HALT_WATCH_MS, {
      timeoutMs: STEP_TIMEOUT_MS,
      what: "time to pass",
    });
    expect(linesFrom(m, "UNSUP: expect ")).toEqual([expectation, message]);
    expect(m.instructionCount() - start).toBeLessThan(1_000_000);
  });
});

describe("the small DOS on a floppy whose files are not contiguous", () => {
  let dir: string;
  let image: Uint8Array;
  const floppy = (): string => {
    dir = mkdtempSync(join(tmpdir(), "piskasm-dos-"));
    const path = fragmentedFloppy(dir);
    image = new Uint8Array(readFileSync(path));
    return path;
  };
  const machine = bootForDescribe(floppy, (machine) => machine);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("has PISKDOS.SYS and TSRCHECK.COM split over non-adjacent clusters", () => {
    expect(isContiguous(clusterChain(image, "PISKDOS SYS"))).toBe(false);
    expect(isContiguous(clusterChain(image, "TSRCHECKCOM"))).toBe(false);
  });

  it("boots the kernel and runs the split program by following the FAT chains", async () => {
    const m = machine();
    await waitForLine(m, rerunPrompt("TSRCHECK"), BOOT_TIMEOUT_MS);
    expect(linesFrom(m, "TSRCHECK: ")).toEqual([
      "TSRCHECK: 5 passed, 0 failed",
      "PISKDOS: TSRCHECK.COM exited with errorlevel 0.",
      "Type arguments for TSRCHECK.COM and press Enter to run it again:",
    ]);
  });
});
