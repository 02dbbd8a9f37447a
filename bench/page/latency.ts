/**
 * Click-to-answer latency of the page: a move is a real mouse click (Playwright, through Chromium's
 * input pipeline) on a board cell of the emulated screen; measured in the page from the click event's
 * timestamp to (a) the frame that draws the computer's stone on the emulated screen (a DOM mutation
 * of the text layer adding an X inside the board) and (b) the panel's move list showing that stone.
 * Moves are spread over the board (cells 7 apart) so the human never threatens; a finished game is
 * followed by a new one. The page's own breakdown of each move (window.piskasm.moveTiming) is kept.
 */
import type { Page } from "playwright-core";
import type { MoveTiming } from "../../web/page-probe.js";

const HUMAN_TURN = 2;
const STRIDE = 7;
const CELLS = 361;
const ANSWER_TIMEOUT_MS = 10_000;

export interface MoveLatency {
  stoneMs: number;
  panelMs: number;
  /** The page's stages of the move, ms from the click event. */
  stages: MoveTiming | undefined;
}

declare global {
  interface Window {
    benchLatency?: Promise<{ stoneMs: number; panelMs: number }>;
  }
}

/** Arms the in-page observers for the next click; the result is window.benchLatency. */
function armObservers(
  page: Page,
  board: { left: number; right: number; top: number; bottom: number },
  timeoutMs: number,
): Promise<void> {
  return page.evaluate(
    ({ board, timeoutMs }) => {
      const text = document.querySelector("#screen > div");
      const moves = document.getElementById("moves-list");
      if (!text || !moves) throw new Error("the page has no screen text layer or move list");
      const stonesX = (): number => {
        let count = 0;
        const rows = Array.from(text.children).slice(board.top, board.bottom + 1);
        for (const row of rows)
          for (const ch of (row.textContent ?? "").slice(board.left, board.right + 1))
            if (ch === "X") count++;
        return count;
      };
      const baseX = stonesX();
      const baseMoves = moves.children.length;
      window.benchLatency = new Promise((resolve, reject) => {
        let clickAt: number | undefined;
        let stoneAt: number | undefined;
        let panelAt: number | undefined;
        const screenObserver = new MutationObserver(() => {
          if (stoneAt === undefined && stonesX() > baseX) stoneAt = performance.now();
          done();
        });
        const panelObserver = new MutationObserver(() => {
          if (panelAt === undefined && moves.children.length >= baseMoves + 2) panelAt = performance.now();
          done();
        });
        const timer = setTimeout(() => {
          screenObserver.disconnect();
          panelObserver.disconnect();
          reject(
            new Error(
              `no answer within ${timeoutMs} ms (stone ${String(stoneAt)}, panel ${String(panelAt)})`,
            ),
          );
        }, timeoutMs);
        function done(): void {
          if (clickAt === undefined || stoneAt === undefined || panelAt === undefined) return;
          clearTimeout(timer);
          screenObserver.disconnect();
          panelObserver.disconnect();
          resolve({ stoneMs: stoneAt - clickAt, panelMs: panelAt - clickAt });
        }
        document.addEventListener("click", (event) => (clickAt = event.timeStamp), {
          capture: true,
          once: true,
        });
        screenObserver.observe(text, { subtree: true, childList: true, characterData: true });
        panelObserver.observe(moves, { childList: true });
      });
    },
    { board, timeoutMs },
  );
}

async function toHumanTurn(page: Page): Promise<void> {
  if ((await page.evaluate(() => window.piskasm?.state()?.phase)) === HUMAN_TURN) return;
  await page.click("#btn-new-human");
  await page.waitForFunction(
    () => window.piskasm?.state()?.phase === 2 && window.piskasm.state()?.moveCount === 0,
    null,
    { timeout: 20_000 },
  );
}

/** Plays `moves` clicks and measures each one. */
export async function clickLatencies(page: Page, moves: number): Promise<MoveLatency[]> {
  const out: MoveLatency[] = [];
  let next = 0;
  while (out.length < moves) {
    await toHumanTurn(page);
    const state = await page.evaluate(() => window.piskasm?.state());
    if (!state) throw new Error("the page shows no game");
    while (state.plocha[next % CELLS] !== 0) next += STRIDE;
    const cell = next % CELLS;
    next += STRIDE;
    const corner = await page.evaluate(() => ({
      first: window.piskasm?.boardCellToText(0),
      last: window.piskasm?.boardCellToText(360),
    }));
    const at = await page.evaluate((c) => window.piskasm?.boardCellToText(c), cell);
    if (!corner.first || !corner.last || !at) throw new Error("the page has not found the board geometry");
    await armObservers(
      page,
      { left: corner.first.col, right: corner.last.col, top: corner.first.row, bottom: corner.last.row },
      ANSWER_TIMEOUT_MS,
    );
    const box = await page.locator("#screen > div").first().boundingBox();
    if (!box) throw new Error("the emulated screen has no text layer");
    await page.mouse.click(
      box.x + ((at.col + 0.5) * box.width) / 80,
      box.y + ((at.row + 0.5) * box.height) / 25,
    );
    const measured = await page.evaluate(() => window.benchLatency);
    if (!measured) throw new Error("the latency observers were not armed");
    const stages = await page.evaluate(() => window.piskasm?.moveTiming?.());
    out.push({ ...measured, stages });
  }
  return out;
}
