/**
 * The page in real Chromium: the menu comes up, keys and clicks reach the guest through the emulated
 * hardware, and the panel agrees with engine-ts on every cell.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCell, parseCell } from "../../engine-ts/index.js";
import {
  collectPageErrors,
  launchChromium,
  probeState,
  SCREENSHOTS,
  serveBundle,
  textCellPoint,
  waitForState,
  type Served,
} from "../../testkit/browser.js";

const HUMAN_TURN = 2;
const MENU = 1;

let served: Served;
let browser: Browser;
let page: Page;
let pageErrors: string[];

async function boardText(page: Page, cell: number): Promise<{ col: number; row: number }> {
  const text = await page.evaluate((c) => window.piskasm?.boardCellToText(c), cell);
  if (!text) throw new Error("the page has not found the game's board geometry");
  return text;
}

/** Clicks the screen where board cell `cell` is drawn and waits for the computer's answer. */
async function clickBoardCell(page: Page, cell: number): Promise<void> {
  const before = (await probeState(page)).moveCount;
  const text = await boardText(page, cell);
  const point = await textCellPoint(page, text.col, text.row);
  await page.mouse.click(point.x, point.y);
  await waitForState(page, `s.moveCount > ${before} && s.phase !== 3`);
}

/** An empty cell next to the human's stones, so the game goes on in one area. */
function nextHumanCell(plocha: number[]): number {
  for (const name of ["K11", "K12", "L12", "J12", "L10", "M10", "J9", "K8", "L9", "M11"]) {
    const cell = parseCell(name);
    if (plocha[cell] === 0) return cell;
  }
  return plocha.indexOf(0);
}

beforeAll(async () => {
  served = await serveBundle();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  pageErrors = collectPageErrors(page);
  await page.goto(served.url);
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe("the page", () => {
  it("is served with a machine saved at the menu", () => {
    expect(served.snapshotProblem).toBeUndefined();
  });

  it("loads and the game's menu appears", async () => {
    await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, {
      timeout: 30_000,
    });
    const state = await probeState(page);
    expect(state.phase).toBe(MENU);
    const lines = await page.evaluate(() => window.piskasm?.screen()?.lines ?? []);
    expect(lines.join("\n")).toMatch(/1 = you start/);
    await expect.poll(() => page.locator("#status").getAttribute("data-state")).toBe("ready");
    expect(await page.locator("#error").isHidden()).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('"1" typed on the screen, once Enter gave it the keyboard, starts a game with the human first', async () => {
    await page.focus("#screen");
    await page.keyboard.press("1");
    await page.waitForTimeout(300);
    expect((await probeState(page)).phase).toBe(MENU);
    await page.keyboard.press("Enter");
    await page.keyboard.press("1");
    const state = await waitForState(page, `s.phase === ${HUMAN_TURN}`);
    expect(state.moveCount).toBe(0);
    expect(state.plocha.every((p) => p === 0)).toBe(true);
  });

  it("a click on the screen cell of K10 puts O there (Plocha and screen), and the computer answers", async () => {
    const k10 = parseCell("K10");
    await clickBoardCell(page, k10);
    const state = await probeState(page);
    expect(state.plocha[k10]).toBe(2);
    const text = await boardText(page, k10);
    const lines = await page.evaluate(() => window.piskasm?.screen()?.lines ?? []);
    expect(lines[text.row][text.col]).toBe("O");
    expect(state.moveCount).toBe(2);
    expect(state.lastPC).toBeLessThan(361);
    expect(state.plocha[state.lastPC]).toBe(1);
  });

  it("the panel's LastPC and engine-ts's predicted move agree with the asm", async () => {
    const state = await probeState(page);
    await expect.poll(() => page.locator("#f-lastpc").getAttribute("data-cell")).toBe(String(state.lastPC));
    expect(await page.locator("#f-lastpc").textContent()).toBe(formatCell(state.lastPC));
    const predict = page.locator("#f-predict");
    expect(await predict.getAttribute("data-predicted")).toBe(String(state.lastPC));
    expect(await predict.getAttribute("data-ok")).toBe("true");
    expect(await predict.textContent()).toContain("✓");
  });

  it("the heat map shows 361 cells equal to engine-ts with 0 differences", async () => {
    const cells = page.locator("#heatmap .cell");
    expect(await cells.count()).toBe(361);
    const pairs = await cells.evaluateAll((els) =>
      els.map((e) => [(e as HTMLElement).dataset.asm, (e as HTMLElement).dataset.ts]),
    );
    const state = await probeState(page);
    expect(pairs.map(([asm]) => Number(asm))).toEqual(state.info);
    expect(pairs.filter(([asm, ts]) => asm !== ts)).toEqual([]);
    expect(await page.locator("#heatmap .cell.diff").count()).toBe(0);
    expect(await page.locator("#f-diff").getAttribute("data-count")).toBe("0");
  });

  it("hovering a cell shows an explanation whose parts sum to the value", async () => {
    const state = await probeState(page);
    const cell = state.info.indexOf(Math.max(...state.info));
    await page.hover(`#heatmap [data-cell="${cell}"]`);
    const body = page.locator("#explain-body");
    await expect.poll(() => body.getAttribute("data-cell")).toBe(String(cell));
    const parts = await body
      .locator("tr[data-axis]")
      .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.value)));
    expect(parts).toHaveLength(4);
    const total = Number(await body.getAttribute("data-total"));
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(Number(await body.locator("tr.sum td.num").textContent())).toBe(total);
    // The most recent answer re-scored the best cell's neighbourhood, so this value is fresh.
    expect(await body.getAttribute("data-stale")).toBe("false");
    expect(total).toBe(state.info[cell]);
  });

  it("a click on a heat-map cell plays it through the mouse; after a few moves a screenshot is saved", async () => {
    let state = await probeState(page);
    const viaHeatMap = nextHumanCell(state.plocha);
    await page.click(`#heatmap [data-cell="${viaHeatMap}"]`);
    state = await waitForState(page, `s.moveCount >= 4 && s.phase !== 3`);
    expect(state.plocha[viaHeatMap]).toBe(2);
    for (let i = 0; i < 2 && state.phase === HUMAN_TURN; i++) {
      await clickBoardCell(page, nextHumanCell(state.plocha));
      state = await probeState(page);
    }
    expect(await page.locator("#f-diff").getAttribute("data-count")).toBe("0");
    expect(await page.locator("#moves-list li").count()).toBe(state.moveCount);
    await page.hover(`#heatmap [data-cell="${state.info.indexOf(Math.max(...state.info))}"]`);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, "page-after-moves.png") });
    expect(pageErrors).toEqual([]);
  });

  it('"Computer starts" goes back to the menu by keys and engine-ts follows the first-move rule', async () => {
    const gameCount = (await probeState(page)).gameCount;
    await page.click("#btn-new-computer");
    // A game is in progress: the page asks before leaving it.
    await page.click("#confirm-action");
    const state = await waitForState(page, `s.gameCount === ${gameCount + 1} && s.phase === ${HUMAN_TURN}`);
    expect(state.moveCount).toBe(1);
    expect(state.plocha[state.lastPC]).toBe(1);
    await expect.poll(() => page.locator("#f-predict").getAttribute("data-ok")).toBe("true");
    expect(await page.locator("#f-predict").getAttribute("data-predicted")).toBe(String(state.lastPC));
    expect(await page.locator("#f-diff").getAttribute("data-count")).toBe("0");
    expect(await page.locator("#f-diff").textContent()).toContain("followed from seed");
  });

  it("Reset machine restores the machine saved at the first menu", async () => {
    await page.click("#btn-reset");
    await page.click("#confirm-action");
    const state = await waitForState(page, `s.phase === ${MENU}`);
    expect(state.plocha.every((p) => p === 0)).toBe(true);
    expect(await page.locator("#moves-list li").count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
