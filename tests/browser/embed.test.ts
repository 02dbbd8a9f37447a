/**
 * The game embedded in another site, in real Chromium: a host page on another origin (localhost and
 * its own port; the page is served from 127.0.0.1) puts embed.html into an iframe with the package's
 * mount() (build/lib/embed.mjs) and receives its messages: ready with the seed and first player
 * typed through the game's menu, a move for every stone, game over with the result; a record given
 * by URL is replayed through the emulated mouse and then refuses moves; bad parameters are an error.
 * axe-core finds no serious or critical violation in the host page with the game in it.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPUTER, formatCell, Game, HUMAN, parseCell } from "../../engine-ts/index.js";
import { readEmbedMessage, type EmbedMessage } from "../../web/embed/messages.js";
import type { ProbeState } from "../../web/page-probe.js";
import { seriousViolations } from "./axe.js";
import { collectPageErrors, PROJECT } from "../../testkit/browser.js";
import { useServedChromium } from "./browser.js";
import { planQuickGame } from "./quick-game.js";

const SEED = 1234;
const MOUNT_MODULE = join(PROJECT, "build", "lib", "embed.mjs");

/** The host page: mount() with the options in its own query (JSON), every message kept in window.received. */
const HOST_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A site that embeds the game</title></head>
<body><main id="slot"></main>
<script type="module">
  import { mount } from "./embed.mjs";
  window.received = [];
  const options = JSON.parse(new URLSearchParams(location.search).get("options"));
  mount(document.getElementById("slot"), { ...options, onMessage: (m) => window.received.push(m) });
</script></body></html>`;

let host: Server;
let hostOrigin: string;
const chrome = useServedChromium();

beforeAll(async () => {
  const module = readFileSync(MOUNT_MODULE);
  host = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path === "/embed.mjs") response.writeHead(200, { "content-type": "text/javascript" }).end(module);
    else if (path === "/") response.writeHead(200, { "content-type": "text/html" }).end(HOST_HTML);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, "localhost", resolve));
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  host.closeAllConnections();
  await new Promise((resolve) => host.close(resolve));
});

interface Hosted {
  page: Page;
  frame: Frame;
  errors: string[];
}

/** The host page with the game mounted with `options` (besides src). */
async function hostPage(options: Record<string, unknown>): Promise<Hosted> {
  const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const src = new URL("embed.html", chrome.served.url).href;
  expect(new URL(src).origin).not.toBe(hostOrigin);
  await page.goto(`${hostOrigin}/?options=${encodeURIComponent(JSON.stringify({ src, ...options }))}`);
  const element = await page.waitForSelector("iframe");
  const frame = await element.contentFrame();
  if (!frame) throw new Error("the host page has no frame");
  return { page, frame, errors };
}

async function received(page: Page): Promise<EmbedMessage[]> {
  const raw = await page.evaluate(() => (window as unknown as { received: unknown[] }).received);
  return raw.map((data) => {
    const message = readEmbedMessage(data);
    if (typeof message === "string") throw new Error(`an invalid message arrived: ${message}`);
    return message;
  });
}

/** Waits until the host has a message of `type` (the `count`-th of that type); returns all received. */
async function waitForMessage(page: Page, type: EmbedMessage["type"], count = 1): Promise<EmbedMessage[]> {
  await expect
    .poll(async () => (await received(page)).filter((m) => m.type === type).length, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(count);
  return received(page);
}

async function frameState(frame: Frame): Promise<ProbeState> {
  const state = await frame.evaluate(() => window.piskasm?.state());
  if (!state) throw new Error("the frame shows no game state");
  return state;
}

/** Types a cell into the frame's move field, as a visitor would, and waits for the answer. */
async function playInFrame(frame: Frame, cell: number): Promise<void> {
  const before = (await frameState(frame)).moveCount;
  await frame.fill("#inp-move", formatCell(cell));
  await frame.press("#inp-move", "Enter");
  await expect
    .poll(async () => {
      const s = await frameState(frame);
      return s.moveCount > before && s.phase !== 3;
    })
    .toBe(true);
}

describe("the embedded game", () => {
  it("posts ready, every move and game over to a host page on another origin", async () => {
    const { page, frame, errors } = await hostPage({ seed: SEED, first: "human" });
    try {
      const [ready] = await waitForMessage(page, "ready");
      expect(ready).toMatchObject({ type: "ready", seed: SEED, first: "human", moves: [], readOnly: false });
      const start = await frameState(frame);
      expect([start.seed, start.phase, start.moveCount]).toEqual([SEED, 2, 0]);
      expect(await seriousViolations(page), "the host page and the embedded game").toEqual([]);
      for (const cell of planQuickGame(SEED)) await playInFrame(frame, cell);
      const end = await frameState(frame);
      const messages = await waitForMessage(page, "gameover");
      const moves = messages.filter((m) => m.type === "move");
      expect(moves.map((m) => m.ply)).toEqual(moves.map((_, i) => i + 1));
      expect(moves).toHaveLength(end.moveCount);
      for (const move of moves) {
        expect(move.game).toBe(1);
        const side = end.plocha[parseCell(move.cell)];
        expect(side, `${move.cell} is the ${move.player}'s`).toBe(move.player === "human" ? HUMAN : COMPUTER);
      }
      expect(moves.filter((m) => m.player === "human").map((m) => m.cell)).toEqual(
        planQuickGame(SEED).map(formatCell),
      );
      const over = messages.filter((m) => m.type === "gameover");
      expect(over).toEqual([
        {
          source: "piskasm",
          version: 1,
          type: "gameover",
          game: 1,
          result: end.phase === 4 ? "computer" : "human",
          moves: moves.map((m) => m.cell),
        },
      ]);
      expect(end.phase).toBe(4);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it("starts the computer's game from the seed typed at the menu, and posts the opening with ready", async () => {
    const { page, frame, errors } = await hostPage({ seed: 4321, first: "computer" });
    try {
      const [ready] = await waitForMessage(page, "ready");
      const state = await frameState(frame);
      expect(state.seed).toBe(4321);
      expect(ready).toMatchObject({ seed: 4321, first: "computer", readOnly: false });
      expect(ready.type === "ready" && ready.moves).toEqual([formatCell(state.lastPC)]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it("replays a read-only record through the emulated mouse and refuses moves on it", async () => {
    const moves = recordOf(SEED, ["A1", "S19"]);
    const { page, frame } = await hostPage({ seed: SEED, first: "human", moves });
    try {
      const messages = await waitForMessage(page, "ready");
      expect(messages.filter((m) => m.type === "error")).toEqual([]);
      const ready = messages.find((m) => m.type === "ready");
      expect(ready).toMatchObject({ seed: SEED, first: "human", readOnly: true });
      const state = await frameState(frame);
      const shown = ready?.type === "ready" ? ready.moves : [];
      expect(shown).toEqual(moves);
      expect(state.moveCount).toBe(moves.length);
      for (const [i, cell] of shown.entries())
        expect(state.plocha[parseCell(cell)]).toBe(i % 2 === 0 ? HUMAN : COMPUTER);
      await frame.fill("#inp-move", "J10");
      await frame.press("#inp-move", "Enter");
      await expect.poll(() => frame.textContent("#status-text")).toContain("read-only");
      expect((await frameState(frame)).moveCount).toBe(state.moveCount);
      expect((await received(page)).filter((m) => m.type === "move")).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it("posts an error for parameters it cannot use", async () => {
    const { page } = await hostPage({ moves: ["J10"] });
    try {
      const messages = await waitForMessage(page, "error");
      expect(messages[0]).toEqual({
        source: "piskasm",
        version: 1,
        type: "error",
        message: "a list of moves needs the seed of its game (seed=1234)",
      });
    } finally {
      await page.context().close();
    }
  });
});
/** A record of a game from `seed` (human first): the human's stones and engine-ts's answers (the replay checks the asm's). */
function recordOf(seed: number, human: string[]): string[] {
  const game = Game.newGame(seed, "human");
  return human.flatMap((name) => {
    const { computer } = game.humanMove(parseCell(name));
    return computer === null ? [name] : [name, formatCell(computer)];
  });
}
