/**
 * CONTRIBUTING.md's recipe "Add an engine", followed step by step in a copy of the checkout
 * (tests/checkout/checkout.ts) with a small engine, `last` (the last empty cell in reading order): its
 * file in engines/last/, its row in ENGINES (an opponent: `piskasm diff --policy last`), its unit test
 * and its place in FACTORIES, then the CLI bundled again. The new engine must then show in `piskasm arena
 * --help` and `piskasm brain --help`, pass its test and the common rules, type-check and lint, play an
 * arena game and be `piskasm diff`'s opponent. A step the recipe names but the code no longer has
 * (a file moved, a table renamed) fails here with the place it looked for. About a minute.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyCheckout, run } from "./checkout.js";

const RECIPE_TIMEOUT_MS = 600_000;

const dir = mkdtempSync(join(tmpdir(), "piskasm-add-engine-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Inserts `text` before (or after) the one place `anchor` is in `file` of the copy. */
function insert(file: string, anchor: string, text: string, where: "before" | "after"): void {
  const path = join(dir, file);
  const source = readFileSync(path, "utf8");
  const at = source.indexOf(anchor);
  if (at < 0 || source.indexOf(anchor, at + 1) >= 0)
    throw new Error(`${file} no longer has one "${anchor}" where the recipe adds to it`);
  const cut = where === "before" ? at : at + anchor.length;
  writeFileSync(path, source.slice(0, cut) + text + source.slice(cut));
}

function write(file: string, text: string): void {
  mkdirSync(join(dir, file, ".."), { recursive: true });
  writeFileSync(join(dir, file), text);
}

/** Step 1: a Strategy for BoardEngine, as engines/random.ts is. */
const ENGINE = `/** last: the last empty cell in reading order (the engine of the add-an-engine recipe's test). */
import { BoardEngine, type Strategy } from "../common/board-engine.js";
import type { Engine } from "../engine.js";

const lastStrategy: Strategy = {
  reset() {},
  choose(board) {
    return board.cells.lastIndexOf(0);
  },
};

export function createLastEngine(): Engine {
  return new BoardEngine({ name: "last", version: "1.0", author: "piskasm", country: "CZ" }, lastStrategy);
}
`;

/** Step 2: the row of ENGINES. */
const REGISTRY_ROW = `  last: {
    description: "the last empty cell in reading order (10..22)",
    argument: false,
    opponent: true,
    create: () => createLastEngine(),
  },
`;

/** Step 3: a hand-made position and a game against random. */
const UNIT_TEST = `/** The last engine: the last empty cell, and a whole game against random. */
import { describe, expect, it } from "vitest";
import { playArenaGame } from "../../arena/game.js";
import { createLastEngine } from "../../engines/last/last.js";
import { createRandomEngine } from "../../engines/random.js";
import { answerTo } from "./engine-position.js";

describe("the last engine", () => {
  it("plays the last empty cell in reading order", async () => {
    expect(await answerTo(createLastEngine(), 15, ["xo.", "..."])).toEqual({ x: 14, y: 14 });
  });

  it("plays a whole game against random", async () => {
    const game = await playArenaGame([createLastEngine(), createRandomEngine()], ["last", "random"], {
      size: 15,
      opening: [{ x: 7, y: 7 }],
      turnMs: 1000,
      seeds: [1, 1],
    });
    expect(game.moves.length).toBeGreaterThan(5);
  });
});
`;

describe("CONTRIBUTING.md's recipe: add an engine", () => {
  it(
    "gives an engine that the CLI lists, the tests, the type check and lint pass, and the arena and diff play",
    async () => {
      copyCheckout(dir);
      const recipe = readFileSync(join(dir, "CONTRIBUTING.md"), "utf8");
      const steps = recipe.slice(recipe.indexOf("### Add an engine"), recipe.indexOf("### Add a policy"));
      for (const named of [
        "engines/common/board-engine.ts",
        "engines/registry.ts",
        "tests/unit/engine-position.ts",
        "tests/unit/random-engine.test.ts",
        "opponent",
        "Run `make`",
      ])
        expect(steps, "the recipe as this test follows it").toContain(named);

      write("engines/last/last.ts", ENGINE);
      insert(
        "engines/registry.ts",
        'import { createRandomEngine } from "./random.js";\n',
        'import { createLastEngine } from "./last/last.js";\n',
        "after",
      );
      insert("engines/registry.ts", "  random: {\n", REGISTRY_ROW, "before");
      write("tests/unit/last.test.ts", UNIT_TEST);
      insert(
        "tests/unit/random-engine.test.ts",
        'import { createRandomEngine } from "../../engines/random.js";\n',
        'import { createLastEngine } from "../../engines/last/last.js";\n',
        "after",
      );
      insert(
        "tests/unit/random-engine.test.ts",
        "  random: createRandomEngine,\n",
        "  last: createLastEngine,\n",
        "after",
      );

      // Step 5: make (the CLI's bundle is what lists the engines), the tests, the type check and lint.
      // The floppy and the BIOS files too, for the diff run.
      await run(dir, "make", [
        "build/cli.mjs",
        "build/piskasm.img",
        "build/bios/bios.bin",
        "build/bios/vgabios-stdvga.bin",
      ]);
      expect(await run(dir, "node", ["build/cli.mjs", "arena", "--help"])).toMatch(/\blast\b/);
      const brainHelp = await run(dir, "node", ["build/cli.mjs", "brain", "--help"]);
      expect(brainHelp.replace(/\s+/g, " ")).toContain("last: the last empty cell in reading order");
      await run(dir, "npx", ["vitest", "run", "tests/unit/last.test.ts", "tests/unit/random-engine.test.ts"]);
      await run(dir, "npx", ["tsc", "-p", "tsconfig.json", "--noEmit"]);
      await run(dir, "npx", [
        "eslint",
        "--no-cache",
        "engines/last/",
        "engines/registry.ts",
        "tests/unit/last.test.ts",
      ]);

      const arena = join(dir, "arena-out");
      await run(dir, "node", [
        "build/cli.mjs",
        "arena",
        "--players",
        "last,random",
        "--games",
        "1",
        "--out",
        arena,
      ]);
      expect(readFileSync(join(arena, "results.json"), "utf8")).toContain('"last"');
      const diff = await run(dir, "node", [
        "build/cli.mjs",
        "diff",
        "--games",
        "1",
        "--policy",
        "last",
        "--out",
        join(dir, "diff-reports"),
      ]);
      expect(diff).toMatch(/0 mismatches/);
    },
    RECIPE_TIMEOUT_MS,
  );
});
