/**
 * The browser page with the game's FreeDOS floppy as its disk (what `piskasm serve --dos freedos`
 * serves): FreeDOS boots in the page's v86, the menu comes up, a click on the board is answered.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collectPageErrors,
  launchChromium,
  serveBundle,
  textCellPoint,
  waitForState,
  type Served,
} from "../../testkit/browser.js";
import { freedosFloppy, noFreedos, tierName } from "./tier.js";

const MENU_TIMEOUT_MS = 60_000;
/** K10: column 10, row 9. */
const CENTRE = 19 * 9 + 10;

describe.skipIf(noFreedos)(tierName("FreeDOS: the browser page plays the game under FreeDOS"), () => {
  let served: Served | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let errors: string[] = [];

  beforeAll(async () => {
    served = await serveBundle({ image: freedosFloppy() });
    browser = await launchChromium();
    page = await browser.newPage();
    errors = collectPageErrors(page);
    await page.goto(served.url);
  }, MENU_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it("boots FreeDOS to the game's menu, starts a game and answers a click", async () => {
    if (!page) throw new Error("the page did not open");
    await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, {
      timeout: MENU_TIMEOUT_MS,
    });
    await page.locator("#screen").focus();
    // The screen takes the keyboard once Enter (or a click) gives it.
    await page.keyboard.press("Enter");
    await page.keyboard.press("1");
    await waitForState(page, "s.phase === 2 && s.moveCount === 0");
    const cell = await page.evaluate((c) => window.piskasm?.boardCellToText(c), CENTRE);
    if (!cell) throw new Error("the page does not know where the board is");
    const at = await textCellPoint(page, cell.col, cell.row);
    await page.mouse.click(at.x, at.y);
    const state = await waitForState(page, "s.moveCount === 2 || s.phase >= 4");
    expect(state.plocha[CENTRE]).toBe(2);
    expect(errors).toEqual([]);
  });
});
