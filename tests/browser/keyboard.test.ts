/**
 * The page without a mouse: Tab reaches every control in order and never gets stuck in the PC
 * screen; a move typed as a cell name and a move chosen with the arrow keys on the score map land on
 * their cells; Esc during a game asks before giving up.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { formatCell, parseCell } from "../../engine-ts/index.js";
import { useServedChromium } from "./browser.js";
import { collectPageErrors, probeState, waitForState } from "../../testkit/browser.js";

const HUMAN_TURN = 2;
const MENU = 1;

const chrome = useServedChromium();
let page: Page;
let errors: string[];

/** The id (or a description) of the focused element. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return "body";
    return (
      e.id ||
      (e instanceof HTMLElement && e.dataset.cell !== undefined
        ? `cell ${e.dataset.cell}`
        : e.tagName.toLowerCase())
    );
  });
}

/** Presses Tab until the focus comes back to where it started; returns the order. */
async function tabCycle(page: Page, key = "Tab", limit = 60): Promise<string[]> {
  const order: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const id = await focused(page);
    if (order.includes(id)) break;
    order.push(id);
  }
  return order;
}

beforeAll(async () => {
  page = await chrome.browser.newPage({ viewport: { width: 1280, height: 800 } });
  errors = collectPageErrors(page);
  await page.goto(chrome.served.url);
  await page.waitForFunction(() => window.piskasm?.menuVisibleMs() !== undefined, null, { timeout: 30_000 });
});

describe("the page by keyboard only", () => {
  it("Tab reaches every control in reading order, the screen and the score map once each", async () => {
    await page.locator("body").focus();
    const order = await tabCycle(page);
    const controls = [
      ...[
        "btn-help",
        "btn-new-human",
        "btn-new-computer",
        "inp-seed",
        "btn-pause",
        "sel-speed",
        "btn-reset",
        "btn-fullscreen",
        "btn-screenshot",
        "btn-save",
        "file-state",
        "file-floppy",
        "btn-keys",
        "chk-lock",
      ],
      ...["screen", "inp-move", "btn-move"],
      ...["tl-first", "tl-prev", "tl-next", "tl-last", "tl-changes", "tl-cell", "rec-import"],
      ...["cell 180", "moves-list", "dbg-enable"],
    ];
    const positions = controls.map((id) => order.indexOf(id));
    expect(
      controls.filter((_, i) => positions[i] < 0),
      `Tab order: ${order.join(" ")}`,
    ).toEqual([]);
    expect(
      [...positions].sort((a, b) => a - b),
      `Tab order: ${order.join(" ")}`,
    ).toEqual(positions);
    expect(order.filter((id) => id.startsWith("cell "))).toHaveLength(1);
    expect(
      order.filter((id) => id !== "body" && !controls.includes(id)),
      "Tab stops missing from the expected list",
    ).toEqual([]);
    const tops = await page.evaluate(
      (ids) =>
        ids.map(
          (id) =>
            (
              document.getElementById(id) ?? document.querySelector(`#heatmap [data-cell="${id.slice(5)}"]`)
            )?.getBoundingClientRect().top ?? -1,
        ),
      controls,
    );
    const stageTops = tops.slice(controls.indexOf("screen"), controls.indexOf("cell 180"));
    expect(
      [...stageTops].sort((a, b) => a - b),
      "the stage's controls run top to bottom",
    ).toEqual(stageTops);
    expect(tops[controls.indexOf("dbg-enable")]).toBeGreaterThan(tops[controls.indexOf("cell 180")]);
  });

  it("the screen takes keys only after Enter, and Tab and Shift+Tab still leave it", async () => {
    await page.focus("#screen");
    await page.keyboard.press("Enter");
    expect(await page.locator("#screen").getAttribute("class")).toContain("engaged");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("inp-move");
    await page.focus("#screen");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Shift+Tab");
    expect(await focused(page)).toBe("chk-lock");
    expect((await probeState(page)).phase).toBe(MENU);
  });

  it("the N shortcut starts a game and a cell name typed under the screen lands on that cell", async () => {
    await page.keyboard.press("n");
    await waitForState(page, `s.phase === ${HUMAN_TURN} && s.moveCount === 0`);
    await page.keyboard.press("m");
    expect(await focused(page)).toBe("inp-move");
    await page.keyboard.type("k10");
    await page.keyboard.press("Enter");
    const state = await waitForState(page, `s.moveCount === 2 && s.phase !== 3`);
    expect(state.plocha[parseCell("K10")]).toBe(2);
  });

  it("arrow keys on the score map choose a cell, Enter plays it there, and the focus stays on the map", async () => {
    const before = await probeState(page);
    await page.focus('#heatmap [data-cell="180"]');
    const target = [180 - 19 - 1, 180 - 19 - 2, 180 - 2 * 19 - 2].find((c) => before.plocha[c] === 0);
    if (target === undefined) throw new Error("no empty cell to aim at");
    const up = target < 180 - 19 - 1 - 1 ? 2 : 1;
    const left = 180 - up * 19 - target;
    for (let i = 0; i < up; i++) await page.keyboard.press("ArrowUp");
    for (let i = 0; i < left; i++) await page.keyboard.press("ArrowLeft");
    expect(await focused(page)).toBe(`cell ${target}`);
    expect(await page.locator(`#heatmap [data-cell="${target}"]`).getAttribute("aria-label")).toMatch(
      new RegExp(`^${formatCell(target)}, `),
    );
    await page.keyboard.press("Enter");
    const state = await waitForState(page, `s.moveCount === ${before.moveCount + 2} && s.phase !== 3`);
    expect(state.plocha[target]).toBe(2);
    expect(await focused(page)).toBe(`cell ${target}`);
  });

  it("Esc on the screen during a game asks first; keeping on playing leaves the game as it was", async () => {
    const before = await probeState(page);
    await page.focus("#screen");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    const dialog = page.locator("#dlg-give-up");
    await dialog.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.waitForTimeout(300);
    const after = await probeState(page);
    expect(after.phase).toBe(HUMAN_TURN);
    expect(after.moveCount).toBe(before.moveCount);
  });

  it("? opens the help with every shortcut; Esc closes it and the focus comes back", async () => {
    await page.locator("#btn-help").focus();
    await page.keyboard.press("?");
    const help = page.locator("#dlg-help");
    await help.waitFor({ state: "visible" });
    expect(await page.locator("#help-keys tr").count()).toBeGreaterThanOrEqual(13);
    expect(await page.locator("#help-keys").textContent()).toContain("pause or resume");
    for (const key of ["Home", "End", "←", "→"])
      expect(await page.locator("#help-keys kbd", { hasText: key }).count(), key).toBe(1);
    await page.keyboard.press("Escape");
    await help.waitFor({ state: "hidden" });
    expect(await focused(page)).toBe("btn-help");
  });

  it("G and the confirmation give the game up and the game goes back to its menu", async () => {
    await page.locator("#btn-help").focus();
    await page.keyboard.press("g");
    await page.locator("#dlg-give-up").waitFor({ state: "visible" });
    await page.click("#btn-give-up-confirm");
    await waitForState(page, `s.phase === ${MENU}`);
    expect(errors).toEqual([]);
  });
});
