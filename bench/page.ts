/**
 * Browser page figures: navigation to the game's menu being visible (ms, median of fresh pages, with
 * the server's menu snapshot and with a full boot in the page), the
 * page's own bundle size (KB, without v86's wasm, the BIOS files, the floppy and source maps), and the
 * CPU an idle page uses (at the menu and while waiting for the human's click) over a few seconds:
 * Chromium's main-thread busy share (CDP Performance.TaskDuration) and the CPU time of every Chromium
 * process (/proc), and the bytes the server wrote to the browser's sockets for a first visit (empty
 * cache) and a second one (same browser profile, so its HTTP cache). Run through
 * `node bench/run.mjs page`; prints `name value` lines. Needs `make`.
 *
 * Idle at the menu (idle_menu_*), % of one core: the mean over MENU_STEADY_WINDOWS 5 s windows after
 * MENU_SETTLE_WINDOWS (the page's start-up work), with the first window on its own and the series.
 * Idle while waiting for the click (idle_turn_*), % of one core: the page's steady state. Measured
 * from the moment the game waits for the click, in 5 s windows (/proc per process, CDP TaskDuration):
 * the first TURN_SETTLE_WINDOWS hold the start's one-off work (the panel's first look at the new
 * game, V8 tiering up, v86 compiling the now hot guest code to wasm), then Chromium's own housekeeping
 * and V8's memory reducer (a few major GCs 20-40 s after load) come and go; the figures are the mean
 * over the TURN_STEADY_WINDOWS after the settling ones, so one-off GCs inside them are counted, not
 * dropped. Beside them: the page's renderer processes alone, the browser process, the rest (GPU,
 * network, zygote), the first 5 s on their own (the earlier figure's window), the per-window series
 * (all Chromium processes, `/`-separated, settling windows included), and Chromium's own floor (a
 * fresh about:blank page in the same browser, after BLANK_SETTLE_MS, over as long as the steady state).
 * Without another context open; a process that ends inside a window is left out of that window.
 *
 * Then click latency over LATENCY_MOVES real clicks (bench/page/latency.ts): click_to_stone (the click
 * event to the frame that draws the computer's stone), click_to_panel (to the move list showing it),
 * and the page's own stages (click_stage_*: the input queue reached the move, the answer in memory,
 * the next screen frame, the panel) with the PS/2 packets per click. Last (bench/page/touch-resume.ts):
 * long_press_explain_ms, a finger's press on a score-map cell to its explanation (the 500 ms long
 * press included), and resume_after_reload_ms, navigation start to the saved game running again.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { Socket } from "node:net";
import { join } from "node:path";
import type { Browser, CDPSession, Page } from "playwright-core";
import { listen } from "../cli/web-server/listen.js";
import { createPageServer } from "../cli/web-server/page-server.js";
import { clickLatencies } from "./page/latency.js";
import { longPressExplainMs, resumeAfterReloadMs } from "./page/touch-resume.js";
import { launchChromium } from "../testkit/browser.js";
import { median } from "../util/median.js";
import { quantile } from "../testkit/quantile.js";

const WEB_ROOT = join("build", "web");
const LOADS = 5;
/** One window of the idle figures. */
const WINDOW_MS = 5_000;
/** Windows after the game's start that hold its one-off work (measured: 2-6 % in the first, ~1 % from the third). */
const TURN_SETTLE_WINDOWS = 2;
/** Windows of the steady state, the idle_turn figures' mean. */
const TURN_STEADY_WINDOWS = 6;
/**
 * Windows after the menu first shows that hold the page's one-off start-up work (the machine saved at
 * the menu for Reset, v86 compiling the menu's hot guest code to wasm on V8's background threads,
 * the renderers of the earlier contexts winding down); idle_menu is the mean of the steady windows
 * after them, as idle_turn is (its first window alone: idle_menu_first_5s).
 */
const MENU_SETTLE_WINDOWS = 1;
const MENU_STEADY_WINDOWS = 4;
/** A fresh about:blank page first settles this long (its renderer starting up). */
const BLANK_SETTLE_MS = 5_000;
const ASSET = /\.(wasm|bin|img|map|br|gz|json)$/;
const CLOCK_TICKS = 100;
/** Long presses of long_press_explain_ms and reloads of resume_after_reload_ms (bench/page/touch-resume.ts). */
const TOUCH_PRESSES = 10;
const RESUME_RELOADS = 5;
/** Moves of the click-latency figures (bench/page/latency.ts). */
const LATENCY_MOVES = 30;

function bundleKb(): number {
  let bytes = 0;
  for (const name of readdirSync(WEB_ROOT))
    if (!ASSET.test(name)) bytes += statSync(join(WEB_ROOT, name)).size;
  return bytes / 1024;
}

/** Kind of a Chromium process: its --type= (renderer, gpu-process, utility, zygote...), "browser" without one. */
function processKind(pid: number): string | undefined {
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch (error) {
    if (gone(error)) return undefined;
    throw error;
  }
  return /--type=([\w-]+)/.exec(cmdline)?.[1] ?? "browser";
}

function gone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ESRCH";
}

/** CPU seconds (user + system) of each of this process's descendants (Chromium and its helpers), by pid. */
function chromiumCpuSeconds(): Map<number, { kind: string; seconds: number }> {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch (error) {
      if (gone(error)) continue;
      throw error;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    parents.set(Number(entry), Number(fields[1]));
    cpu.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
  }
  const chromium = new Map<number, { kind: string; seconds: number }>();
  for (const [pid, seconds] of cpu) {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) {
      if (p !== process.pid) continue;
      const kind = processKind(pid);
      if (kind !== undefined) chromium.set(pid, { kind, seconds });
      break;
    }
  }
  return chromium;
}

async function mainThreadBusySeconds(session: CDPSession): Promise<number> {
  const { metrics } = await session.send("Performance.getMetrics");
  const task = metrics.find((m) => m.name === "TaskDuration");
  if (!task) throw new Error("Chromium reported no TaskDuration metric");
  return task.value;
}

/** CPU use over some time while the page just sits there, in % of one core. */
interface IdleCpu {
  seconds: number;
  /** The page's main thread busy (CDP TaskDuration). */
  mainThread: number;
  /** Every Chromium process. */
  all: number;
  /** By process kind (browser, renderer, gpu-process, utility...). */
  byKind: Map<string, number>;
}

/** CPU use over `ms` while `page` just sits there (without `session`, no main-thread figure). */
async function idleCpu(page: Page, session: CDPSession | undefined, ms: number): Promise<IdleCpu> {
  const task0 = session ? await mainThreadBusySeconds(session) : 0;
  const proc0 = chromiumCpuSeconds();
  const t0 = performance.now();
  await page.waitForTimeout(ms);
  const seconds = (performance.now() - t0) / 1000;
  const task1 = session ? await mainThreadBusySeconds(session) : 0;
  const proc1 = chromiumCpuSeconds();
  const byKind = new Map<string, number>();
  // A process that ended during the window is left out; one that started counts from zero.
  for (const [pid, { kind, seconds: cpu }] of proc1) {
    byKind.set(kind, (byKind.get(kind) ?? 0) + ((cpu - (proc0.get(pid)?.seconds ?? 0)) / seconds) * 100);
  }
  const all = [...byKind.values()].reduce((sum, percent) => sum + percent, 0);
  return { seconds, mainThread: ((task1 - task0) / seconds) * 100, all, byKind };
}

/** Windows one after another: the mean over all of them (total CPU over total time). */
function meanOf(windows: IdleCpu[]): IdleCpu {
  const seconds = windows.reduce((sum, w) => sum + w.seconds, 0);
  const weighted = (pick: (w: IdleCpu) => number): number =>
    windows.reduce((sum, w) => sum + pick(w) * w.seconds, 0) / seconds;
  const kinds = new Set(windows.flatMap((w) => [...w.byKind.keys()]));
  return {
    seconds,
    mainThread: weighted((w) => w.mainThread),
    all: weighted((w) => w.all),
    byKind: new Map([...kinds].map((kind) => [kind, weighted((w) => w.byKind.get(kind) ?? 0)])),
  };
}

/** Fresh pages (new contexts) from `url`: ms from navigation start to the menu, one per load. */
async function menuTimes(browser: Browser, url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, {
      timeout: 60_000,
    });
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
const browser = await launchChromium();
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

  const blankContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const blank = await blankContext.newPage();
  await blank.waitForTimeout(BLANK_SETTLE_MS);
  const floor = await idleCpu(blank, undefined, TURN_STEADY_WINDOWS * WINDOW_MS);
  await blankContext.close();
  console.log(`idle_blank_chromium_cpu_percent ${floor.all.toFixed(1)}`);

  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send("Performance.enable");
  await page.goto(url);
  await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, { timeout: 60_000 });
  const menuWindows: IdleCpu[] = [];
  for (let i = 0; i < MENU_SETTLE_WINDOWS + MENU_STEADY_WINDOWS; i++)
    menuWindows.push(await idleCpu(page, session, WINDOW_MS));
  const menu = meanOf(menuWindows.slice(MENU_SETTLE_WINDOWS));
  console.log(`idle_menu_main_thread_percent ${menu.mainThread.toFixed(1)}`);
  console.log(`idle_menu_chromium_cpu_percent ${menu.all.toFixed(1)}`);
  console.log(`idle_menu_renderer_cpu_percent ${(menu.byKind.get("renderer") ?? 0).toFixed(1)}`);
  console.log(`idle_menu_first_5s_chromium_cpu_percent ${menuWindows[0].all.toFixed(1)}`);
  console.log(`idle_menu_chromium_cpu_series_5s ${menuWindows.map((w) => w.all.toFixed(1)).join("/")}`);
  await page.click("#btn-new-human");
  await page.waitForFunction(() => window.piskasm?.state()?.phase === 2, null, { timeout: 20_000 });
  const windows: IdleCpu[] = [];
  for (let i = 0; i < TURN_SETTLE_WINDOWS + TURN_STEADY_WINDOWS; i++)
    windows.push(await idleCpu(page, session, WINDOW_MS));
  const steady = meanOf(windows.slice(TURN_SETTLE_WINDOWS));
  const renderer = steady.byKind.get("renderer") ?? 0;
  const browserProcess = steady.byKind.get("browser") ?? 0;
  console.log(`idle_turn_main_thread_percent ${steady.mainThread.toFixed(1)}`);
  console.log(`idle_turn_chromium_cpu_percent ${steady.all.toFixed(1)}`);
  console.log(`idle_turn_renderer_cpu_percent ${renderer.toFixed(1)}`);
  console.log(`idle_turn_browser_cpu_percent ${browserProcess.toFixed(1)}`);
  const other = [...steady.byKind]
    .filter(([kind]) => kind !== "renderer" && kind !== "browser")
    .reduce((sum, [, percent]) => sum + percent, 0);
  console.log(`idle_turn_other_cpu_percent ${other.toFixed(1)}`);
  console.log(`idle_turn_first_5s_chromium_cpu_percent ${windows[0].all.toFixed(1)}`);
  console.log(`idle_turn_chromium_cpu_series_5s ${windows.map((w) => w.all.toFixed(1)).join("/")}`);

  const moves = await clickLatencies(page, LATENCY_MOVES);
  const stone = moves.map((m) => m.stoneMs);
  console.log(`click_to_stone_ms_median ${median(stone).toFixed(1)}`);
  console.log(`click_to_stone_ms_p95 ${quantile(stone, 0.95).toFixed(1)}`);
  console.log(`click_to_panel_ms_median ${median(moves.map((m) => m.panelMs)).toFixed(1)}`);
  // The page's own stages of the same moves (ms after the page took the click): where the time goes.
  for (const stage of ["started", "answered", "drawn", "shown"] as const) {
    const values = moves.flatMap((m) => (m.stages?.[stage] === undefined ? [] : [m.stages[stage]]));
    if (values.length > 0) console.log(`click_stage_${stage}_ms_median ${median(values).toFixed(1)}`);
  }
  console.log(`click_packets_median ${median(moves.map((m) => m.stages?.packets ?? 0))}`);
  await context.close();
  const presses = await longPressExplainMs(browser, url, TOUCH_PRESSES);
  console.log(`long_press_explain_ms_median ${median(presses).toFixed(1)}`);
  const resumes = await resumeAfterReloadMs(browser, url, RESUME_RELOADS);
  console.log(`resume_after_reload_ms_median ${median(resumes).toFixed(0)}`);
} finally {
  await browser.close();
  server.close();
  booting.server.close();
}
