/**
 * CONTRIBUTING.md's recipe "Add an engine", followed step by step in a copy of the checkout
 * (tests/checkout/checkout.ts) with a small engine, `last` (the last empty cell in reading order): its
 * file in engines/last/, its row in ENGINES (an opponent: `piskasm diff --policy last`, named in the
 * README's list of policies), its unit test and its place in FACTORIES, then the CLI bundled again. The
 * new engine must then show in `piskasm arena --help` and `piskasm brain --help`, pass its test, the
 * common rules and the README's list check, type-check and lint, play an arena game and be `piskasm
 * diff`'s opponent. A step the recipe names but the code no longer has
 * (a file moved, a table renamed) fails here with the place it looked for. About a minute.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  copyForRecipe,
  diffIn,
  insertIn,
  makeForDiff,
  run,
  testsPassedIn,
  typecheckAndLint,
  writeIn,
  RECIPE_TIMEOUT_MS,
  scratchFolder,
} from "./checkout.js";

const dir = scratchFolder("add-engine");

const insert = (file: string, anchor: string, text: string, where: "before" | "after"): void =>
  insertIn(dir, file, anchor, text, where);
const write = (file: string, text: string): void => writeIn(dir, file, text);

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
      copyForRecipe(dir, "### Add an engine", "### Add a policy", [
        "engines/common/board-engine.ts",
        "engines/registry.ts",
        "tests/unit/engine-position.ts",
        "tests/unit/random-engine.test.ts",
        "opponent",
        "README",
        "tests/unit/docs-figures.test.ts",
        "Run `make`",
      ]);

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

      // Step 4: the opponent's name in the README's list of policies, in the registry's order.
      insert("README.md", "\\|pbrain:CMD]", "\\|last", "before");

      // Step 5: make (the CLI's bundle is what lists the engines), the tests, the type check and lint.
      // The floppy and the BIOS files too, for the diff run.
      await makeForDiff(dir);
      expect(await run(dir, "node", ["build/cli.mjs", "arena", "--help"])).toMatch(/\blast\b/);
      const brainHelp = await run(dir, "node", ["build/cli.mjs", "brain", "--help"]);
      expect(brainHelp.replace(/\s+/g, " ")).toContain("last: the last empty cell in reading order");
      await testsPassedIn(dir, ["tests/unit/last.test.ts", "tests/unit/random-engine.test.ts"]);
      expect(await testsPassedIn(dir, ["tests/unit/docs-figures.test.ts"], "the policies the README")).toBe(
        1,
      );
      await typecheckAndLint(dir, ["engines/last/", "engines/registry.ts", "tests/unit/last.test.ts"]);

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
      expect(await diffIn(dir, "last", 1)).toMatch(/0 mismatches/);
    },
    RECIPE_TIMEOUT_MS,
  );
});
