/**
 * The page at a phone (portrait and landscape), a tablet, a laptop and a large desktop size: nothing
 * overlaps the PC screen, nothing scrolls sideways (also with an imported record open), axe-core
 * finds nothing serious, and a whole game is played by clicking (on the phones: tapping) cells on the
 * screen, every stone landing on the cell that was clicked. On the portrait phone the board to tap
 * (the score map) is inside the first screenful with every cell at least 16x16 CSS px.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.js";
import { useServedChromium } from "./browser.js";
import { probeState, textCellPointInView, waitForState, withMenuPage } from "../../testkit/browser.js";
import { playQuickGame, screenOverlaps, type Pointer } from "./quick-game.js";

const GAME_OVER = [4, 5, 6];

const chrome = useServedChromium();

const SIZES: readonly [number, number, Pointer][] = [
  [360, 740, "touch"],
  [412, 915, "touch"],
  [740, 360, "touch"],
  [768, 1024, "mouse"],
  [1280, 800, "mouse"],
  [2560, 1440, "mouse"],
];
/** A whole game, axe-core twice and an imported record: minutes on a loaded machine. */
const GAME_TEST_TIMEOUT_MS = 400_000;
/** The smallest cell a finger can hit reliably. */
const MIN_CELL_PX = 16;
/** A game PISKASM.COM did not play: opened as a board of its own (the imported record's card). */
const FOREIGN_RECORD = "Piskvorky 19x19, 11:11, 1\n10,10,0\n11,11,0\n9,10,0\n-\n-\n0\n";

/** The score map's cells smaller than MIN_CELL_PX or outside the first screenful, and how many there are. */
function mapCellsOutOfReach(page: Page): Promise<{ cells: number; bad: string[] }> {
  return page.evaluate((min) => {
    const cells = Array.from(document.querySelectorAll<HTMLElement>("#heatmap .cell"));
    const bad = cells.flatMap((c) => {
      const r = c.getBoundingClientRect();
      return r.width < min || r.height < min || r.bottom > innerHeight || r.top < 0
        ? [`${c.dataset.cell ?? "?"}: ${r.width.toFixed(1)}x${r.height.toFixed(1)} at ${r.top.toFixed(0)}`]
        : [];
    });
    return { cells: cells.length, bad: bad.slice(0, 5) };
  }, MIN_CELL_PX);
}

describe("the page at every size", () => {
  for (const [width, height, pointer] of SIZES) {
    it(
      `at ${width}x${height} a whole game is played by ${pointer === "touch" ? "tapping" : "clicking"} cells, each landing where aimed`,
      async () => {
        await withMenuPage(
          chrome.browser,
          chrome.served.url,
          { viewport: { width, height }, hasTouch: pointer === "touch", isMobile: pointer === "touch" },
          async (page, errors) => {
            if (width < height && width < 700)
              expect(await mapCellsOutOfReach(page)).toEqual({ cells: 361, bad: [] });
            expect(await screenOverlaps(page)).toEqual([]);
            expect(await seriousViolations(page), "menu").toEqual([]);
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
              width,
            );
            expect(GAME_OVER).toContain(await playQuickGame(page, pointer));
            expect(await screenOverlaps(page)).toEqual([]);
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
              width,
            );
            const small = await page
              .locator(
                ".toolbar button:visible, .toolbar .button:visible, .toolbar select:visible, #btn-help",
              )
              .evaluateAll((els) =>
                els
                  .filter(
                    (e) => e.getBoundingClientRect().height < 24 || e.getBoundingClientRect().width < 24,
                  )
                  .map((e) => e.id),
              );
            expect(small).toEqual([]);
            expect(await seriousViolations(page), "after the game").toEqual([]);
            await page.evaluate(
              (text) => window.piskasm!.timeline!.importRecord(text, "other.psq"),
              FOREIGN_RECORD,
            );
            await expect.poll(() => page.locator(".foreign-game").isVisible()).toBe(true);
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
              width,
            );
            expect(errors).toEqual([]);
          },
        );
      },
      GAME_TEST_TIMEOUT_MS,
    );
  }

  it("at 360x740 a swipe (scroll) and a pinch over the screen place no stone", async () => {
    await withMenuPage(
      chrome.browser,
      chrome.served.url,
      { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true },
      async (page, errors, context) => {
        await page.click("#btn-new-human");
        const start = await waitForState(page, "s.phase === 2");
        const text = await page.evaluate(() => window.piskasm?.boardCellToText(180));
        if (!text) throw new Error("no board geometry");
        const { x, y } = await textCellPointInView(page, text.col, text.row);
        const cdp = await context.newCDPSession(page);
        const touch = (type: "touchStart" | "touchMove" | "touchEnd", points: [number, number][]) =>
          cdp.send("Input.dispatchTouchEvent", {
            type,
            touchPoints: points.map(([px, py], id) => ({ x: px, y: py, id })),
          });
        // The same touches without moving are a tap, and a tap does play: the checks below can fail.
        await touch("touchStart", [[x, y]]);
        await touch("touchEnd", []);
        const before = await waitForState(page, `s.moveCount > ${start.moveCount} && s.phase !== 3`);
        expect(before.plocha[180]).toBe(2);
        // The gestures start on an empty cell, where a tap would play.
        const empty = [60, 62, 64, 100, 300].find((c) => before.plocha[c] === 0);
        const emptyText =
          empty === undefined
            ? undefined
            : await page.evaluate((c) => window.piskasm?.boardCellToText(c), empty);
        if (!emptyText) throw new Error("no empty cell to start the gestures on");
        const at = await textCellPointInView(page, emptyText.col, emptyText.row);
        await touch("touchStart", [[at.x, at.y]]);
        for (let d = 10; d <= 120; d += 10) await touch("touchMove", [[at.x, at.y - d]]);
        await touch("touchEnd", []);
        await touch("touchStart", [
          [at.x - 10, at.y],
          [at.x + 10, at.y],
        ]);
        for (let d = 10; d <= 60; d += 10)
          await touch("touchMove", [
            [at.x - 10 - d, at.y],
            [at.x + 10 + d, at.y],
          ]);
        await touch("touchEnd", []);
        await page.waitForTimeout(500);
        const after = await probeState(page);
        expect(after.moveCount).toBe(before.moveCount);
        expect(after.plocha).toEqual(before.plocha);
        expect(errors).toEqual([]);
      },
    );
  });
});
