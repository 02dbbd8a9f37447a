/**
 * The defects a first contact with the page found, one test each: an occupied cell refused at once,
 * the move order kept across the timeline, a readable imported board, a debugger that can always be
 * paused, errors shown where the user looks, a link copied without a clipboard, whole glyphs on the
 * PC screen, a plain-words Info list, games not thrown away without asking, the menu's keys on a
 * fresh page, hover naming the cell a click plays, and the small ones.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatCell, parseCell } from "../../engine-ts/index.js";
import { useServedChromium } from "./browser.js";
import { probeState, textCellPoint, waitForState, withMenuPage } from "../../testkit/browser.js";
import { playOnScreen } from "./quick-game.js";

const MENU = 1;
const HUMAN_TURN = 2;
const SEED_ENTRY = 8;
const LAPTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

const chrome = useServedChromium();

async function newGame(page: Page): Promise<void> {
  await page.click("#btn-new-human");
  await waitForState(page, `s.phase === ${HUMAN_TURN} && s.moveCount === 0`);
}

const statusText = (page: Page): Promise<string> =>
  page.evaluate(() => document.getElementById("status-text")?.textContent ?? "");

/** Plays `names` in order (each must be empty when its turn comes; an occupied one is skipped). */
async function play(page: Page, names: string[]): Promise<number[]> {
  const played: number[] = [];
  for (const name of names) {
    const cell = parseCell(name);
    if ((await probeState(page)).plocha[cell] !== 0) continue;
    await playOnScreen(page, cell, "mouse");
    played.push(cell);
  }
  return played;
}

describe("the page after its first contact", () => {
  it("refuses a click on an occupied cell at once, naming the cell, and keeps taking input", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, LAPTOP, async (page, errors) => {
      await newGame(page);
      const [k10] = await play(page, ["K10"]);
      const text = await page.evaluate((c) => window.piskasm?.boardCellToText(c), k10);
      if (!text) throw new Error("no board geometry");
      const point = await textCellPoint(page, text.col, text.row);
      const clicked = Date.now();
      await page.mouse.click(point.x, point.y);
      await expect.poll(() => statusText(page), { timeout: 1_000 }).toMatch(/K10 is taken/);
      expect(Date.now() - clicked).toBeLessThan(1_500);
      expect(await page.evaluate(() => window.piskasm?.pendingInput())).toBe(0);
      await play(page, ["C3"]);
      expect(errors).toEqual([]);
    });
  });

  it("keeps the order of the moves in the Moves card after a step back on the timeline", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, LAPTOP, async (page, errors) => {
      await newGame(page);
      await play(page, ["J10", "K11", "L12"]);
      const listed = (): Promise<string[]> => page.locator("#moves-list li").allTextContents();
      const before = await listed();
      expect(before).toHaveLength(6);
      const line = await page.evaluate(() => window.piskasm!.timeline!.line());
      await page.evaluate((index) => window.piskasm!.timeline!.goTo(index), line.index - 1);
      await expect.poll(listed).toEqual(before.slice(0, 4));
      expect(errors).toEqual([]);
    });
  });

  it("draws an imported board with coloured cells and its five marked, inside a 360 px phone", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, PHONE, async (page, errors) => {
      const five =
        "Piskvorky 19x19, 11:11, 1\n10,10,0\n1,1,0\n11,10,0\n1,3,0\n12,10,0\n1,5,0\n13,10,0\n1,7,0\n14,10,0\n-\n-\n0\n";
      await page.evaluate((text) => window.piskasm!.timeline!.importRecord(text, "five.psq"), five);
      await expect.poll(() => page.locator(".foreign-game").isVisible()).toBe(true);
      const look = await page.evaluate(() => {
        const cells = Array.from(document.querySelectorAll<HTMLElement>(".foreign-game .mini-cell"));
        const bare = cells.filter((c) => getComputedStyle(c).backgroundColor === "rgba(0, 0, 0, 0)").length;
        return {
          bare,
          win: cells.filter((c) => c.classList.contains("win")).length,
          scroll: document.documentElement.scrollWidth,
        };
      });
      expect(look).toEqual({ bare: 0, win: 5, scroll: 360 });
      expect(errors).toEqual([]);
    });
  });

  it("arms a breakpoint added while running, says the game is stopped, and Pause ends a Continue with nothing to hit", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, LAPTOP, async (page, errors) => {
      await newGame(page);
      await page.click("#dbg-enable");
      await expect.poll(() => page.evaluate(() => window.piskasm!.debugger!.enabled())).toBe(true);
      await page.fill(".debugger input[aria-label^='Breakpoint']", "pc_move");
      await page.click(".debugger button:text-is('Add')");
      const text = await page.evaluate(() => window.piskasm?.boardCellToText(180));
      if (!text) throw new Error("no board geometry");
      await page.locator("#screen").scrollIntoViewIfNeeded();
      const point = await textCellPoint(page, text.col, text.row);
      await page.mouse.click(point.x, point.y);
      await expect
        .poll(() => page.locator(".dbg-state").textContent(), { timeout: 20_000 })
        .toMatch(/stopped \(breakpoint\) in pc_move/);
      expect(await statusText(page)).toMatch(/debugger/i);
      await page.click(".dbg-breakpoints button");
      await page.click(".debugger button:text-is('Continue')");
      await page.waitForTimeout(300);
      await page.click(".debugger button:text-is('Pause')");
      await expect.poll(() => page.locator(".dbg-state").textContent()).toMatch(/stopped \(paused\)/);
      await page.click(".debugger button:text-is('Continue')");
      await page.click("#dbg-enable");
      await page.waitForTimeout(500);
      expect(await page.locator("#error").isHidden()).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  it("shows an error from a card far below the screen inside the viewport", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, PHONE, async (page) => {
      await page.click("#dbg-enable");
      await expect.poll(() => page.evaluate(() => window.piskasm!.debugger!.enabled())).toBe(true);
      await page.fill(".debugger input[aria-label^='Breakpoint']", "no_such_routine");
      await page.click(".debugger button:text-is('Add')");
      await expect.poll(() => page.locator("#error").isVisible()).toBe(true);
      const inView = await page.evaluate(() => {
        const r = document.getElementById("error")!.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
      });
      expect(inView).toBe(true);
    });
  });

  it("copies a link over plain http without a clipboard API, offering the link field without an error", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, LAPTOP, async (page, errors) => {
      await page.evaluate(() =>
        Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }),
      );
      await newGame(page);
      await play(page, ["K10"]);
      await page.click("button:text-is('Copy link')");
      await expect.poll(() => statusText(page)).toMatch(/clipboard is not available/);
      expect(await page.locator("#error").isHidden()).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  it.each([
    ["1280x800", LAPTOP],
    ["a 360x740 phone", PHONE],
  ])("draws whole glyphs on the PC screen at %s: a text row is as tall as its glyph box", async (_, size) => {
    await withMenuPage(chrome.browser, chrome.served.url, size, async (page) => {
      const sizes = await page.evaluate(() => {
        const row = document.querySelector<HTMLElement>("#screen > div > div");
        if (!row?.firstChild) throw new Error("no text row");
        const range = document.createRange();
        range.selectNodeContents(row);
        return { row: row.getBoundingClientRect().height, glyph: range.getBoundingClientRect().height };
      });
      expect(sizes.row).toBeGreaterThanOrEqual(sizes.glyph - 0.01);
    });
  });

  it("lists what changed in Info in plain words, every line whole", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, LAPTOP, async (page) => {
      await newGame(page);
      await play(page, ["J10", "K11"]);
      const list = await page.evaluate(() => {
        const ol = document.getElementById("tl-changes")!;
        return {
          text: ol.textContent ?? "",
          marker: getComputedStyle(ol).listStyleType,
          cut: ol.scrollHeight > ol.clientHeight + 1 && !ol.dataset.more,
        };
      });
      expect(list.text).not.toMatch(/\b[NSEW]{1,2}\d of /);
      expect(list.text).not.toMatch(/engine-ts agrees/);
      expect(list.marker).toBe("none");
      expect(list.cut).toBe(false);
    });
  });

  it("asks before New game or Reset throw away a game in progress", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, LAPTOP, async (page, errors) => {
      await newGame(page);
      await play(page, ["K10"]);
      const before = await probeState(page);
      for (const button of ["#btn-new-human", "#btn-reset"]) {
        await page.click(button);
        await expect.poll(() => page.locator("#dlg-confirm").isVisible()).toBe(true);
        await page.click("#dlg-confirm button[value=cancel]");
        await page.waitForTimeout(300);
        expect((await probeState(page)).plocha).toEqual(before.plocha);
      }
      await page.click("#btn-new-human");
      await page.click("#dlg-confirm button[value=confirm]");
      await waitForState(
        page,
        `s.phase === ${HUMAN_TURN} && s.moveCount === 0 && s.gameCount !== ${before.gameCount}`,
      );
      expect(errors).toEqual([]);
    });
  });

  it("on a fresh page the menu's keys are the game's: S asks for a seed and 1 starts a game, no screenshot", async () => {
    await withMenuPage(
      chrome.browser,
      chrome.served.url,
      { ...LAPTOP, acceptDownloads: true },
      async (page, errors) => {
        let downloads = 0;
        page.on("download", () => downloads++);
        await page.keyboard.press("s");
        await waitForState(page, `s.phase === ${SEED_ENTRY}`);
        await page.keyboard.press("Enter");
        await waitForState(page, `s.phase === ${MENU}`);
        await page.keyboard.press("1");
        await waitForState(page, `s.phase === ${HUMAN_TURN}`);
        expect(downloads).toBe(0);
        expect(errors).toEqual([]);
      },
    );
  });

  it("names on hover between the dots the cell a click there plays", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, LAPTOP, async (page) => {
      await newGame(page);
      const cell = parseCell("K10");
      const text = await page.evaluate((c) => window.piskasm?.boardCellToText(c), cell);
      if (!text) throw new Error("no board geometry");
      const point = await textCellPoint(page, text.col + 1, text.row);
      await page.mouse.move(point.x, point.y);
      await expect.poll(() => page.locator("#explain-cell").textContent()).toContain(formatCell(cell));
      await page.mouse.click(point.x, point.y);
      const after = await waitForState(page, "s.moveCount === 2");
      expect(after.plocha[cell]).toBe(2);
    });
  });

  it("fixes the small ones: placeholder, a bad move kept and marked, 1-based PSQ errors, big timeline dots, decimal seed", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, LAPTOP, async (page) => {
      expect(
        await page.evaluate(
          () => getComputedStyle(document.getElementById("inp-move")!, "::placeholder").textTransform,
        ),
      ).not.toBe("uppercase");
      await newGame(page);
      await page.fill("#inp-move", "Z99");
      await page.press("#inp-move", "Enter");
      expect(await page.inputValue("#inp-move")).toBe("Z99");
      expect(await page.getAttribute("#inp-move", "aria-invalid")).toBe("true");
      await play(page, ["K10"]);
      const dot = await page.locator(".timeline-tree .dot").first().boundingBox();
      expect(Math.min(dot?.width ?? 0, dot?.height ?? 0)).toBeGreaterThanOrEqual(24);
      const seed = (await probeState(page)).seed;
      expect(await page.locator("#f-seed").textContent()).toBe(String(seed));
      await page.evaluate(() =>
        window.piskasm!.timeline!.importRecord(
          "Piskvorky 19x19, 11:11, 1\n1,1,0\n1,1,0\n-\n-\n0\n",
          "twice.psq",
        ),
      );
      await expect.poll(() => page.locator("#error-text").textContent()).toMatch(/\(1,1\)/);
    });
  });
});
