/**
 * axe-core finds no serious or critical violation at six sizes (phones upright and
 * sideways, a tablet by touch, laptop and large screens) in the menu, during a game and with the
 * debugger stopped at a breakpoint, scroll regions included; after a game's end at the same six sizes:
 * viewports.test.ts.
 */
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.js";
import { useServedChromium } from "./browser.js";
import { waitForState, withMenuPage } from "../../testkit/browser.js";

const chrome = useServedChromium();
const SIZES = [
  { width: 360, height: 740, touch: true },
  { width: 412, height: 915, touch: true },
  { width: 768, height: 1024, touch: true },
  { width: 740, height: 360, touch: true },
  { width: 1280, height: 800, touch: false },
  { width: 2560, height: 1440, touch: false },
];

describe("accessibility at six sizes", () => {
  for (const { width, height, touch } of SIZES)
    it(`has no serious or critical violation at ${width}x${height} in the menu, a game and the debugger`, async () => {
      const options = { viewport: { width, height }, hasTouch: touch, isMobile: touch };
      await withMenuPage(chrome.browser, chrome.served.url, options, async (page, errors) => {
        expect(await seriousViolations(page), "menu").toEqual([]);
        await page.click("#btn-new-human");
        await waitForState(page, "s.phase === 2");
        await page.fill("#inp-move", "K10");
        await page.press("#inp-move", "Enter");
        await waitForState(page, "s.phase === 2 && s.moveCount === 2");
        expect(await seriousViolations(page), "game").toEqual([]);
        await page.click("#dbg-enable");
        await page.waitForFunction(() => window.piskasm?.debugger?.enabled() === true);
        await page.evaluate(() => window.piskasm!.debugger!.addBreakpoint("pc_move"));
        const stop = page.evaluate(() => window.piskasm!.debugger!.continue());
        await page.fill("#inp-move", "C3");
        await page.press("#inp-move", "Enter");
        expect((await stop).routine).toBe("pc_move");
        expect(await seriousViolations(page), "debugger stopped").toEqual([]);
        await page.evaluate(() => window.piskasm!.debugger!.runToHumanTurn());
        await page.evaluate(() => window.piskasm!.debugger!.enable(false));
        expect(errors).toEqual([]);
      });
    });
});
