/**
 * The page's server on a free port and Debian's Chromium, for the browser tests and the page's
 * benchmarks: serving the bundle, launching Chromium, reading the page's probe, pointing at text cells.
 */
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { join, resolve } from "node:path";
import { runInNewContext } from "node:vm";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "playwright-core";
import { listen } from "../cli/web-server/listen.js";
import { createPageServer, type PageServerOptions } from "../cli/web-server/page-server.js";
import type { ProbeState } from "../web/page-probe.js";

export const PROJECT = resolve(import.meta.dirname, "..");
export const WEB_ROOT = join(PROJECT, "build", "web");
export const SCREENSHOTS = join(PROJECT, "build", "screenshots");

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Served {
  url: string;
  server: Server;
  /** Why the server made no menu snapshot, if it made none. */
  snapshotProblem: string | undefined;
  close(): Promise<void>;
}

/** Serves build/web as `piskasm serve` does (menu snapshot included) on a free port of 127.0.0.1. */
export async function serveBundle(options: Omit<PageServerOptions, "webRoot"> = {}): Promise<Served> {
  if (!existsSync(join(WEB_ROOT, "bundle-assets.json")))
    throw new Error(`${WEB_ROOT} has no bundle-assets.json: run \`make\` first`);
  const { server, snapshot } = createPageServer({ webRoot: WEB_ROOT, ...options });
  const snapshotProblem = (await snapshot).problem;
  const url = await listen(server, "127.0.0.1", 0);
  return {
    url,
    server,
    snapshotProblem,
    close: () =>
      new Promise((done, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : done()));
      }),
  };
}

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (make setup)`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** Console errors and page errors, so a failing test can say what the page complained about. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

export async function probeState(page: Page): Promise<ProbeState> {
  const state = await page.evaluate(() => window.piskasm?.state());
  if (!state) throw new Error("the page shows no game state yet");
  return state;
}

/** How often waitForState reads the page's state. */
const STATE_POLL_MS = 25;

/**
 * Waits until the page's panel shows a state `s` satisfying `predicate` (a JavaScript expression over
 * `s`, evaluated here in Node: the page's Content-Security-Policy allows no eval); on a timeout the
 * error shows the PC screen and the page's status.
 */
export async function waitForState(page: Page, predicate: string, timeoutMs = 20_000): Promise<ProbeState> {
  const holds = (s: ProbeState): boolean => Boolean(runInNewContext(`(${predicate})`, { s }));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await page.evaluate(() => window.piskasm?.state());
    if (state !== undefined && holds(state)) return state;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, STATE_POLL_MS));
  }
  const seen = await page.evaluate(() => ({
    lines: window.piskasm?.screen()?.lines ?? [],
    status: document.getElementById("status-text")?.textContent ?? "",
  }));
  throw new Error(
    `waiting for ${predicate}: no such state within ${timeoutMs} ms\nstatus: ${seen.status}\nthe PC screen:\n${seen.lines.join("\n")}`,
  );
}

/** Client coordinates of the centre of text cell (col, row) of the emulated screen. */
export async function textCellPoint(page: Page, col: number, row: number): Promise<{ x: number; y: number }> {
  const box = await page.locator("#screen > div").first().boundingBox();
  if (!box) throw new Error("the emulated screen has no text layer");
  return { x: box.x + ((col + 0.5) * box.width) / 80, y: box.y + ((row + 0.5) * box.height) / 25 };
}

/**
 * Like textCellPoint, after scrolling the page so that the point is inside the viewport (on a phone
 * the PC screen sits below the score map): a tap or a click outside the viewport reaches nothing.
 */
export async function textCellPointInView(
  page: Page,
  col: number,
  row: number,
): Promise<{ x: number; y: number }> {
  const point = await textCellPoint(page, col, row);
  const height = await page.evaluate(() => innerHeight);
  if (point.y >= 0 && point.y < height) return point;
  await page.evaluate((dy) => window.scrollBy(0, dy), point.y - height / 2);
  return textCellPoint(page, col, row);
}

/** Runs `body` on a page of a fresh browser context (closed afterwards), once the game's menu is shown. */
export async function withMenuPage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions,
  body: (page: Page, errors: string[], context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(url);
    await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, {
      timeout: 30_000,
    });
    await body(page, errors, context);
  } finally {
    await context.close();
  }
}
