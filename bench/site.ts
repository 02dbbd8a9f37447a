/**
 * The static site's figures (build/site on a plain static server under a sub-path, in Chromium):
 *   bytes_total                  every file of build/site (with the .br/.gz copies and source maps)
 *   first_visit_wire_kb          bytes the host wrote to the browser for a first visit (empty cache)
 *                                until the menu shows and the service worker has cached the build,
 *                                from a host that serves the precompressed copies (as `piskasm serve`)
 *   first_visit_wire_kb_plain    the same from a host that serves the files as they are
 *   first_visit_menu_visible_ms  that first visit (precompressed, from localhost): navigation to the menu
 *   offline_menu_visible_ms      with the network cut after that visit: reload to the game's menu being
 *                                visible (the page's own menuVisibleMs), median of OFFLINE_LOADS
 *   offline_menu_visible_best_ms the fastest of those reloads (the estimate for a machine not shared)
 * and where an offline reload's time goes (medians, from the page's piskasm:* performance marks):
 *   offline_script_ms            navigation to the page's script running (index.html, script and style
 *                                from the service worker, parsed)
 *   offline_manifest_ms          the script's start to assets.json read
 *   offline_wasm_ms              assets.json to v86.wasm fetched and compiled (compileStreaming)
 *   offline_state_fetch_ms       assets.json to the menu state fetched
 *   offline_files_ms             assets.json to everything but the menu state in (wasm, BIOS, floppy)
 *   offline_machine_ms           those files to v86 made (instantiated, devices set up)
 *   offline_state_restore_ms     the machine and the state both there to the state restored
 *   offline_first_paint_ms       the restore to the first redraw of the emulated screen
 *   offline_menu_seen_ms         that redraw to the page seeing the menu in guest memory
 *   offline_fetched_kb           bytes the page fetched on a reload (through the service worker; what it
 *                                reads from the worker's cache itself, web/offline/cached.ts, not counted)
 * Run through `node bench/run.mjs site` after `make`.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../testkit/browser.js";
import { hostFolder } from "../testkit/static-host.js";
import { median } from "../util/median.js";

const SITE = join("build", "site");
const OFFLINE_LOADS = 7;

/** The page's marks (ms after navigation start), the menu's time, and the bytes its resources had. */
interface LoadTimes {
  marks: Record<string, number>;
  menuMs: number;
  readBytes: number;
}

/** Phase figures: the name, and the marks it runs from (the later of them) and to. */
const PHASES: [string, string[], string][] = [
  ["offline_script_ms", [], "script-start"],
  ["offline_manifest_ms", ["script-start"], "manifest-loaded"],
  ["offline_wasm_ms", ["manifest-loaded"], "wasm-compiled"],
  ["offline_state_fetch_ms", ["manifest-loaded"], "state-loaded"],
  ["offline_files_ms", ["manifest-loaded"], "files-loaded"],
  ["offline_machine_ms", ["files-loaded"], "machine-started"],
  ["offline_state_restore_ms", ["machine-started", "state-loaded"], "state-restored"],
  ["offline_first_paint_ms", ["state-restored"], "screen-drawn"],
  ["offline_menu_seen_ms", ["screen-drawn"], "menu-visible"],
];

async function loadTimes(page: Page): Promise<LoadTimes> {
  await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, { timeout: 60_000 });
  return page.evaluate(() => {
    const marks: Record<string, number> = {};
    for (const mark of performance.getEntriesByType("mark"))
      if (mark.name.startsWith("piskasm:")) marks[mark.name.slice("piskasm:".length)] = mark.startTime;
    const entries = [
      ...performance.getEntriesByType("navigation"),
      ...performance.getEntriesByType("resource"),
    ] as PerformanceResourceTiming[];
    return {
      marks,
      menuMs: window.piskasm?.menuVisibleMs() ?? Number.NaN,
      readBytes: entries.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
    };
  });
}

function phase(times: LoadTimes, from: string[], to: string): number {
  const start = Math.max(0, ...from.map((mark) => times.marks[mark] ?? Number.NaN));
  return (times.marks[to] ?? Number.NaN) - start;
}

/** A first visit from an empty profile; with `offline`, then the reloads with the network cut. */
async function visit(
  browser: Browser,
  precompressed: boolean,
  offline: boolean,
): Promise<{ wireKb: number; firstMs: number; offline: LoadTimes[] }> {
  const host = await hostFolder(SITE, { precompressed });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(host.url);
    const first = await loadTimes(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    const wireKb = host.bytesSent() / 1024;
    const loads: LoadTimes[] = [];
    if (offline) {
      await context.setOffline(true);
      for (let i = 0; i < OFFLINE_LOADS; i++) {
        await page.reload();
        loads.push(await loadTimes(page));
      }
    }
    return { wireKb, firstMs: first.menuMs, offline: loads };
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
    console.log(`first_visit_menu_visible_ms ${compressed.firstMs.toFixed(0)}`);
    const loads = compressed.offline;
    console.log(`offline_menu_visible_ms ${median(loads.map((l) => l.menuMs)).toFixed(0)}`);
    console.log(`offline_menu_visible_best_ms ${Math.min(...loads.map((l) => l.menuMs)).toFixed(0)}`);
    for (const [name, from, to] of PHASES)
      console.log(`${name} ${median(loads.map((l) => phase(l, from, to))).toFixed(0)}`);
    console.log(`offline_fetched_kb ${median(loads.map((l) => l.readBytes / 1024)).toFixed(0)}`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(`bench/site: ${error instanceof Error ? error.message : String(error)} (run \`make\` first)`);
  process.exitCode = 1;
});
