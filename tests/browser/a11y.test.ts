/** axe-core finds no serious or critical accessibility violation in the menu, during a game and after it. */
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.js";
import { useServedChromium } from "./browser.js";
import { waitForState, withMenuPage } from "../../testkit/browser.js";
import { playOnScreen, playQuickGame } from "./quick-game.js";

const chrome = useServedChromium();

describe("accessibility", () => {
  for (const scheme of ["light", "dark"] as const) {
    it(`has no serious or critical violation in the menu, during a game and after it (${scheme} scheme)`, async () => {
      await withMenuPage(
        chrome.browser,
        chrome.served.url,
        { viewport: { width: 1280, height: 800 }, colorScheme: scheme },
        async (page, errors) => {
          expect(await seriousViolations(page), "menu").toEqual([]);
          await page.click("#btn-new-human");
          await waitForState(page, "s.phase === 2");
          await playOnScreen(page, 180, "mouse");
          await page.hover('#heatmap [data-cell="161"]');
          expect(await seriousViolations(page), "game").toEqual([]);
          expect([4, 5, 6]).toContain(await playQuickGame(page, "mouse"));
          expect(await page.locator("#heatmap .cell.win").count()).toBeGreaterThanOrEqual(5);
          expect(await seriousViolations(page), "after the game").toEqual([]);
          expect(errors).toEqual([]);
        },
      );
    });
  }

  it("has no serious or critical violation with the debugger stopped at a breakpoint and the timeline's tree focused", async () => {
    await withMenuPage(
      chrome.browser,
      chrome.served.url,
      { viewport: { width: 1280, height: 800 } },
      async (page, errors) => {
        await page.click("#btn-new-human");
        await waitForState(page, "s.phase === 2");
        await playOnScreen(page, 180, "mouse");
        await page.click("#dbg-enable");
        await page.locator(".dbg-body").waitFor({ state: "visible" });
        // The body shows at once; the debugger is on once the symbol map has been fetched.
        await page.waitForFunction(() => window.piskasm?.debugger?.enabled() === true);
        await page.evaluate(() => window.piskasm!.debugger!.addBreakpoint("pc_move"));
        const stop = page.evaluate(() => window.piskasm!.debugger!.continue());
        await page.click('#heatmap [data-cell="0"]');
        expect((await stop).routine).toBe("pc_move");
        await page.locator("#tl-changes").focus();
        await page.keyboard.press("Shift+Tab");
        expect(
          await page.evaluate(() => document.activeElement?.closest(".timeline-tree") !== null),
          "Shift+Tab from the changes list reaches the tree",
        ).toBe(true);
        expect(await seriousViolations(page), "debugger stopped").toEqual([]);
        await page.evaluate(() => window.piskasm!.debugger!.runToHumanTurn());
        await page.evaluate(() => window.piskasm!.debugger!.enable(false));
        expect(errors).toEqual([]);
      },
    );
  });
});
