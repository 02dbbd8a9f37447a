/**
 * The debugger tab in real Chromium on the page's machine: off by default; a breakpoint on pc_move
 * stops there with the registers v86's CPU has; step over moves to the next source line; run to
 * HUMAN_TURN finishes the computer's move; turned off, the game goes on as before.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { FLAG } from "../../emu/cpu-debug.js";
import { parseCell } from "../../engine-ts/index.js";
import { useServedChromium } from "./browser.js";
import { collectPageErrors, probeState, textCellPointInView, waitForState } from "../../testkit/browser.js";

const HUMAN_TURN = 2;
/** The line after the HLT of the loop in which PISKASM.COM waits for the human's click. */
const WAIT_LOOP = "input.inc:399";
const chrome = useServedChromium();
let page: Page;
let errors: string[];

beforeAll(async () => {
  page = await chrome.browser.newPage({ viewport: { width: 1366, height: 900 } });
  errors = collectPageErrors(page);
  await page.goto(chrome.served.url);
  await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, { timeout: 30_000 });
});

/** The panel shows the CPU's registers; only IF is held clear in the CPU while the debugger stops it. */
async function expectShownAreCpuRegisters(): Promise<void> {
  const shown = await page.evaluate(() => window.piskasm!.debugger!.shownRegisters());
  const cpu = await page.evaluate(() => window.piskasm!.debugger!.cpuRegisters());
  expect(cpu && cpu.flags & FLAG.IF).toBe(0);
  expect(shown).toEqual({ ...cpu, flags: (cpu?.flags ?? 0) | ((shown.flags ?? 0) & FLAG.IF) });
}

async function clickBoard(cell: number): Promise<void> {
  const text = await page.evaluate((c) => window.piskasm?.boardCellToText(c), cell);
  if (!text) throw new Error("no board geometry");
  const point = await textCellPointInView(page, text.col, text.row);
  await page.mouse.click(point.x, point.y);
}

describe("the debugger tab", () => {
  it("is off by default", async () => {
    expect(await page.evaluate(() => window.piskasm?.debugger?.enabled())).toBe(false);
    expect(await page.locator(".dbg-body").isHidden()).toBe(true);
  });

  it("stops at a breakpoint on pc_move showing the CPU's registers and the source line", async () => {
    await page.focus("#screen");
    // The screen takes keys only once Enter has given it the keyboard.
    await page.keyboard.press("Enter");
    await page.keyboard.press("1");
    await waitForState(page, `s.phase === ${HUMAN_TURN} && s.moveCount === 0`);
    await page.evaluate(() => window.piskasm!.debugger!.enable(true));
    expect(await page.locator(".dbg-body").isVisible()).toBe(true);
    await page.evaluate(() => window.piskasm!.debugger!.addBreakpoint("pc_move"));
    const hit = page.evaluate(() => window.piskasm!.debugger!.continue());
    await clickBoard(parseCell("K10"));
    const stop = await hit;
    expect(stop).toMatchObject({ kind: "breakpoint", routine: "pc_move" });
    await expectShownAreCpuRegisters();
    const cpu = await page.evaluate(() => window.piskasm!.debugger!.cpuRegisters());
    expect(cpu?.cs).toBe(await page.evaluate(() => window.piskasm!.debugger!.programSegment()));
    expect(await page.locator(".dbg-lines li.current").textContent()).toContain("call get_random");
    expect(await page.evaluate(() => window.piskasm!.debugger!.shownLine())).toBe(
      `${stop.file?.split("/").pop()}:${stop.line}`,
    );
  });

  it("steps over the call to the next source line", async () => {
    const before = await page.evaluate(() => window.piskasm!.debugger!.shownLine());
    const over = await page.evaluate(() => window.piskasm!.debugger!.stepOver());
    expect(over.kind).toBe("breakpoint");
    const [file, line] = (before ?? ":").split(":");
    expect(await page.evaluate(() => window.piskasm!.debugger!.shownLine())).toBe(
      `${file}:${Number(line) + 1}`,
    );
    const step = await page.evaluate(() => window.piskasm!.debugger!.step());
    expect(step).toMatchObject({ kind: "step", line: Number(line) + 2 });
    await expectShownAreCpuRegisters();
  });

  it("says the program runs after Continue from a Step stop, and plays the next click", async () => {
    // Stopped by a Step in the loop that waits for the human's click: Continue leaves no state change to notice.
    await page.evaluate((spec) => window.piskasm!.debugger!.addBreakpoint(spec), WAIT_LOOP);
    expect(await page.evaluate(() => window.piskasm!.debugger!.continue())).toMatchObject({ line: 399 });
    expect(await page.evaluate(() => window.piskasm!.debugger!.step())).toMatchObject({ kind: "step" });
    await page.locator(".dbg-breakpoints li", { hasText: "input.inc:399" }).getByRole("button").click();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect.poll(() => page.locator("#btn-pause").textContent(), { timeout: 2000 }).toContain("Pause");
    expect(await page.locator("#status-text").textContent()).not.toContain("Paused");
    expect(await page.locator("#btn-pause").getAttribute("aria-pressed")).toBe("false");
    await clickBoard(parseCell("C3"));
    await page.locator(".dbg-state", { hasText: "stopped (breakpoint) in pc_move" }).waitFor();
  });

  it("runs to HUMAN_TURN, and with the debugger off the game goes on", async () => {
    const turn = await page.evaluate(() => window.piskasm!.debugger!.runToHumanTurn());
    expect(turn.kind).toBe("human-turn");
    await page.evaluate(() => window.piskasm!.debugger!.enable(false));
    const state = await waitForState(page, `s.phase === ${HUMAN_TURN} && s.moveCount === 4`);
    expect([state.plocha[parseCell("K10")], state.plocha[parseCell("C3")]]).toEqual([2, 2]);
    await clickBoard(parseCell("E5"));
    const next = await waitForState(page, `s.moveCount === 6`);
    expect(next.plocha[parseCell("E5")]).toBe(2);
    expect((await probeState(page)).phase).toBe(HUMAN_TURN);
    expect(errors).toEqual([]);
  });
});

describe("the profile of a computer move in the debugger tab", () => {
  it("draws one bar per routine group, the counts summing to the move's total", async () => {
    await page.evaluate(() => window.piskasm!.debugger!.enable(true));
    const before = await probeState(page);
    const profile = await page.evaluate(() => window.piskasm!.debugger!.profileMove("Q17"));
    const sum = Object.values(profile.counts).reduce((s, n) => s + n, 0);
    expect(sum).toBe(profile.total);
    expect(profile.counts.update).toBeGreaterThan(1000);
    expect(profile.counts.pc_move).toBeGreaterThan(500);
    expect(await page.locator(".dbg-bar-row").count()).toBe(Object.keys(profile.counts).length);
    expect(await page.locator('.dbg-bar-row[data-category="update"] .dbg-bar-value').textContent()).toBe(
      profile.counts.update.toLocaleString("en"),
    );
    const after = await waitForState(page, `s.moveCount === ${before.moveCount + 2}`);
    expect(after.plocha[parseCell("Q17")]).toBe(2);
  });

  it("profiles the last computer move again from the timeline's previous ply, landing on the same state", async () => {
    const after = await waitForState(page, `s.phase === ${HUMAN_TURN}`);
    const nodes = await page.evaluate(() => window.piskasm!.timeline!.nodes().length);
    const profile = await page.evaluate(() => window.piskasm!.debugger!.profileLastMove());
    expect(Object.values(profile.counts).reduce((s, n) => s + n, 0)).toBe(profile.total);
    expect(profile.counts.pc_move).toBeGreaterThan(500);
    const again = await waitForState(page, `s.moveCount === ${after.moveCount} && s.phase === ${HUMAN_TURN}`);
    expect(again.plocha).toEqual(after.plocha);
    expect(again.info).toEqual(after.info);
    expect(again.random).toBe(after.random);
    expect(await page.evaluate(() => window.piskasm!.timeline!.nodes().length)).toBe(nodes);
    await page.evaluate(() => window.piskasm!.debugger!.enable(false));
    expect(errors).toEqual([]);
  });
});
