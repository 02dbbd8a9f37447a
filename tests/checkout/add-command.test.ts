/**
 * CONTRIBUTING.md's recipe "Add a command", followed step by step in a copy of the checkout
 * (tests/checkout/checkout.ts) with a small command, `piskasm cell NAME` (a cell's index, 19*row + col):
 * its file in cli/, its registration in cli/main.ts, its test through a real process, then the CLI
 * bundled again. The command must then show in `piskasm --help`, answer, refuse a bad cell with one
 * `piskasm:` line and exit code 2, pass its test, type-check and lint. A step the recipe names but the
 * code no longer has fails here with the place it looked for.
 */
import { describe, expect, it } from "vitest";
import {
  copyForRecipe,
  insertIn,
  run,
  testsPassedIn,
  typecheckAndLint,
  writeIn,
  RECIPE_TIMEOUT_MS,
  scratchFolder,
} from "./checkout.js";

const dir = scratchFolder("add-command");

/** Step 1: the command's file, as cli/info.ts is. */
const COMMAND = `/** \`piskasm cell NAME\`: a cell's index in Plocha (19*row + col). */
import type { Command } from "commander";
import { parseCell } from "../engine-ts/index.js";
import { UsageError } from "./errors.js";

export function registerCell(program: Command): void {
  program
    .command("cell")
    .description("print the index in Plocha (19*row + col) of a cell named like K10")
    .argument("<name>", "the cell, a column letter A..S and a row 1..19")
    .action((name: string) => {
      let cell: number;
      try {
        cell = parseCell(name);
      } catch (error) {
        throw new UsageError(\`cell: \${(error as Error).message}\`);
      }
      console.log(cell);
    });
}
`;

/** Step 3: the command as a user runs it. */
const TEST = `/** piskasm cell: a cell's index, and a bad cell refused. */
import { describe, expect, it } from "vitest";
import { piskasm } from "../support/cli.js";

describe("piskasm cell", () => {
  it("prints a cell's index in Plocha", () => {
    const run = piskasm("cell", "A1");
    expect([run.status, run.stdout]).toEqual([0, "0\\n"]);
  });

  it("refuses a cell off the board with one line and exit code 2", () => {
    const run = piskasm("cell", "Z99");
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^piskasm: cell: .+\\n$/);
  });
});
`;

describe("CONTRIBUTING.md's recipe: add a command", () => {
  it(
    "gives a command that --help lists, that answers and refuses bad input, with its test, type check and lint",
    async () => {
      copyForRecipe(dir, "### Add a command", "### Add a bench figure", [
        "cli/info.ts",
        "cli/errors.ts",
        "cli/main.ts",
        "tests/support/cli.ts",
        "Run `make`",
      ]);

      writeIn(dir, "cli/cell.ts", COMMAND);
      insertIn(
        dir,
        "cli/main.ts",
        'import { registerBrain } from "./brain.js";\n',
        'import { registerCell } from "./cell.js";\n',
        "after",
      );
      insertIn(dir, "cli/main.ts", "registerBrain(program);\n", "registerCell(program);\n", "after");
      writeIn(dir, "tests/unit/cell-cli.test.ts", TEST);

      await run(dir, "make", ["build/cli.mjs"]);
      expect(await run(dir, "node", ["build/cli.mjs", "--help"])).toMatch(
        /^\s+cell <name>\s+print the index/m,
      );
      expect(await run(dir, "node", ["build/cli.mjs", "cell", "K10"])).toBe("181\n");
      expect(await testsPassedIn(dir, ["tests/unit/cell-cli.test.ts"])).toBe(2);
      await typecheckAndLint(dir, ["cli/cell.ts", "cli/main.ts", "tests/unit/cell-cli.test.ts"]);
    },
    RECIPE_TIMEOUT_MS,
  );
});
