/**
 * The debugger tab's controls in real Chromium on a phone-sized page: Enter in the Breakpoint field
 * sets the breakpoint; lines the coverage campaign ran and did not run carry a glyph and a legend, not
 * only a colour; the source lines and an overflowing Moves list are keyboard-reachable scroll regions
 * (axe); when the symbol map cannot be fetched the error names no particular server and the box is
 * left unticked.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { SymbolMap } from "../../debug/listing.js";
import { seriousViolations } from "./axe.js";
import { useServedChromium } from "./browser.js";
import { waitForState, withMenuPage } from "../../testkit/browser.js";

const chrome = useServedChromium();
const PHONE = { viewport: { width: 360, height: 740 } };
const COVERAGE_SOURCE = "make coverage (test)";

/** Serves the page's symbol map with a made-up coverage: even offsets run, odd ones not. */
async function symbolsWithCoverage(page: Page): Promise<void> {
  await page.route("**/piskasm.sym.json", async (route) => {
    const map = (await (await route.fetch()).json()) as SymbolMap;
    const offsets = map.lines.map((line) => line.offset);
    const coverage = {
      hit: offsets.filter((o) => o % 2 === 0),
      missed: offsets.filter((o) => o % 2 === 1),
      source: COVERAGE_SOURCE,
    };
    await route.fulfill({ json: { ...map, coverage } });
  });
}

async function startGame(page: Page): Promise<void> {
  await page.click("#btn-new-human");
  await waitForState(page, "s.phase === 2 && s.moveCount === 0");
}

describe("the debugger tab's controls", () => {
  it("sets a breakpoint by Enter, marks covered lines by glyph and legend, and keeps its scroll regions reachable", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, PHONE, async (page, errors) => {
      await symbolsWithCoverage(page);
      await startGame(page);
      await page.click("#dbg-enable");
      await page.waitForFunction(() => window.piskasm?.debugger?.enabled() === true);
      const field = page.getByRole("textbox", { name: "Breakpoint on a routine or file:line" });
      await field.fill("pc_move");
      await field.press("Enter");
      await expect.poll(() => page.locator(".dbg-breakpoints li").count()).toBe(1);
      expect(await field.inputValue()).toBe("");
      await page.click('#heatmap [data-cell="180"]');
      await page.locator(".dbg-state", { hasText: "stopped (breakpoint) in pc_move" }).waitFor();
      const legend = page.locator(".dbg-legend");
      expect(await legend.isVisible()).toBe(true);
      expect(await legend.textContent()).toContain(`+ run, − not run by ${COVERAGE_SOURCE}`);
      const lines = await page.locator(".dbg-lines li").allTextContents();
      for (const text of lines) expect(text).toMatch(/^[+−] /);
      expect(await page.locator(".dbg-lines li.covered").first().textContent()).toMatch(/^\+ /);
      // The Moves list overflowing (a long game) is a scroll region too.
      await page.evaluate(() =>
        document.getElementById("moves-list")?.style.setProperty("max-height", "1em"),
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.evaluate(() => window.piskasm!.debugger!.runToHumanTurn());
      await page.evaluate(() => window.piskasm!.debugger!.enable(false));
      expect(errors).toEqual([]);
    });
  });

  it("stays unticked, blaming no particular server, when the symbol map cannot be fetched", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, PHONE, async (page) => {
      await page.route("**/piskasm.sym.json", (route) => route.abort("internetdisconnected"));
      await startGame(page);
      await page.click("#dbg-enable");
      await page.locator("#error").waitFor({ state: "visible" });
      expect(await page.locator("#error-title").textContent()).toBe("The debugger could not start");
      const text = (await page.locator("#error-text").textContent()) ?? "";
      expect(text).toContain("piskasm.sym.json");
      expect(text).not.toContain("piskasm serve");
      expect(await page.locator("#dbg-enable").isChecked()).toBe(false);
      expect(await page.evaluate(() => window.piskasm?.debugger?.enabled())).toBe(false);
    });
  });
});
