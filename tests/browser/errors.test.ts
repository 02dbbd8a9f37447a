/** The page explains a failed file instead of staying blank, and Reset always brings the game back. */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium, serveBundle, waitForState, type Served } from "../../testkit/browser.js";

let served: Served;
let browser: Browser;

beforeAll(async () => {
  served = await serveBundle({ image: "/nonexistent/piskasm.img" });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

it("shows an error box naming the file when the floppy fails to load", async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.goto(served.url);
  const box = page.locator("#error");
  await box.waitFor({ state: "visible", timeout: 15_000 });
  expect(await page.locator("#error-title").textContent()).toBe("A file failed to load");
  expect(await page.locator("#error-text").textContent()).toContain("piskasm.img: HTTP 404");
  expect(await page.locator("#status").getAttribute("data-state")).toBe("error");
  expect(await page.locator("#btn-reset").isEnabled()).toBe(true);
});

it("Reset works after a floppy that is not one, and after a floppy that boots nothing", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const good = await serveBundle();
  try {
    await page.goto(good.url);
    await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, {
      timeout: 30_000,
    });
    await page.setInputFiles("#file-floppy", {
      name: "short.img",
      mimeType: "application/octet-stream",
      buffer: Buffer.alloc(1000),
    });
    await page.locator("#error").waitFor({ state: "visible" });
    expect(await page.locator("#error-title").textContent()).toBe("Not a 1.44 MB floppy image");
    expect(await page.locator("#btn-reset").isEnabled()).toBe(true);
    await page.setInputFiles("#file-floppy", {
      name: "blank.img",
      mimeType: "application/octet-stream",
      buffer: Buffer.alloc(1_474_560),
    });
    await expect
      .poll(() => page.evaluate(() => window.piskasm?.state()), { timeout: 10_000 })
      .toBeUndefined();
    await expect.poll(() => page.locator("#btn-reset").isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.click("#btn-reset");
    await waitForState(page, "s.phase === 1", 30_000);
    expect(await page.locator("#error").isHidden()).toBe(true);
  } finally {
    await page.close();
    await good.close();
  }
});
