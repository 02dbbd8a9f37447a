/**
 * Two page figures: long_press_explain_ms, a finger's press on a score-map cell (its
 * pointerdown) to the explanation card naming that cell, on a touch-emulated 412x915 phone (the
 * long-press delay, 500 ms, included); and resume_after_reload_ms, navigation start to the saved
 * game running again in a reloaded page (web/resume/autosave.ts).
 */
import type { Browser, Page } from "playwright-core";

const HUMAN_TURN = 2;
const TIMEOUT_MS = 30_000;

declare global {
  interface Window {
    benchPress?: { down: number; explained: number | undefined };
  }
}

async function newGame(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, {
    timeout: TIMEOUT_MS,
  });
  await page.locator("#btn-new-human").click();
  await page.waitForFunction((phase) => window.piskasm?.state()?.phase === phase, HUMAN_TURN, {
    timeout: TIMEOUT_MS,
  });
}

/** ms from each press's pointerdown to the card explaining its cell, for `presses` cells. */
export async function longPressExplainMs(browser: Browser, url: string, presses: number): Promise<number[]> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    hasTouch: true,
    isMobile: true,
  });
  const out: number[] = [];
  try {
    const page = await context.newPage();
    await newGame(page, url);
    const cdp = await context.newCDPSession(page);
    for (let i = 0; i < presses; i++) {
      const cell = 20 + i * 17;
      const target = page.locator(`#heatmap [data-cell="${cell}"]`);
      await target.scrollIntoViewIfNeeded();
      const name = ((await target.getAttribute("aria-label")) ?? "").split(",")[0];
      await page.evaluate((label) => {
        const press: { down: number; explained: number | undefined } = { down: NaN, explained: undefined };
        window.benchPress = press;
        const card = document.getElementById("explain-cell");
        document
          .getElementById("heatmap")
          ?.addEventListener("pointerdown", () => (press.down = performance.now()), {
            once: true,
          });
        if (!card) throw new Error("the page has no #explain-cell");
        const seen = new MutationObserver(() => {
          if (card.textContent?.includes(label)) {
            press.explained = performance.now();
            seen.disconnect();
          }
        });
        seen.observe(card, { childList: true, characterData: true, subtree: true });
      }, name);
      const box = await target.boundingBox();
      if (!box) throw new Error(`score-map cell ${cell} is not drawn`);
      const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
      await page.waitForFunction(() => window.benchPress?.explained !== undefined, null, {
        timeout: TIMEOUT_MS,
      });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      const press = await page.evaluate(() => window.benchPress);
      if (press?.explained === undefined) throw new Error("the long press explained nothing");
      out.push(press.explained - press.down);
    }
  } finally {
    await context.close();
  }
  return out;
}

/** ms after navigation start at which a reloaded page runs the saved game again, for `reloads` reloads. */
export async function resumeAfterReloadMs(browser: Browser, url: string, reloads: number): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const out: number[] = [];
  try {
    const page = await context.newPage();
    await newGame(page, url);
    await page.locator('#heatmap [data-cell="180"]').click();
    await page.waitForFunction(() => window.piskasm?.state()?.moveCount === 2, null, { timeout: TIMEOUT_MS });
    await page.waitForFunction(async () => (await window.piskasm?.resume?.savedMoveCount()) === 2, null, {
      timeout: TIMEOUT_MS,
    });
    for (let i = 0; i < reloads; i++) {
      await page.reload();
      await page.waitForFunction(() => window.piskasm?.resume?.resumedMs() !== undefined, null, {
        timeout: TIMEOUT_MS,
      });
      out.push((await page.evaluate(() => window.piskasm?.resume?.resumedMs())) ?? NaN);
    }
  } finally {
    await context.close();
  }
  return out;
}
