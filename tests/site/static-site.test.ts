/**
 * The built site (build/site) on a plain static server under a sub-path, in Chromium: the menu comes
 * up and a game is played by clicks; with the network cut a reload still reaches the menu and plays,
 * a saved state and an exported record load back, and the debugger starts; a first visit costs at
 * most 600 KB on the wire; a new build is picked up on the next visit and the page says so. No console error (the page's
 * Content-Security-Policy included), no request outside the site's folder.
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collectPageErrors,
  launchChromium,
  probeState,
  PROJECT,
  waitForState,
} from "../../testkit/browser.js";
import { newGameLeavingAny, playOnScreen, playQuickGame, planQuickGame } from "../browser/quick-game.js";
import { hostFolder, hostFolders, type StaticHost } from "../../testkit/static-host.js";

const SITE = join(PROJECT, "build", "site");
const GAME_OVER_PHASES = [4, 5, 6];
/** What a first visit may cost on the wire (headers and bodies). */
const FIRST_VISIT_KB = 600;

let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(SITE, "assets.json"))) throw new Error(`${SITE} is missing: run \`make site\` first`);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function menuShown(page: Page): Promise<number> {
  await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, { timeout: 30_000 });
  return page.evaluate(() => window.piskasm?.menuVisibleMs() ?? -1);
}

/** Waits until the site's service worker controls `page` (it claims the page once it has cached the build). */
async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

async function withSitePage(
  host: StaticHost,
  body: (page: Page, context: BrowserContext, errors: string[]) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(host.url);
    await body(page, context, errors);
  } finally {
    await context.close();
  }
}

describe("the static site on a plain server under a sub-path", () => {
  it("plays a game by clicks, then plays again offline after a reload", async () => {
    const host = await hostFolder(SITE, { precompressed: false });
    try {
      await withSitePage(host, async (page, context, errors) => {
        await menuShown(page);
        expect(GAME_OVER_PHASES).toContain(await playQuickGame(page, "mouse"));
        await controlledByWorker(page);
        await context.setOffline(true);
        await page.reload();
        await menuShown(page);
        await page.click("#btn-new-human");
        const start = await waitForState(page, "s.phase === 2 && s.moveCount === 0");
        await playOnScreen(page, planQuickGame(start.seed)[0], "mouse");
        await savedStateAndRecordWorkOffline(page);
        await debuggerWorksOffline(page);
        expect(errors).toEqual([]);
      });
      expect(host.outside).toEqual([]);
    } finally {
      await host.close();
    }
  });

  it("comes in under 600 KB on a first visit, tells an open page that a new build is ready, then picks it up on the next visit and says so", async () => {
    await withLiveCopy(true, async (copy, host) => {
      await withSitePage(host, async (page, _context, errors) => {
        await menuShown(page);
        await controlledByWorker(page);
        // The first visit from a host serving the precompressed copies: the menu and the whole build
        // cached for offline use (bench/site.ts's first_visit_wire_kb).
        expect(host.bytesSent() / 1024).toBeLessThanOrEqual(FIRST_VISIT_KB);
        nextBuild(copy);
        // The open page (the old build) hears of the new one when its worker is replaced.
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
        await expect
          .poll(() => page.locator(".update-notice").textContent(), { timeout: 15_000 })
          .toMatch(/new version of this page is ready/);
        await page.reload();
        await menuShown(page);
        await expect
          .poll(() => page.locator(".update-notice").textContent(), { timeout: 15_000 })
          .toMatch(/updated to a new version \(0000000000\) since your last visit/);
        expect(errors).toEqual([]);
      });
      expect(host.outside).toEqual([]);
    });
  });
});

describe("the static site when the network drops during an update", () => {
  it("comes up offline on the build it has whole, not on a new index.html whose script never arrived", async () => {
    await withLiveCopy(false, async (copy, host) => {
      await withSitePage(host, async (page, context) => {
        await menuShown(page);
        await controlledByWorker(page);
        nextBuild(copy);
        // The new build's script is missing (the network dropped before it came): its worker cannot install.
        const script = readdirSync(copy).find((name) => /^main-[A-Z0-9]+\.js$/.test(name));
        if (!script) throw new Error("the site has no main-*.js");
        for (const name of ["index.html", "sw.js"])
          writeFileSync(
            join(copy, name),
            readFileSync(join(copy, name), "utf8").replaceAll(script, "main-MISSING0.js"),
          );
        await page.reload();
        await page.waitForTimeout(2000);
        await context.setOffline(true);
        await page.reload();
        await menuShown(page);
      });
    });
  });
});

describe("two copies of the static site on one origin", () => {
  it("keep their own offline caches and builds: no copy deletes the other's or hears of a false update", async () => {
    const copy = mkdtempSync(join(tmpdir(), "piskasm-site-"));
    cpSync(SITE, copy, { recursive: true });
    nextBuild(copy);
    const host = await hostFolders(
      { "/games/piskasm/": SITE, "/games/piskasm-old/": copy },
      { precompressed: false },
    );
    try {
      await withSitePage(host, async (page, _context, errors) => {
        await menuShown(page);
        await controlledByWorker(page);
        await page.goto(host.url.replace("/piskasm/", "/piskasm-old/"));
        await menuShown(page);
        await controlledByWorker(page);
        const names = await page.evaluate(() => caches.keys());
        expect(names.filter((name) => name.includes("/games/piskasm/"))).toHaveLength(1);
        expect(names.filter((name) => name.includes("/games/piskasm-old/"))).toHaveLength(1);
        await page.goto(host.url);
        await menuShown(page);
        await page.waitForTimeout(1000);
        expect(await page.locator(".update-notice").count()).toBe(0);
        expect(errors).toEqual([]);
      });
      expect(host.outside).toEqual([]);
    } finally {
      await host.close();
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

/** A copy of the site in a temporary folder, served live (as a host whose files change when a build is deployed). */
async function withLiveCopy(
  precompressed: boolean,
  body: (copy: string, host: StaticHost) => Promise<void>,
): Promise<void> {
  const copy = mkdtempSync(join(tmpdir(), "piskasm-site-"));
  cpSync(SITE, copy, { recursive: true });
  const host = await hostFolder(copy, { precompressed, live: true });
  try {
    await body(copy, host);
  } finally {
    await host.close();
    rmSync(copy, { recursive: true, force: true });
  }
}

/** Offline: the machine saved to a file loads back, and the game's PSQ record exported and imported again replays. */
async function savedStateAndRecordWorkOffline(page: Page): Promise<void> {
  const saved = await probeState(page);
  const record = await page.evaluate(() => window.piskasm?.timeline?.exportRecord("psq"));
  if (record === undefined) throw new Error("the page exported no PSQ record");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#btn-save")]);
  const dir = mkdtempSync(join(tmpdir(), "piskasm-state-"));
  try {
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    await newGameLeavingAny(page);
    await waitForState(page, "s.phase === 2 && s.moveCount === 0");
    await page.setInputFiles("#file-state", file);
    expect((await waitForState(page, `s.moveCount === ${saved.moveCount}`)).plocha).toEqual(saved.plocha);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await page.evaluate(async (text) => window.piskasm?.timeline?.importRecord(text, "offline.psq"), record);
  await page.waitForFunction(() => window.piskasm?.timeline?.replaying() === false, null, {
    timeout: 60_000,
  });
  expect((await waitForState(page, `s.moveCount === ${saved.moveCount}`)).plocha).toEqual(saved.plocha);
}

/** Offline after a visit that never opened it, the debugger starts (its symbol map came with the page) and stops at a breakpoint. */
async function debuggerWorksOffline(page: Page): Promise<void> {
  await newGameLeavingAny(page);
  await waitForState(page, "s.phase === 2 && s.moveCount === 0");
  await page.click("#dbg-enable");
  await page.waitForFunction(() => window.piskasm?.debugger?.enabled() === true);
  await page.evaluate(() => window.piskasm!.debugger!.addBreakpoint("pc_move"));
  const stop = page.evaluate(() => window.piskasm!.debugger!.continue());
  await page.click('#heatmap [data-cell="180"]');
  expect((await stop).routine).toBe("pc_move");
  await page.evaluate(() => window.piskasm!.debugger!.enable(false));
}

/**
 * Turns the copied site into "the next build": a new version in index.html and in the service worker,
 * whose precache manifest gets index.html's new revision (Workbox's: the MD5 of its content).
 */
function nextBuild(dir: string): void {
  const html = readFileSync(join(dir, "index.html"), "utf8");
  const version = /<meta name="piskasm-build" content="([0-9a-f]+)">/.exec(html)?.[1];
  if (!version) throw new Error("build/site/index.html names no build version");
  const next = html.replace(version, "0000000000");
  writeFileSync(join(dir, "index.html"), next);
  const revision = createHash("md5").update(next).digest("hex");
  const worker = readFileSync(join(dir, "sw.js"), "utf8")
    .replaceAll(version, "0000000000")
    .replace(/(url:"index\.html",revision:")[0-9a-f]+/, `$1${revision}`);
  if (!worker.includes(revision)) throw new Error("sw.js has no revision of index.html to replace");
  writeFileSync(join(dir, "sw.js"), worker);
  for (const name of readdirSync(dir))
    if (/^(index\.html|sw\.js)\.(br|gz)$/.test(name)) rmSync(join(dir, name));
}
