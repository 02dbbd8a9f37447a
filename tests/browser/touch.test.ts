/**
 * The page on touch screens, in real Chromium with touch emulated: a long press on a score-map cell
 * (empty or not) explains it and never plays, a tap plays; every control is a 44x44 px target and no
 * text the player needs is under 12 px at phone and tablet sizes; on a landscape phone the whole PC
 * screen (so the whole board) is in the first screenful.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatCell } from "../../engine-ts/index.js";
import { LONG_PRESS_MS } from "../../web/panel/long-press.js";
import { useServedChromium } from "./browser.js";
import { probeState, waitForState, withMenuPage } from "../../testkit/browser.js";

const chrome = useServedChromium();
const HUMAN_TURN = 2;
const TOUCH = { hasTouch: true, isMobile: true };
const SIZES = [
  { width: 360, height: 740 },
  { width: 412, height: 915 },
  { width: 768, height: 1024 },
  { width: 740, height: 360 },
];
const TARGET_PX = 44;
const MIN_TEXT_PX = 12;

/** Holds a finger on the score map's `cell` for `ms`, then lifts it (CDP touch events, as a phone sends). */
async function holdCell(page: Page, cell: number, ms: number): Promise<void> {
  const target = page.locator(`#heatmap [data-cell="${cell}"]`);
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`score-map cell ${cell} is not drawn`);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await page.waitForTimeout(ms);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** Visible controls smaller than TARGET_PX either way (a file input or checkbox counts by its label). */
function smallTargets(page: Page, target: number): Promise<string[]> {
  return page.evaluate((min) => {
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      "button, select, input, .button, label.toggle, .timeline-tree .dot",
    );
    for (const control of Array.from(controls)) {
      const measured =
        control instanceof HTMLInputElement && (control.type === "file" || control.type === "checkbox")
          ? control.closest("label")
          : control;
      if (!measured || measured.closest("#heatmap, #screen, [hidden]")) continue;
      const box = measured.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5)
        small.push(`${control.id || control.className} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return small;
  }, target);
}

/** Visible text under MIN_TEXT_PX, outside the emulated screen and the boards' cell numbers (read in the card). */
function smallText(page: Page, min: number): Promise<string[]> {
  return page.evaluate((px) => {
    const small = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      if (parent.closest("#screen, .heatmap .cell, .mini-cell, [hidden], .visually-hidden")) continue;
      const box = parent.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const size = parseFloat(getComputedStyle(parent).fontSize);
      if (size < px - 0.05) small.add(`${parent.id || parent.className || parent.tagName} ${size}px`);
    }
    return [...small];
  }, min);
}

describe("the page on a touch screen", () => {
  it("explains a score-map cell held for a long press without playing it, and plays it on a tap", async () => {
    await withMenuPage(
      chrome.browser,
      chrome.served.url,
      { viewport: { width: 412, height: 915 }, ...TOUCH },
      async (page, errors) => {
        await page.locator("#btn-new-human").tap();
        await waitForState(page, `s.phase === ${HUMAN_TURN} && s.moveCount === 0`);
        const cell = 180;
        await holdCell(page, cell, LONG_PRESS_MS + 300);
        await page.waitForTimeout(1000);
        expect((await probeState(page)).moveCount, "a long press never plays").toBe(0);
        await expect.poll(() => page.locator("#explain-cell").textContent()).toContain(formatCell(cell));
        expect(await page.locator(".cell-tip").isVisible()).toBe(true);
        expect(await page.locator(".cell-tip").textContent()).toMatch(new RegExp(`^${formatCell(cell)}, `));

        await page.locator(`#heatmap [data-cell="${cell}"]`).tap();
        const after = await waitForState(page, `s.phase === ${HUMAN_TURN} && s.moveCount === 2`);
        expect(after.plocha[cell]).toBe(2);
        const answer = after.plocha.findIndex((side) => side === 1);
        // Held on a stone: explained, and no "taken" refusal.
        await holdCell(page, answer, LONG_PRESS_MS + 300);
        await expect.poll(() => page.locator("#explain-cell").textContent()).toContain(formatCell(answer));
        await page.waitForTimeout(500);
        expect((await probeState(page)).moveCount).toBe(2);
        expect(await page.locator("#status-text").textContent()).not.toMatch(/taken|occupied/i);
        expect(errors).toEqual([]);
      },
    );
  });

  for (const size of SIZES)
    it(`offers 44x44 px targets and no text under 12 px at ${size.width}x${size.height}`, async () => {
      await withMenuPage(chrome.browser, chrome.served.url, { viewport: size, ...TOUCH }, async (page) => {
        await page.locator("#btn-new-human").tap();
        await waitForState(page, `s.phase === ${HUMAN_TURN}`);
        await page.fill("#inp-move", "K10");
        await page.press("#inp-move", "Enter");
        await waitForState(page, `s.phase === ${HUMAN_TURN} && s.moveCount === 2`);
        expect(await smallTargets(page, TARGET_PX)).toEqual([]);
        expect(await smallText(page, MIN_TEXT_PX)).toEqual([]);
        if (size.width > size.height) {
          const screen = await page.locator("#screen").boundingBox();
          expect(
            screen && screen.y >= 0 && screen.y + screen.height <= size.height,
            JSON.stringify(screen),
          ).toBe(true);
        }
      });
    });
});
