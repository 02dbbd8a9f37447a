/**
 * A short game for the browser tier, found with engine-ts (never from the asm's answers): the human
 * plays far-apart cells that never threaten anything, so the computer gets its five quickly. The page
 * then plays the same cells through the screen; the asm must place every stone where it was clicked.
 */
import type { Page } from "playwright-core";
import { formatCell, Game, parseCell } from "../../engine-ts/index.js";
import { probeState, textCellPointInView, waitForState } from "../../testkit/browser.js";

/** Cells the human tries in this order (the first empty one each turn): corners and edges, spread out. */
const HUMAN_CELLS = [
  "A1",
  "S19",
  "A19",
  "S1",
  "C1",
  "Q19",
  "A3",
  "S17",
  "E1",
  "O19",
  "A5",
  "S15",
  "G1",
  "M19",
  "A7",
  "S13",
].map(parseCell);
const MAX_HUMAN_MOVES = HUMAN_CELLS.length;

/** The human's moves of a game from `seed` (human starts) that ends with a result, by engine-ts. */
export function planQuickGame(seed: number): number[] {
  const game = Game.newGame(seed, "human");
  const moves: number[] = [];
  while (game.result === "playing") {
    const cell = HUMAN_CELLS.find((c) => game.state.plocha[c] === 0);
    if (cell === undefined || moves.length === MAX_HUMAN_MOVES)
      throw new Error(
        `no quick game for seed ${seed}: still playing after ${moves.map(formatCell).join(",")}`,
      );
    moves.push(cell);
    game.humanMove(cell);
  }
  return moves;
}

export type Pointer = "mouse" | "touch";

/** Clicks (or taps) the screen where board cell `cell` is drawn, checks the stone landed there, waits for the answer. */
export async function playOnScreen(page: Page, cell: number, pointer: Pointer): Promise<void> {
  const before = await probeState(page);
  if (before.plocha[cell] !== 0) throw new Error(`${formatCell(cell)} is not empty`);
  const text = await page.evaluate((c) => window.piskasm?.boardCellToText(c), cell);
  if (!text) throw new Error("the page has not found the game's board geometry");
  const point = await textCellPointInView(page, text.col, text.row);
  if (pointer === "touch") await page.touchscreen.tap(point.x, point.y);
  else await page.mouse.click(point.x, point.y);
  const after = await waitForState(page, `s.moveCount > ${before.moveCount} && s.phase !== 3`);
  if (after.plocha[cell] !== 2) {
    const landed = after.plocha.findIndex((p, i) => p === 2 && before.plocha[i] === 0);
    throw new Error(
      `the ${pointer} on ${formatCell(cell)} put O at ${landed < 0 ? "no cell" : formatCell(landed)}`,
    );
  }
}

/** New game (human starts); a game in progress is left only after the page's confirmation. */
export async function newGameLeavingAny(page: Page): Promise<void> {
  await page.click("#btn-new-human");
  if (await page.locator("#dlg-confirm").isVisible()) await page.click("#confirm-action");
}

/** From the menu: a new game (human starts) and the planned quick game played to its end. Returns the final phase. */
export async function playQuickGame(page: Page, pointer: Pointer): Promise<number> {
  await newGameLeavingAny(page);
  const start = await waitForState(page, "s.phase === 2 && s.moveCount === 0");
  for (const cell of planQuickGame(start.seed)) await playOnScreen(page, cell, pointer);
  return (await probeState(page)).phase;
}

/** Elements (outside the screen's frame and its ancestors) whose boxes overlap the PC screen. */
export function screenOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const frame = document.getElementById("screen-frame");
    if (!frame) return ["no #screen-frame"];
    const box = frame.getBoundingClientRect();
    const out: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      if (frame.contains(element) || element.contains(frame)) continue;
      const r = element.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(element).visibility === "hidden") continue;
      const w = Math.min(r.right, box.right) - Math.max(r.left, box.left);
      const h = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
      if (w > 0.5 && h > 0.5) out.push(`${element.tagName.toLowerCase()}#${element.id}.${element.className}`);
    }
    return out;
  });
}
