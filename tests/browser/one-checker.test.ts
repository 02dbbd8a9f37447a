/**
 * One checker for every user: one faulty PISKASM.COM (its empty cells drawn without their dot, a fault
 * made in a copy of the source) is run through `piskasm diff`, the brain's `--check`, the arena's asm
 * player and the page, and each reports the same first difference. The page shows the model's screen
 * beside the emulated one with the differing cells marked; with the real program it says they agree.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playArenaGame } from "../../arena/game.js";
import { createPlayer } from "../../arena/players.js";
import type { Diff } from "../../checks/diff-types.js";
import { readReport } from "../../checks/report.js";
import { PiskasmAsmEngine } from "../../engines/piskasm-asm.js";
import type { BootSpec } from "../../guest/boot.js";
import { faultyFloppy } from "../diff/faulty-floppy.js";
import { seriousViolations } from "./axe.js";
import { formatCell } from "../../engine-ts/index.js";
import {
  collectPageErrors,
  launchChromium,
  probeState,
  PROJECT,
  SCREENSHOTS,
  serveBundle,
  textCellPointInView,
  waitForState,
  withMenuPage,
} from "../../testkit/browser.js";
import { newGameLeavingAny, planQuickGame, playOnScreen } from "./quick-game.js";

const HUMAN_TURN = 2;
const MENU = 1;
const COMPUTER_TURN = 3;
/** Empty cells drawn as blanks: every screen with a board differs from the model's. */
const NO_DOT = { file: "piskasm.asm", from: "CHAR_EMPTY      equ 0FAh", to: "CHAR_EMPTY      equ ' '" };

const work = mkdtempSync(join(tmpdir(), "piskasm-one-checker-"));
let image: string;
let boot: BootSpec;
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeAll(() => {
  image = faultyFloppy(NO_DOT);
  boot = { image, dos: "builtin", timeoutMs: 20_000 };
});

/** The one report a run wrote into `dir`: its first difference. */
function firstReportedDiff(dir: string): Diff {
  const files = readdirSync(dir).filter((name) => name.endsWith(".json"));
  expect(files.length, `reports in ${dir}: ${files.join(", ")}`).toBeGreaterThan(0);
  const diff = readReport(join(dir, files[0])).diffs[0];
  if (!diff) throw new Error(`${files[0]} lists no difference`);
  return diff;
}

function reportsDir(name: string): string {
  const dir = join(work, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  return dir;
}

async function viaDiff(): Promise<Diff> {
  const out = reportsDir("diff");
  const run = spawnSync(
    process.execPath,
    [
      join(PROJECT, "bin", "piskasm.mjs"),
      "diff",
      "--image",
      image,
      "--games",
      "1",
      "--jobs",
      "1",
      "--out",
      out,
    ],
    { encoding: "utf8", timeout: 120_000 },
  );
  expect(run.stdout + run.stderr).toContain("MISMATCH");
  return firstReportedDiff(out);
}

async function viaBrain(): Promise<Diff> {
  const dir = reportsDir("brain");
  const messages: string[] = [];
  const engine = new PiskasmAsmEngine({
    boot,
    check: true,
    reportsDir: dir,
    message: (text) => messages.push(text),
    log: () => undefined,
  });
  try {
    await engine.newGame({ size: 19, rule: 0, seed: 5 });
    await engine.opponentMove({ x: 9, y: 9 });
    await engine.ownMove();
  } finally {
    await engine.close();
  }
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatch(/^PISKASM\.COM differs from its model after key "1" .*report /);
  return firstReportedDiff(dir);
}

async function viaArena(): Promise<Diff> {
  const dir = reportsDir("arena");
  const asm = createPlayer("asm", { boot, check: true, reportsDir: dir });
  const five = createPlayer("five", { check: false, reportsDir: dir });
  try {
    const game = await playArenaGame([asm, five], ["asm", "five"], {
      size: 19,
      opening: [],
      turnMs: 0,
      seeds: [3, 4],
    });
    expect(game.moves.length).toBeGreaterThan(0);
  } finally {
    await asm.close();
    await five.close();
  }
  return firstReportedDiff(dir);
}

/** The page serving the faulty floppy: a new game, then the checker's mismatch and what the panel shows. */
async function viaPage(): Promise<Diff> {
  const served = await serveBundle({ image });
  const browser = await launchChromium();
  try {
    expect(served.snapshotProblem).toBeUndefined();
    let first: Diff | undefined;
    await withMenuPage(
      browser,
      served.url,
      { viewport: { width: 1366, height: 900 } },
      async (page, errors) => {
        await expect.poll(() => page.evaluate(() => window.piskasm?.check?.().state)).toBe("agree");
        await newGameLeavingAny(page);
        await waitForState(page, `s.phase === ${HUMAN_TURN}`);
        await expect.poll(() => page.evaluate(() => window.piskasm?.check?.().state)).toBe("differ");
        const probe = await page.evaluate(() => window.piskasm?.check?.());
        first = probe?.lastMismatch?.diffs[0];
        expect(probe?.lastMismatch?.afterInput).toBe('key "1"');
        await expectMismatchShown(page, first);
        expect(errors).toEqual([]);
      },
    );
    if (!first) throw new Error("the page reported no difference");
    return first;
  } finally {
    await browser.close();
    await served.close();
  }
}

/** The panel's line says they differ; the view shows both screens, the dots marked, the first difference named. */
async function expectMismatchShown(page: Page, first: Diff | undefined): Promise<void> {
  const line = page.locator("#f-diff");
  expect(Number(await line.getAttribute("data-count"))).toBeGreaterThan(0);
  expect(await line.textContent()).toContain('✗ after key "1"');
  const view = page.locator("#check-mismatch");
  await expect.poll(() => view.isVisible()).toBe(true);
  expect(await view.locator(".check-first").getAttribute("data-field")).toBe(first?.field);
  const expected = await page.locator("#check-expected mark").allTextContents();
  const emulated = await page.locator("#check-emulated mark").allTextContents();
  // Every empty cell of the board: the model's dot, the program's blank.
  expect(expected.length).toBeGreaterThanOrEqual(361 - 1);
  expect(new Set(expected)).toEqual(new Set(["·"]));
  expect(emulated).toHaveLength(expected.length);
  expect(new Set(emulated)).toEqual(new Set([" "]));
  expect(await seriousViolations(page)).toEqual([]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await view.screenshot({ path: join(SCREENSHOTS, "check-mismatch.png") });
}

describe("one faulty PISKASM.COM", () => {
  it("gives the same first difference in piskasm diff, brain --check, the arena's asm player and the page", async () => {
    const reported = {
      diff: await viaDiff(),
      brain: await viaBrain(),
      arena: await viaArena(),
      page: await viaPage(),
    };
    expect(reported.diff.field).toBe("ScreenCell");
    expect(reported.diff.ts).toMatch(/'·'/);
    expect(reported.brain).toEqual(reported.diff);
    expect(reported.arena).toEqual(reported.diff);
    expect(reported.page).toEqual(reported.diff);
  });
});

describe("the page's check of the real program", () => {
  it("agrees after every input of a game, over the whole screen and data, and again after a timeline jump, the debugger and Reset", async () => {
    const served = await serveBundle();
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(served.url);
      await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, {
        timeout: 30_000,
      });
      await newGameLeavingAny(page);
      const start = await waitForState(page, `s.phase === ${HUMAN_TURN} && s.moveCount === 0`);
      for (const cell of planQuickGame(start.seed).slice(0, 3)) await playOnScreen(page, cell, "mouse");
      const probe = await page.evaluate(() => window.piskasm?.check?.());
      expect(probe?.state, JSON.stringify(probe)).toBe("agree");
      // A key, and three pointer moves, a press and a release per move at the least.
      expect(probe?.inputs).toBeGreaterThanOrEqual(1 + 3 * 3);
      expect(probe?.lastMismatch).toBeUndefined();
      expect(await page.locator("#f-diff").getAttribute("data-count")).toBe("0");
      const agreement = (await page.locator("#f-diff").textContent()) ?? "";
      expect(agreement).toContain("the whole program agrees");
      // The panel counts the inputs as they are checked, not only when the checker anchors.
      expect(Number(/(\d+) inputs? checked/.exec(agreement)?.[1])).toBe(probe?.inputs);
      expect(await page.locator("#check-mismatch").isVisible()).toBe(false);
      // A timeline jump replaces the machine's state: the checker is anchored there again and checks on.
      const line = await page.evaluate(() => window.piskasm?.timeline?.line());
      if (!line) throw new Error("the page has no timeline");
      await page.evaluate((index) => window.piskasm?.timeline?.goTo(index), line.index - 1);
      await waitForState(page, `s.phase === ${HUMAN_TURN} && s.moveCount === ${line.plies[line.index - 1]}`);
      await expect
        .poll(() => page.evaluate(() => window.piskasm?.check?.()))
        .toMatchObject({ state: "agree", inputs: 0 });
      const back = await waitForState(page, `s.phase === ${HUMAN_TURN}`);
      await playOnScreen(page, back.plocha.indexOf(0), "mouse");
      const after = await page.evaluate(() => window.piskasm?.check?.());
      expect(after?.state, JSON.stringify(after)).toBe("agree");
      expect(after?.inputs).toBeGreaterThanOrEqual(3);
      // The checks stay on with the debugger on: a profiled move traps at every routine it enters
      // (the CPU halted with interrupts off: not the program waiting for input) ...
      await page.evaluate(() => window.piskasm?.debugger?.enable(true));
      const beforeProfile = after?.inputs ?? 0;
      const profiled = formatCell((await probeState(page)).plocha.indexOf(0));
      await page.evaluate((cell) => window.piskasm?.debugger?.profileMove(cell), profiled);
      await expect
        .poll(() => page.evaluate(() => window.piskasm?.check?.()))
        .toMatchObject({ state: "agree", inputs: expect.any(Number) as number });
      expect((await page.evaluate(() => window.piskasm?.check?.().inputs)) ?? 0).toBeGreaterThan(
        beforeProfile,
      );
      // ... and a breakpoint stops the computer's move inside pc_move, its INT 3 compared as the byte
      // under it: the move is checked once the program waits again, after the debugger is off.
      const beforeStop = await waitForState(page, `s.phase === ${HUMAN_TURN}`);
      const inputsBeforeStop = (await page.evaluate(() => window.piskasm?.check?.().inputs)) ?? 0;
      const target = beforeStop.plocha.lastIndexOf(0);
      const text = await page.evaluate((c) => window.piskasm?.boardCellToText(c), target);
      if (!text) throw new Error("the page has not found the game's board geometry");
      const stopped = page.evaluate(() => {
        window.piskasm?.debugger?.addBreakpoint("pc_move");
        return window.piskasm?.debugger?.continue();
      });
      const point = await textCellPointInView(page, text.col, text.row);
      await page.mouse.click(point.x, point.y);
      expect((await stopped)?.routine).toBe("pc_move");
      expect(await page.evaluate(() => window.piskasm?.check?.().state)).toBe("agree");
      await page.evaluate(() => window.piskasm?.debugger?.enable(false));
      await waitForState(page, `s.moveCount === ${beforeStop.moveCount + 2} && s.phase !== ${COMPUTER_TURN}`);
      await expect
        .poll(() => page.evaluate(() => window.piskasm?.check?.().inputs))
        .toBeGreaterThan(inputsBeforeStop);
      expect(await page.evaluate(() => window.piskasm?.check?.().state)).toBe("agree");
      await page.click("#btn-reset");
      if (await page.locator("#dlg-confirm").isVisible()) await page.click("#confirm-action");
      await waitForState(page, `s.phase === ${MENU}`);
      await newGameLeavingAny(page);
      await waitForState(page, `s.phase === ${HUMAN_TURN} && s.moveCount === 0`);
      await expect.poll(() => page.evaluate(() => window.piskasm?.check?.().state)).toBe("agree");
      expect(await page.evaluate(() => window.piskasm?.check?.().inputs)).toBeGreaterThanOrEqual(1);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
      await served.close();
    }
  });
});
