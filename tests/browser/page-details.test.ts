/**
 * Small things the page must get right, in real Chromium: the facts before the first game show no
 * zeroed fields; the MIPS readout leaves "paused" at once on Resume; window.piskasm.moveTiming puts
 * the human's stone before the computer's answer; an imported foreign game's board is lettered A-S
 * and numbered 1-19.
 */
import { describe, expect, it } from "vitest";
import { useServedChromium } from "./browser.js";
import { waitForState, withMenuPage } from "../../testkit/browser.js";

const chrome = useServedChromium();
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const HUMAN_TURN = 2;
const FOREIGN_RECORD = "Piskvorky 19x19, 11:11, 1\n10,10,0\n11,11,0\n9,10,0\npbrain-a\npbrain-b\n0\n";
const COLUMNS = "ABCDEFGHIJKLMNOPQRS".split("");

describe("the page's details", () => {
  it("shows no seed, random, move or empty cells before the first game, and the seed once one starts", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, DESKTOP, async (page, errors) => {
      for (const id of ["f-seed", "f-random", "f-move", "f-volna"])
        expect(await page.locator(`#${id}`).textContent(), id).toBe("—");
      await page.click("#btn-new-human");
      await waitForState(page, `s.phase === ${HUMAN_TURN}`);
      await expect.poll(() => page.locator("#f-seed").textContent()).toMatch(/^\d+$/);
      expect(await page.locator("#f-volna").textContent()).toBe("361");
      expect(errors).toEqual([]);
    });
  });

  it("times the stone before the answer, shows MIPS at once after Resume, and labels a foreign game's board", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, DESKTOP, async (page, errors) => {
      await page.click("#btn-new-human");
      for (const [i, cell] of [180, 0, 18].entries()) {
        await waitForState(page, `s.phase === ${HUMAN_TURN} && s.moveCount === ${2 * i}`);
        await page.click(`#heatmap [data-cell="${cell}"]`);
        await waitForState(page, `s.moveCount === ${2 * i + 2}`);
        await expect.poll(() => page.evaluate(() => window.piskasm?.moveTiming?.()?.shown)).toBeDefined();
        const timing = await page.evaluate(() => window.piskasm?.moveTiming?.());
        expect(timing?.placed, JSON.stringify(timing)).toBeLessThanOrEqual(timing?.answered ?? -1);
      }

      if (await page.locator("#btn-machine").isVisible()) await page.click("#btn-machine");
      await page.click("#btn-pause");
      await expect.poll(() => page.locator("#out-ips").textContent()).toBe("paused");
      await page.click("#btn-pause");
      await expect.poll(() => page.locator("#out-ips").textContent(), { timeout: 300 }).not.toBe("paused");

      await page.evaluate(
        (text) => window.piskasm!.timeline!.importRecord(text, "other.psq"),
        FOREIGN_RECORD,
      );
      await page.locator(".foreign-game").waitFor();
      const labels = await page.locator(".foreign-game .mini-label").allTextContents();
      expect(labels).toEqual(["", ...COLUMNS, ...Array.from({ length: 19 }, (_, row) => String(row + 1))]);
      expect(errors).toEqual([]);
    });
  });
});
