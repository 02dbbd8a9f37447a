/** Without the server's menu snapshot the page boots the floppy itself and still reaches the menu. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  collectPageErrors,
  launchChromium,
  probeState,
  serveBundle,
  type Served,
} from "../../testkit/browser.js";

let served: Served;
let browser: Browser;

beforeAll(async () => {
  served = await serveBundle({ snapshot: false });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

it("boots BIOS, DOS, MOUSE.COM and the game to its menu", async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  const errors = collectPageErrors(page);
  await page.goto(served.url);
  await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, { timeout: 60_000 });
  expect((await probeState(page)).phase).toBe(1);
  expect(await page.locator("#btn-reset").isEnabled()).toBe(true);
  expect(errors).toEqual([]);
});
