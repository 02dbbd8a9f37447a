/**
 * The page at a phone, a tablet, a laptop and a desktop size: nothing overlaps the PC screen, nothing
 * scrolls sideways, and a whole game is played by clicking (on the phone: tapping) cells on the
 * screen, every stone landing on the cell that was clicked.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPageErrors, launchChromium, serveBundle, type Served } from "./browser.js";
import { playQuickGame, screenOverlaps, type Pointer } from "./quick-game.js";

const GAME_OVER = [4, 5, 6];

let served: Served;
let browser: Browser;

beforeAll(async () => {
  served = await serveBundle();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

const SIZES: readonly [number, number, Pointer][] = [
  [360, 740, "touch"],
  [360, 740, "mouse"],
  [768, 1024, "mouse"],
  [1280, 800, "mouse"],
  [1920, 1080, "mouse"],
];

describe("the page at every size", () => {
  for (const [width, height, pointer] of SIZES) {
    it(`at ${width}x${height} a whole game is played by ${pointer === "touch" ? "tapping" : "clicking"} cells, each landing where aimed`, async () => {
      const context = await browser.newContext({ viewport: { width, height }, hasTouch: pointer === "touch", isMobile: pointer === "touch" });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      try {
        await page.goto(served.url);
        await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, { timeout: 30_000 });
        expect(await screenOverlaps(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(GAME_OVER).toContain(await playQuickGame(page, pointer));
        expect(await screenOverlaps(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const small = await page.locator(".toolbar button:visible, .toolbar .button:visible, .toolbar select:visible, #btn-help").evaluateAll((els) =>
          els.filter((e) => e.getBoundingClientRect().height < 24 || e.getBoundingClientRect().width < 24).map((e) => e.id),
        );
        expect(small).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
