/**
 * CONTRIBUTING.md's recipe "Add a page feature", followed step by step in a copy of the checkout
 * (tests/checkout/checkout.ts) with a small feature, the stone count: its module in web/controls/, a
 * row of SHORTCUTS (`k` says in the status line how many stones the board holds), a member of
 * PageProbe, the wiring, and a browser test through useServedChromium. The copy must then type-check
 * and lint (web/app.ts included, which is wiring only and under its line limit), build the page, and
 * the test must pass in Chromium: the help overlay lists the key, the key answers, the probe counts.
 * A step the recipe names but the code no longer has fails here with the place it looked for.
 */
import { describe, expect, it } from "vitest";
import {
  copyForRecipe,
  insertIn,
  run,
  testsPassedIn,
  writeIn,
  RECIPE_TIMEOUT_MS,
  scratchFolder,
} from "./checkout.js";

const dir = scratchFolder("add-page-feature");

/** Step 1: the feature's own module. */
const FEATURE = `/** The stone count: how many stones the board holds (shortcut k says it in the status line). */
export function stonesOn(plocha: ArrayLike<number>): number {
  let stones = 0;
  for (let i = 0; i < plocha.length; i++) if (plocha[i] !== 0) stones++;
  return stones;
}
`;

/** Step 5: the feature in Chromium, as a user and a test see it. */
const BROWSER_TEST = `/** The stone count: the help lists k, k says the count, the probe gives it. */
import { describe, expect, it } from "vitest";
import { useServedChromium } from "./browser.js";
import { waitForState, withMenuPage } from "../../testkit/browser.js";

const chrome = useServedChromium();

describe("the stone count", () => {
  it("is listed in the help, said by k in the status line and given by the probe", async () => {
    await withMenuPage(chrome.browser, chrome.served.url, { viewport: { width: 1280, height: 800 } }, async (page) => {
      expect(await page.locator("#help-keys").textContent()).toContain("how many stones the board holds");
      await page.keyboard.press("n");
      await waitForState(page, "s.phase === 2 && s.moveCount === 0");
      await page.keyboard.press("m");
      await page.keyboard.type("k10");
      await page.keyboard.press("Enter");
      await waitForState(page, "s.moveCount === 2 && s.phase === 2");
      expect(await page.evaluate(() => window.piskasm?.stones())).toBe(2);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("k");
      await expect.poll(() => page.locator("#status-text").textContent()).toContain("2 stones on the board");
    });
  });
});
`;

describe("CONTRIBUTING.md's recipe: add a page feature", () => {
  it(
    "gives a feature with its key and probe member that type-checks, lints, builds and passes its browser test",
    async () => {
      copyForRecipe(dir, "### Add a page feature", "### Add a command", [
        "web/controls/shortcuts.ts",
        "web/page-probe.ts",
        "web/app.ts",
        "tests/browser/browser.ts",
        "Run `make`",
      ]);

      writeIn(dir, "web/controls/stone-count.ts", FEATURE);
      // Step 3: the key, one row of SHORTCUTS (its action's name comes from the row).
      insertIn(
        dir,
        "web/controls/shortcuts.ts",
        "] as const",
        '  { key: "k", action: "stones", what: "say how many stones the board holds" },\n',
        "before",
      );
      // Step 4: the probe's member, given by the game's controller, which holds the state.
      insertIn(
        dir,
        "web/page-probe.ts",
        "  /** The stages of the last move played",
        "  /** How many stones the board holds (web/controls/stone-count.ts). */\n  stones(): number;\n",
        "before",
      );
      insertIn(
        dir,
        "web/game-controller.ts",
        'import { probeState, type PageProbe } from "./page-probe.js";\n',
        'import { stonesOn } from "./controls/stone-count.js";\n',
        "after",
      );
      insertIn(
        dir,
        "web/game-controller.ts",
        '"state" | "boardCellToText" | "moveTiming"',
        ' | "stones"',
        "after",
      );
      insertIn(
        dir,
        "web/game-controller.ts",
        "      moveTiming: () => this.clock.last(),\n",
        "      stones: () => stonesOn(this.state?.plocha ?? []),\n",
        "after",
      );
      // Step 1's wiring: the app passes the count on (one line: web/app.ts is wiring only), the key runs it.
      insertIn(
        dir,
        "web/app.ts",
        "  giveUp = (): void => this.game.giveUp();\n",
        "  stones = (): number => this.game.probe().stones();\n",
        "after",
      );
      insertIn(
        dir,
        "web/main.ts",
        "    load: () => toolbar?.openStateFile(),\n",
        "    stones: () => status.ready(`${app.stones()} stones on the board`),\n",
        "after",
      );
      writeIn(dir, "tests/browser/stone-count.test.ts", BROWSER_TEST);

      await run(dir, "npx", ["prettier", "--write", "web", "tests/browser/stone-count.test.ts"]);
      for (const config of ["tsconfig.json", "web/tsconfig.json", "tsconfig.page-drivers.json"])
        await run(dir, "npx", ["tsc", "-p", config, "--noEmit"]);
      await run(dir, "npx", ["eslint", "--no-cache", "web/", "tests/browser/stone-count.test.ts"]);
      await run(dir, "make", [
        "build/piskasm.img",
        "build/bios/bios.bin",
        "build/bios/vgabios-stdvga.bin",
        "build/web/.stamp",
      ]);
      expect(await testsPassedIn(dir, ["tests/browser/stone-count.test.ts"])).toBe(1);
    },
    RECIPE_TIMEOUT_MS,
  );
});
