/**
 * The static site's figures (build/site on a plain static server under a sub-path, in Chromium):
 *   bytes_total                  every file of build/site (with the .br/.gz copies and source maps)
 *   first_visit_wire_kb          bytes the host wrote to the browser for a first visit (empty cache)
 *                                until the menu shows and the service worker has cached the build,
 *                                from a host that serves the precompressed copies (as `piskasm serve`)
 *   first_visit_wire_kb_plain    the same from a host that serves the files as they are
 *   offline_menu_visible_ms      with the network cut after that visit: reload to the game's menu being
 *                                visible (the page's own menuVisibleMs), median of OFFLINE_LOADS
 * Run through `node bench/run.mjs site` after `make`.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../tests/browser/browser.js";
import { hostFolder } from "../tests/site/static-host.js";

const SITE = join("build", "site");
const OFFLINE_LOADS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function menuVisibleMs(page: Page): Promise<number> {
  await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, { timeout: 60_000 });
  return page.evaluate(() => window.piskasm?.menuVisibleMs() ?? Number.NaN);
}

/** A first visit from an empty profile; with `offline`, then the reloads with the network cut. */
async function visit(
  browser: Browser,
  precompressed: boolean,
  offline: boolean,
): Promise<{ wireKb: number; offlineMs: number[] }> {
  const host = await hostFolder(SITE, { precompressed });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(host.url);
    await menuVisibleMs(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    const wireKb = host.bytesSent() / 1024;
    const offlineMs: number[] = [];
    if (offline) {
      await context.setOffline(true);
      for (let i = 0; i < OFFLINE_LOADS; i++) {
        await page.reload();
        offlineMs.push(await menuVisibleMs(page));
      }
    }
    return { wireKb, offlineMs };
  } finally {
    await context.close();
    await host.close();
  }
}

async function main(): Promise<void> {
  const bytes = readdirSync(SITE).reduce((sum, name) => sum + statSync(join(SITE, name)).size, 0);
  console.log(`bytes_total ${bytes}`);
  const browser = await launchChromium();
  try {
    const compressed = await visit(browser, true, true);
    console.log(`first_visit_wire_kb ${compressed.wireKb.toFixed(0)}`);
    console.log(`first_visit_wire_kb_plain ${(await visit(browser, false, false)).wireKb.toFixed(0)}`);
    console.log(`offline_menu_visible_ms ${median(compressed.offlineMs).toFixed(0)}`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(`bench/site: ${error instanceof Error ? error.message : String(error)} (run \`make\` first)`);
  process.exitCode = 1;
});
