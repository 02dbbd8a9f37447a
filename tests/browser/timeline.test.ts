/**
 * The timeline, share links and records in real Chromium: a shared game is replayed in the emulator,
 * the machine moves back 10 plies (screen and Plocha those of that ply, as a fresh page opened with
 * that ply's link shows them), a variation is played and both lines stay intact, records round-trip.
 */
import sgf from "@sabaki/sgf";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { Game, parseCell } from "../../engine-ts/index.js";
import { toRecord } from "../../records/piskasm-game.js";
import { formatPsq } from "../../records/psq.js";
import { formatShareFragment } from "../../web/share/share-url.js";
import { DRAW_HUMAN_MOVES, DRAW_SEED } from "../../testkit/draw-game.js";
import type { TimelineProbe } from "../../web/timeline/features.js";
import { useServedChromium } from "./browser.js";
import { collectPageErrors, probeState, textCellPoint, waitForState } from "../../testkit/browser.js";

const MENU = 1;
const HUMAN_TURN = 2;
/** The first 15 human moves of the full-board draw (seed 1): 30 plies, nobody wins on the way. */
const SEED = DRAW_SEED;
const HUMAN_MOVES = DRAW_HUMAN_MOVES.slice(0, 15);

/** The game engine-ts plays with these human moves (the differential tier checks the asm agrees). */
function engineGame(): { seed: number; first: "human"; moves: number[]; engine: Game } {
  const engine = Game.newGame(SEED, "human");
  const moves: number[] = [];
  for (const cell of HUMAN_MOVES) {
    const outcome = engine.humanMove(cell);
    moves.push(outcome.human);
    if (outcome.computer !== null) moves.push(outcome.computer);
  }
  return { seed: SEED, first: "human", moves, engine };
}

const { engine, ...game } = engineGame();
const chrome = useServedChromium();

/** A fresh page opened at `fragment`, once the link's game is replayed (or refused). */
async function openPage(fragment: string): Promise<{ page: Page; errors: string[] }> {
  const page = await chrome.browser.newPage({ viewport: { width: 1366, height: 900 } });
  const errors = collectPageErrors(page);
  await page.goto(`${chrome.served.url}${fragment}`);
  await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, { timeout: 30_000 });
  await page.waitForFunction(
    () => window.piskasm?.timeline?.message() !== undefined && !window.piskasm.timeline.replaying(),
    null,
    { timeout: 60_000 },
  );
  return { page, errors };
}

async function timelineCall<T>(page: Page, call: (t: TimelineProbe) => T | Promise<T>): Promise<T> {
  return page.evaluate<T>(
    `(async () => { const t = window.piskasm.timeline; return (${call.toString()})(t); })()`,
  );
}

async function screenLines(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window.piskasm?.screen()?.lines ?? [])]);
}

describe("a shared game", () => {
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await openPage(formatShareFragment(game)));
  });

  it("is replayed in the emulator and lands on its last ply", async () => {
    const message = await timelineCall(page, (t) => t.message());
    expect(message, `page errors: ${errors.join("; ")}`).toMatch(/on its last ply/);
    const state = await probeState(page);
    expect(state.moveCount).toBe(game.moves.length);
    expect(state.plocha).toEqual([...engine.state.plocha]);
    expect(state.info).toEqual([...engine.state.info]);
    expect(await timelineCall(page, (t) => t.shareFragment())).toBe(formatShareFragment(game));
    // Every key and click of the replay passed the page's checker of the whole program.
    const check = await page.evaluate(() => window.piskasm?.check?.());
    expect(check?.state, JSON.stringify(check)).toBe("agree");
    expect(check?.inputs).toBeGreaterThan(game.moves.length);
    expect(errors).toEqual([]);
  });

  it("moves back 10 plies: screen, Plocha and Info are those a fresh page shows for that ply's link", async () => {
    const { plies, index } = await timelineCall(page, (t) => t.line());
    expect(plies[index]).toBe(game.moves.length);
    const travelMs = await page.evaluate((i) => window.piskasm!.timeline!.goTo(i), index - 5);
    const back = await waitForState(page, `s.moveCount === ${game.moves.length - 10}`);
    expect(travelMs).toBeGreaterThan(0);
    const earlier = { ...game, moves: game.moves.slice(0, game.moves.length - 10) };
    expect(await timelineCall(page, (t) => t.shareFragment())).toBe(formatShareFragment(earlier));
    const fresh = await openPage(formatShareFragment(earlier));
    try {
      const freshState = await probeState(fresh.page);
      expect(back.plocha).toEqual(freshState.plocha);
      expect(back.info).toEqual(freshState.info);
      expect(
        await screenLines(page),
        `screen back 10 plies:\n${(await screenLines(page)).join("\n")}`,
      ).toEqual(await screenLines(fresh.page));
    } finally {
      await fresh.page.close();
    }
  });

  it("moves one node (a human stone and the answer) back and forth with the arrow keys, outside the emulated screen", async () => {
    const { index } = await timelineCall(page, (t) => t.line());
    const ply = (await probeState(page)).moveCount;
    await page.locator(".timeline h2").click();
    await page.keyboard.press("ArrowLeft");
    await waitForState(page, `s.moveCount === ${ply - 2}`);
    expect((await timelineCall(page, (t) => t.line())).index).toBe(index - 1);
    await page.keyboard.press("ArrowRight");
    await waitForState(page, `s.moveCount === ${ply}`);
    expect((await timelineCall(page, (t) => t.line())).index).toBe(index);
  });

  it("plays a variation from there, and both lines can be returned to intact", async () => {
    const before = await probeState(page);
    const mainLeaf = (await timelineCall(page, (t) => t.nodes())).find((n) => n.ply === game.moves.length);
    expect(mainLeaf).toBeDefined();
    const cell = parseCell("H8");
    expect(before.plocha[cell]).toBe(0);
    const text = await page.evaluate((c) => window.piskasm?.boardCellToText(c), cell);
    if (!text) throw new Error("no board geometry");
    const point = await textCellPoint(page, text.col, text.row);
    await page.mouse.click(point.x, point.y);
    const variation = await waitForState(
      page,
      `s.moveCount === ${before.moveCount + 2} && s.phase === ${HUMAN_TURN}`,
    );
    expect(variation.plocha[cell]).toBe(2);
    await page.waitForFunction(
      (n) => window.piskasm!.timeline!.nodes().length === n,
      (await timelineCall(page, (t) => t.nodes())).length,
    );
    const nodes = await timelineCall(page, (t) => t.nodes());
    const variationLeaf = nodes.find(
      (n) =>
        n.ply === variation.moveCount &&
        !nodes.some((m) => m.parent === n.id) &&
        n.id !== mainLeaf!.id &&
        n.id > mainLeaf!.id,
    );
    expect(variationLeaf, JSON.stringify(nodes)).toBeDefined();

    await page.evaluate((id) => window.piskasm!.timeline!.goToNode(id), mainLeaf!.id);
    const main = await waitForState(page, `s.moveCount === ${game.moves.length}`);
    expect(main.plocha[cell]).toBe(0);
    expect(game.moves.every((m, i) => main.plocha[m] === (i % 2 === 0 ? 2 : 1))).toBe(true);

    await page.evaluate((id) => window.piskasm!.timeline!.goToNode(id), variationLeaf!.id);
    const again = await waitForState(
      page,
      `s.moveCount === ${variation.moveCount} && s.plocha[${cell}] === 2`,
    );
    expect(again.plocha).toEqual(variation.plocha);
    expect(again.info).toEqual(variation.info);
  });

  it("goes to the game's start (no stone on the board) and back to its last ply, keeping every node", async () => {
    const nodes = await timelineCall(page, (t) => t.nodes());
    const root = nodes.find((n) => n.parent === undefined);
    const mainLeaf = nodes.find((n) => n.ply === game.moves.length);
    expect(root?.ply).toBe(0);
    await page.evaluate((id) => window.piskasm!.timeline!.goToNode(id), root!.id);
    await waitForState(page, "s.moveCount === 0");
    expect(await timelineCall(page, (t) => t.nodes())).toEqual(nodes);
    await page.evaluate((id) => window.piskasm!.timeline!.goToNode(id), mainLeaf!.id);
    await waitForState(page, `s.moveCount === ${game.moves.length}`);
    expect(await timelineCall(page, (t) => t.nodes())).toEqual(nodes);
  });

  it("exports SGF that @sabaki/sgf reads, and PSQ that imports back as the same moves", async () => {
    // The variation's test may still be bringing the main line back: wait for its last node.
    const lastNode = async () =>
      (await timelineCall(page, (t) => t.nodes())).find((n) => n.ply === game.moves.length)?.id;
    await expect.poll(lastNode, { timeout: 30_000 }).toBeDefined();
    const lastId = await lastNode();
    await page.evaluate((id) => window.piskasm!.timeline!.goToNode(id!), lastId);
    await waitForState(page, `s.moveCount === ${game.moves.length}`);
    const sgfText = await timelineCall(page, (t) => t.exportRecord("sgf"));
    const roots = sgf.parse(sgfText ?? "");
    expect(roots[0].data.GM).toEqual(["4"]);
    expect(roots[0].data.FF).toEqual(["4"]);
    let depth = 0;
    for (let node = roots[0].children[0]; node; node = node.children[0]) depth++;
    expect(depth).toBe(game.moves.length);
    const psqText = await timelineCall(page, (t) => t.exportRecord("psq"));
    expect(psqText).toBe(formatPsq(toRecord(game)));
    await page.evaluate((text) => window.piskasm!.timeline!.importRecord(text, "exported.psq"), psqText!);
    expect(await timelineCall(page, (t) => t.message())).toMatch(
      /Replayed exported\.psq: \d+ stones, on its last ply/,
    );
    expect(await timelineCall(page, (t) => t.shareFragment())).toBe(formatShareFragment(game));
  });

  it("shows a game PISKASM.COM did not play as a board with engine-ts's Info, saying the emulator cannot reproduce it", async () => {
    const foreign = "Piskvorky 19x19, 11:11, 1\n10,10,0\n11,11,0\n9,10,0\npbrain-a\npbrain-b\n0\n";
    await page.evaluate((text) => window.piskasm!.timeline!.importRecord(text, "other.psq"), foreign);
    expect(await timelineCall(page, (t) => t.message())).toMatch(/cannot reproduce/);
    const shown = await timelineCall(page, (t) => t.foreign());
    expect(shown).toMatchObject({ plies: 3, ply: 3 });
    expect(shown?.plocha.filter((p) => p !== 0)).toHaveLength(3);
    expect(shown?.info.some((v) => v > 0)).toBe(true);
    await expect.poll(() => page.locator(".foreign-game").isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe("a bad or truncated link", () => {
  it.each([["#s=1&first=human&m=K10,L"], ["#s=42&first=hu"], ["#s=99999&first=human&m="]])(
    "%s gives a clear message and an empty board",
    async (fragment) => {
      const { page } = await openPage(fragment);
      try {
        expect(await timelineCall(page, (t) => t.message())).toMatch(/The link's game cannot be read/);
        await expect.poll(() => page.locator("#error").isVisible()).toBe(true);
        expect(await page.locator("#error-title").textContent()).toContain(
          "This link's game cannot be opened",
        );
        const state = await probeState(page);
        expect(state.phase).toBe(MENU);
        expect(state.plocha.every((p) => p === 0)).toBe(true);
      } finally {
        await page.close();
      }
    },
  );
});
