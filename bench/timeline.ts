/**
 * Timeline figures: a 180-ply game (the full-board draw of tests/emu/fixtures, seed 1,
 * human first) plus two variations of up to 10 plies is played through the emulated mouse and kept by the
 * page's Timeline (a packed snapshot per stable state); then the machine is moved to random nodes.
 *   travel_ms_median / travel_ms_max   moving the whole machine to a node (unpack + restore), target < 150
 *   memory_mb                          what the timeline holds: packed snapshots and node states, target < 200
 *   heap_growth_mb                     the process's heap + array buffers after the game minus before it,
 *                                      each read after a full garbage collection (what the timeline keeps)
 *   nodes, packed_kb_per_node          how many stable states are kept, and the size of one
 *   page_*                             the same in Chromium: the 180-ply game opened from its share link
 *                                      (replayed in the page's emulator), a variation clicked, random
 *                                      moves on the timeline; page_js_heap_mb is Chromium's JS heap (the
 *                                      snapshots included), page_snapshots_mb what the timeline keeps
 * Run through `node bench/run.mjs timeline`. Needs `make` (build/piskasm.img).
 */
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { bootFloppy } from "../emu/node.js";
import { CELLS, EMPTY, Game, parseCell } from "../engine-ts/index.js";
import { Phase } from "../guest/game-view.js";
import { GameSession } from "../guest/session.js";
import { DRAW_HUMAN_MOVES, DRAW_SEED, DRAW_WHO_STARTS } from "../testkit/draw-game.js";
import { formatShareFragment } from "../web/share/share-url.js";
import { Timeline } from "../web/timeline/timeline.js";
import { launchChromium, serveBundle, textCellPoint } from "../testkit/browser.js";
import { median } from "../util/median.js";

const IMAGE = process.argv[2] ?? "build/piskasm.img";
const TRAVELS = 60;
const VARIATION_PLIES = 10;

// As in bench/soak.ts: without a collection first, the garbage of the unpacked snapshots counted as growth.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

function heapBytes(): number {
  collectGarbage();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** A deterministic PRNG so the travel targets are the same on every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const machine = await bootFloppy(IMAGE);
const session = await GameSession.open(machine, { timeoutMs: 20_000 });
await session.useSeed(DRAW_SEED);
const timeline = new Timeline({ run: (step) => step(machine), restored: () => undefined });
const heapBefore = heapBytes();
timeline.observe(machine, await session.startGame(DRAW_WHO_STARTS));
for (const cell of DRAW_HUMAN_MOVES) {
  await session.humanMove(cell);
  timeline.observe(machine, session.readState());
}
// Two variations: back to an earlier node, then other human moves (the first empty cells).
const mainLine = timeline.position().line;
for (const from of [10, 40]) {
  await timeline.goTo(mainLine[from]);
  for (let i = 0; i < VARIATION_PLIES / 2; i++) {
    const state = session.readState();
    const cell = [...Array(CELLS).keys()].reverse().find((c) => state.plocha[c] === EMPTY);
    if (cell === undefined || state.phase !== Phase.HUMAN_TURN) break;
    await session.humanMove(cell);
    timeline.observe(machine, session.readState());
  }
}
const memory = await timeline.memory();
const heapGrowth = heapBytes() - heapBefore;
const nodes = timeline.tree.nodes();
const random = lcg(12);
const travels: number[] = [];
for (let i = 0; i < TRAVELS; i++) {
  const node = nodes[Math.floor(random() * nodes.length)];
  await timeline.goTo(node);
  travels.push(timeline.lastTravelMs ?? NaN);
}
const nodeStateBytes = nodes.length * (CELLS + 2 * CELLS + 64);
console.log(`nodes ${nodes.length}`);
console.log(`plies_main_line ${DRAW_HUMAN_MOVES.length * 2 - 1}`);
console.log(`travel_ms_median ${median(travels).toFixed(1)}`);
console.log(`travel_ms_max ${Math.max(...travels).toFixed(1)}`);
console.log(`packed_kb_per_node ${(memory.packedBytes / memory.nodes / 1024).toFixed(0)}`);
console.log(`memory_mb ${((memory.packedBytes + nodeStateBytes) / 2 ** 20).toFixed(1)}`);
console.log(`heap_growth_mb ${(heapGrowth / 2 ** 20).toFixed(1)}`);
await machine.destroy();

// ---- the same in the page (Chromium): the game opened from its share link, replayed in the emulator ----
const PAGE_GAME_HUMAN_MOVES = 90;
const PAGE_TRAVELS = 40;
const game = Game.newGame(DRAW_SEED, DRAW_WHO_STARTS);
const stones: number[] = [];
for (const cell of DRAW_HUMAN_MOVES.slice(0, PAGE_GAME_HUMAN_MOVES)) {
  const outcome = game.humanMove(cell);
  stones.push(outcome.human, ...(outcome.computer === null ? [] : [outcome.computer]));
}
const served = await serveBundle();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const replayStarted = performance.now();
  await page.goto(
    `${served.url}${formatShareFragment({ seed: DRAW_SEED, first: DRAW_WHO_STARTS, moves: stones })}`,
  );
  await page.waitForFunction(
    () => window.piskasm?.timeline?.message() !== undefined && !window.piskasm.timeline.replaying(),
    null,
    { timeout: 300_000 },
  );
  const replayMs = performance.now() - replayStarted;
  const message = await page.evaluate(() => window.piskasm?.timeline?.message());
  if (!/on its last ply/.test(message ?? "")) throw new Error(`the page did not replay the game: ${message}`);
  // A variation of two moves from node 30: the page's screen clicked like a person does.
  await page.evaluate(() => window.piskasm!.timeline!.goTo(30));
  // The page reads the board's place on the screen again after the travel: wait for it.
  await page.waitForFunction(() => window.piskasm?.boardCellToText(0) !== undefined, null, {
    timeout: 30_000,
  });
  for (const name of ["A19", "B19"]) {
    const text = await page.evaluate((c) => window.piskasm?.boardCellToText(c), parseCell(name));
    if (!text) throw new Error("no board geometry in the page");
    const point = await textCellPoint(page, text.col, text.row);
    const before = await page.evaluate(() => window.piskasm!.timeline!.nodes().length);
    await page.mouse.click(point.x, point.y);
    await page.waitForFunction((n) => window.piskasm!.timeline!.nodes().length > n, before, {
      timeout: 10_000,
    });
  }
  const nodeCount = await page.evaluate(() => window.piskasm!.timeline!.nodes().length);
  const pageTravels: number[] = [];
  const pick = lcg(34);
  for (let i = 0; i < PAGE_TRAVELS; i++) {
    const id = Math.floor(pick() * nodeCount);
    pageTravels.push(
      await page.evaluate(
        (n) => window.piskasm!.timeline!.goToNode(window.piskasm!.timeline!.nodes()[n].id),
        id,
      ),
    );
  }
  const kept = await page.evaluate(() => window.piskasm!.timeline!.memory());
  await cdp.send("HeapProfiler.collectGarbage");
  const metrics = (await cdp.send("Performance.getMetrics")).metrics;
  const heap = metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? NaN;
  console.log(`page_nodes ${nodeCount}`);
  console.log(`page_replay_180_plies_s ${(replayMs / 1000).toFixed(1)}`);
  console.log(`page_travel_ms_median ${median(pageTravels).toFixed(1)}`);
  console.log(`page_travel_ms_max ${Math.max(...pageTravels).toFixed(1)}`);
  console.log(`page_snapshots_mb ${(kept.packedBytes / 2 ** 20).toFixed(1)}`);
  console.log(`page_js_heap_mb ${(heap / 2 ** 20).toFixed(1)}`);
} finally {
  await browser.close();
  await served.close();
}
