/**
 * A game shared as an animated GIF, in real Chromium: a 40-stone game is replayed from its share link
 * through the emulated mouse, then "Export GIF" saves the timeline's line as a GIF of the emulated
 * screen, one frame a kept ply. The encoder's module is fetched only then, never with the page, and
 * the file stays under 1 MB (kept as build/screenshots/game-40-stones.gif to look at).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatCell, Game, parseCell } from "../../engine-ts/index.js";
import { collectPageErrors, SCREENSHOTS } from "../../testkit/browser.js";
import { useServedChromium } from "./browser.js";

const SEED = 1234;
const STONES = 40;
const MAX_GIF_BYTES = 1024 * 1024;
const chrome = useServedChromium();

/** A game of STONES stones from SEED (human first at J10, then where engine-ts would answer): it lasts. */
function longGame(): string[] {
  const game = Game.newGame(SEED, "human");
  const moves: number[] = [];
  let human = parseCell("J10");
  while (moves.length < STONES) {
    const { computer, result } = game.humanMove(human);
    if (computer === null || result !== "playing")
      throw new Error(`the game ended after ${moves.length} stones`);
    moves.push(human, computer);
    human = game.predictComputerMove();
  }
  return moves.map(formatCell);
}

interface GifShape {
  width: number;
  height: number;
  globalColours: number;
  frames: number;
}

/** Walks a GIF's blocks (GIF89a: header, screen descriptor, extensions, images, trailer). */
function readGif(bytes: Uint8Array): GifShape {
  const text = new TextDecoder().decode(bytes.subarray(0, 6));
  if (text !== "GIF89a") throw new Error(`not a GIF89a file: ${JSON.stringify(text)}`);
  const word = (at: number): number => bytes[at] | (bytes[at + 1] << 8);
  const flags = bytes[10];
  const globalColours = flags & 0x80 ? 2 << (flags & 7) : 0;
  let at = 13 + 3 * globalColours;
  const skipSubBlocks = (): void => {
    while (bytes[at] !== 0) at += bytes[at] + 1;
    at++;
  };
  let frames = 0;
  for (;;) {
    const block = bytes[at++];
    if (block === 0x3b) break;
    if (block === 0x21) {
      at++;
      skipSubBlocks();
    } else if (block === 0x2c) {
      frames++;
      const local = bytes[at + 8];
      at += 9 + (local & 0x80 ? 3 * (2 << (local & 7)) : 0) + 1;
      skipSubBlocks();
    } else throw new Error(`unknown GIF block 0x${block.toString(16)} at ${at - 1}`);
  }
  return { width: word(6), height: word(8), globalColours, frames };
}

describe("the game as an animated GIF", () => {
  it(`saves a ${STONES}-stone game's line under 1 MB, one frame a ply, loading its encoder only then`, async () => {
    const context = await chrome.browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const fetched: string[] = [];
      page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(`${chrome.served.url}#s=${SEED}&first=human&m=${longGame().join(",")}`);
      await page.waitForFunction(
        (stones) => {
          const timeline = window.piskasm?.timeline;
          return timeline?.replaying() === false && timeline.shareFragment()?.split(",").length === stones;
        },
        STONES,
        { timeout: 120_000 },
      );
      const line = await page.evaluate(() => window.piskasm?.timeline?.line());
      expect(line?.plies.at(-1)).toBe(STONES);
      expect(fetched.filter((path) => path.includes("gif-export"))).toEqual([]);

      const [download] = await Promise.all([page.waitForEvent("download"), page.click("#rec-gif")]);
      const bytes = new Uint8Array(readFileSync(await download.path()));
      mkdirSync(SCREENSHOTS, { recursive: true });
      writeFileSync(join(SCREENSHOTS, "game-40-stones.gif"), bytes);
      expect(download.suggestedFilename()).toBe(`piskasm-seed${SEED}-human-${STONES}plies.gif`);
      console.log(`page.gif_40_moves_kb ${(bytes.byteLength / 1024).toFixed(0)}`);
      expect(bytes.byteLength).toBeLessThanOrEqual(MAX_GIF_BYTES);
      expect(readGif(bytes)).toEqual({
        width: 720,
        height: 400,
        globalColours: 32,
        frames: line?.plies.length,
      });
      expect(fetched.filter((path) => path.includes("gif-export"))).toHaveLength(1);
      await expect.poll(() => page.textContent("#status-text")).toContain(`${line?.plies.length} frames`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
