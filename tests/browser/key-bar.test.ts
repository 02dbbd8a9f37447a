/**
 * The game's keys as buttons on a 360x740 touch screen: PISKASM.COM's seed prompt and set-up mode,
 * which ask for keys a phone does not have, are reached and used by tapping the key bar alone; the
 * bar offers only the keys of the phase the game is in, every one a finger-sized target; on a laptop
 * the bar waits behind its toggle.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parseCell } from "../../engine-ts/index.js";
import { seriousViolations } from "./axe.js";
import { useServedChromium } from "./browser.js";
import { probeState, textCellPoint, waitForState, withMenuPage } from "../../testkit/browser.js";

const MENU = 1;
const HUMAN_TURN = 2;
const HUMAN_WON = 5;
const SEED_ENTRY = 8;
const SETUP = 9;
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
const LAPTOP = { viewport: { width: 1280, height: 800 } };
/** The smallest target a finger hits reliably (WCAG 2.5.5). */
const MIN_TARGET_PX = 44;

const MENU_KEYS = ["You start (1)", "Computer starts (2)", "Set up (4)", "Seed (S)", "Quit (3)"];
const SEED_KEYS = [..."1234567890", "Delete (Backspace)", "Use it (Enter)", "Back (Esc)"];
const PLACE_O = "Next tap places O (left click)";
const PLACE_X = "Next tap places X (right click)";
const SET_UP_KEYS = ["Computer moves (Enter)", "You move (Tab)", "Menu (Esc)"];

const chrome = useServedChromium();

/** The names of the key bar's buttons, once it shows `expected` (they follow the game's phase). */
async function expectBar(page: Page, expected: string[]): Promise<void> {
  const names = (): Promise<string[]> =>
    page.locator("#key-bar button:visible").evaluateAll((els) => els.map((e) => e.textContent ?? ""));
  await expect.poll(names, { timeout: 10_000 }).toEqual(expected);
}

const tapKey = (page: Page, name: string): Promise<void> =>
  page.getByRole("button", { name, exact: true }).tap();

const tapCell = (page: Page, name: string): Promise<void> =>
  page.locator(`#heatmap .cell[data-cell="${parseCell(name)}"]`).tap();

/** Buttons of the key bar smaller than a finger, and whether the page scrolls sideways. */
function layoutProblems(page: Page): Promise<{ small: string[]; scrollWidth: number }> {
  return page.evaluate((min) => {
    const small = Array.from(document.querySelectorAll<HTMLElement>("#key-bar button"))
      .filter((b) => b.getBoundingClientRect().width < min || b.getBoundingClientRect().height < min)
      .map((b) => b.textContent ?? "");
    return { small, scrollWidth: document.documentElement.scrollWidth };
  }, MIN_TARGET_PX);
}

describe("the game's keys as buttons", () => {
  it("at 360x740 a seed typed by tapping the bar is the next game's Seed", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, PHONE, async (page, errors) => {
      await expectBar(page, MENU_KEYS);
      expect(await layoutProblems(page)).toEqual({ small: [], scrollWidth: 360 });
      await tapKey(page, "Seed (S)");
      await waitForState(page, `s.phase === ${SEED_ENTRY}`);
      await expectBar(page, SEED_KEYS);
      expect(await layoutProblems(page)).toEqual({ small: [], scrollWidth: 360 });
      expect(await seriousViolations(page), "the seed pad").toEqual([]);
      for (const key of ["4", "2", "7", "Delete (Backspace)", "1"]) await tapKey(page, key);
      expect(await page.locator("#key-bar output").textContent()).toBe("Seed typed: 421");
      await expect
        .poll(async () => (await page.evaluate(() => window.piskasm?.screen()?.lines.join("\n"))) ?? "")
        .toMatch(/Esc = back: 421\b/);
      await tapKey(page, "Use it (Enter)");
      await waitForState(page, `s.phase === ${MENU}`);
      await expectBar(page, MENU_KEYS);
      await tapKey(page, "You start (1)");
      const game = await waitForState(page, `s.phase === ${HUMAN_TURN} && s.moveCount === 0`);
      expect(game.seed).toBe(421);
      await expectBar(page, ["Menu (Esc)"]);
      await tapKey(page, "Menu (Esc)");
      await page.locator("#btn-give-up-confirm").tap();
      await waitForState(page, `s.phase === ${MENU}`);
      await expectBar(page, MENU_KEYS);
      expect(errors).toEqual([]);
    });
  });

  it("at 360x740 the set-up mode is reached, filled with O and X and handed over by taps alone", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, PHONE, async (page, errors) => {
      await tapKey(page, "Set up (4)");
      await waitForState(page, `s.phase === ${SETUP} && s.moveCount === 0`);
      await expectBar(page, [PLACE_O, ...SET_UP_KEYS]);
      expect(await layoutProblems(page)).toEqual({ small: [], scrollWidth: 360 });
      expect(await seriousViolations(page), "the set-up keys").toEqual([]);
      await tapCell(page, "K10");
      await waitForState(page, `s.phase === ${SETUP} && s.moveCount === 1`);
      await tapKey(page, PLACE_O);
      await expectBar(page, [PLACE_X, ...SET_UP_KEYS]);
      await tapCell(page, "J10");
      const placed = await waitForState(page, `s.phase === ${SETUP} && s.moveCount === 2`);
      expect([placed.plocha[parseCell("K10")], placed.plocha[parseCell("J10")]]).toEqual([2, 1]);
      await tapKey(page, "You move (Tab)");
      const handed = await waitForState(page, `s.phase === ${HUMAN_TURN} && s.moveCount === 2`);
      expect(handed.plocha.filter((p) => p !== 0)).toHaveLength(2);
      await expectBar(page, ["Menu (Esc)"]);
      expect(errors).toEqual([]);
    });
  });

  it("at 360x740 a five set up by taps ends the game, and Continue (any key) goes back to the menu", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, PHONE, async (page, errors) => {
      await tapKey(page, "Set up (4)");
      await waitForState(page, `s.phase === ${SETUP}`);
      for (const [i, cell] of ["C3", "D3", "E3", "F3", "G3"].entries()) {
        await tapCell(page, cell);
        await waitForState(page, `s.moveCount === ${i + 1} && s.phase !== 3`);
      }
      await waitForState(page, `s.phase === ${HUMAN_WON}`);
      await expectBar(page, ["Continue (any key)"]);
      await tapKey(page, "Continue (any key)");
      await waitForState(page, `s.phase === ${MENU}`);
      await expectBar(page, MENU_KEYS);
      expect(errors).toEqual([]);
    });
  });

  it("on a laptop the bar waits behind Game keys, its keys reach the game, and the set-up takes left and right clicks", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, LAPTOP, async (page, errors) => {
      expect(await page.locator("#key-bar").isHidden()).toBe(true);
      await page.click("#btn-keys");
      expect(await page.getAttribute("#btn-keys", "aria-pressed")).toBe("true");
      await expectBar(page, MENU_KEYS);
      await page.getByRole("button", { name: "Seed (S)", exact: true }).click();
      await waitForState(page, `s.phase === ${SEED_ENTRY}`);
      await expectBar(page, SEED_KEYS);
      await page.getByRole("button", { name: "Back (Esc)", exact: true }).click();
      await waitForState(page, `s.phase === ${MENU}`);
      await page.getByRole("button", { name: "Set up (4)", exact: true }).click();
      await waitForState(page, `s.phase === ${SETUP}`);
      for (const [i, [name, button]] of (
        [
          ["K10", "left"],
          ["J10", "right"],
        ] as const
      ).entries()) {
        const text = await page.evaluate((c) => window.piskasm?.boardCellToText(c), parseCell(name));
        if (!text) throw new Error("no board geometry");
        const point = await textCellPoint(page, text.col, text.row);
        await page.mouse.click(point.x, point.y, { button });
        await waitForState(page, `s.phase === ${SETUP} && s.moveCount === ${i + 1}`);
      }
      const placed = await probeState(page);
      expect([placed.plocha[parseCell("K10")], placed.plocha[parseCell("J10")]]).toEqual([2, 1]);
      await page.getByRole("button", { name: "Menu (Esc)", exact: true }).click();
      await waitForState(page, `s.phase === ${MENU}`);
      await page.click("#btn-keys");
      expect(await page.locator("#key-bar").isHidden()).toBe(true);
      expect(errors).toEqual([]);
    });
  });
});
