/** The page explains a failed file instead of staying blank. */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium, serveBundle, type Served } from "./browser.js";

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
});
