/**
 * Browser page figures: navigation to the game's menu being visible (ms, median of fresh pages, with
 * the server's menu snapshot and with a full boot in the page), the
 * page's own bundle size (KB, without v86's wasm, the BIOS files, the floppy and source maps), and the
 * CPU an idle page uses (at the menu and while waiting for the human's click) over a few seconds:
 * Chromium's main-thread busy share (CDP Performance.TaskDuration) and the CPU time of every Chromium
 * process (/proc), and the bytes the server wrote to the browser's sockets for a first visit (empty
 * cache) and a second one (same browser profile, so its HTTP cache). Run through
 * `node bench/run.mjs page`; prints `name value` lines. Needs `make`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { Socket } from "node:net";
import { join } from "node:path";
import { chromium, type Browser, type CDPSession, type Page } from "playwright-core";
import { listen } from "../cli/web-server/listen.js";
import { createPageServer } from "../cli/web-server/page-server.js";

const WEB_ROOT = join("build", "web");
const LOADS = 5;
const IDLE_MS = 5_000;
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const ASSET = /\.(wasm|bin|img|map|br|gz|json)$/;
const CLOCK_TICKS = 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function bundleKb(): number {
  let bytes = 0;
  for (const name of readdirSync(WEB_ROOT)) if (!ASSET.test(name)) bytes += statSync(join(WEB_ROOT, name)).size;
  return bytes / 1024;
}

/** CPU seconds (user + system) of this process's descendants: Chromium and its helpers. */
function childrenCpuSeconds(): number {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ESRCH") continue;
      throw error;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    parents.set(Number(entry), Number(fields[1]));
    cpu.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
  }
  let total = 0;
  for (const [pid, seconds] of cpu) {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) {
      if (p === process.pid) {
        total += seconds;
        break;
      }
    }
  }
  return total;
}

async function mainThreadBusySeconds(session: CDPSession): Promise<number> {
  const { metrics } = await session.send("Performance.getMetrics");
  const task = metrics.find((m) => m.name === "TaskDuration");
  if (!task) throw new Error("Chromium reported no TaskDuration metric");
  return task.value;
}

/** CPU use over IDLE_MS while the page just sits there: [main thread %, all Chromium processes %]. */
async function idleCpu(page: Page, session: CDPSession): Promise<[number, number]> {
  const task0 = await mainThreadBusySeconds(session);
  const proc0 = childrenCpuSeconds();
  const t0 = performance.now();
  await page.waitForTimeout(IDLE_MS);
  const seconds = (performance.now() - t0) / 1000;
  const task1 = await mainThreadBusySeconds(session);
  const proc1 = childrenCpuSeconds();
  return [((task1 - task0) / seconds) * 100, ((proc1 - proc0) / seconds) * 100];
}

/** Fresh pages (new contexts) from `url`: ms from navigation start to the menu, one per load. */
async function menuTimes(browser: Browser, url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, { timeout: 60_000 });
    const ms = await page.evaluate(() => window.piskasm?.menuVisibleMs());
    if (ms === undefined) throw new Error("the page lost its menu time");
    times.push(ms);
    await context.close();
  }
  return times;
}

/** Bytes the server has written to every socket it accepted (headers and bodies as sent, compressed or not). */
function wireCounter(server: import("node:http").Server): () => number {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => sockets.add(socket));
  return () => [...sockets].reduce((sum, socket) => sum + socket.bytesWritten, 0);
}

/** A visit in `context`: the page up to its menu, then until the network is quiet. */
async function visit(context: import("playwright-core").BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, { timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  await page.close();
}

const booting = createPageServer({ webRoot: WEB_ROOT, snapshot: false });
const bootUrl = await listen(booting.server, "127.0.0.1", 0);
const { server, snapshot } = createPageServer({ webRoot: WEB_ROOT });
const { bytes: snapshotBytes, problem } = await snapshot;
if (problem) throw new Error(`no menu snapshot: ${problem}`);
const wire = wireCounter(server);
const url = await listen(server, "127.0.0.1", 0);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
try {
  const restored = await menuTimes(browser, url);
  console.log(`menu_visible_ms_median ${median(restored).toFixed(0)}`);
  console.log(`menu_visible_ms_max ${Math.max(...restored).toFixed(0)}`);
  const booted = await menuTimes(browser, bootUrl);
  console.log(`menu_visible_boot_ms_median ${median(booted).toFixed(0)}`);
  console.log(`menu_snapshot_kb ${(snapshotBytes.byteLength / 1024).toFixed(0)}`);
  console.log(`bundle_kb ${bundleKb().toFixed(1)}`);

  const visitor = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const before = wire();
  await visit(visitor, url);
  const first = wire();
  await visit(visitor, url);
  console.log(`first_visit_wire_kb ${((first - before) / 1024).toFixed(0)}`);
  console.log(`second_visit_wire_kb ${((wire() - first) / 1024).toFixed(1)}`);
  await visitor.close();

  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send("Performance.enable");
  await page.goto(url);
  await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, { timeout: 60_000 });
  const [menuMain, menuAll] = await idleCpu(page, session);
  console.log(`idle_menu_main_thread_percent ${menuMain.toFixed(1)}`);
  console.log(`idle_menu_chromium_cpu_percent ${menuAll.toFixed(1)}`);
  await page.click("#btn-new-human");
  await page.waitForFunction(() => window.piskasm?.state()?.phase === 2, null, { timeout: 20_000 });
  const [turnMain, turnAll] = await idleCpu(page, session);
  console.log(`idle_turn_main_thread_percent ${turnMain.toFixed(1)}`);
  console.log(`idle_turn_chromium_cpu_percent ${turnAll.toFixed(1)}`);
  await context.close();
} finally {
  await browser.close();
  server.close();
  booting.server.close();
}
