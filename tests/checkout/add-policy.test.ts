/**
 * CONTRIBUTING.md's recipe "Add a policy", followed step by step in a copy of the checkout
 * (tests/checkout/checkout.ts) with a small policy, `first` (the first empty cell in reading order): its
 * function in harness/policies.ts, its name in POLICY_NAMES, its row in the registry's GENERATED, its
 * unit test, a short differential run in tests/diff/differential.test.ts and its name in the README,
 * then the CLI bundled again. The new policy must then show in `piskasm diff --help` and `piskasm mutate
 * --help`, pass its tests and the registry's, type-check and lint, and be the opponent of a `piskasm
 * diff` run against the real PISKASM.COM with 0 mismatches. A step the recipe names but the code no
 * longer has (a file moved, a table renamed) fails here with the place it looked for.
 */
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

const dir = scratchFolder("add-policy");

/** Step 1: a Policy beside randomPolicy, and its line in the file's list of policies. */
const POLICY = `/** The first empty cell in reading order; undefined on a full board. */
export function firstPolicy(): Policy {
  return {
    name: "first",
    next(plocha) {
      const cell = plocha.indexOf(EMPTY);
      return cell < 0 ? undefined : cell;
    },
  };
}

`;

/** Step 2: the row of GENERATED. */
const REGISTRY_ROW = `  first: {
    description: "the first empty cell in reading order",
    capabilities: { ...CELLS_ONLY, deterministic: true },
    create: () => clicking(firstPolicy()),
  },
`;

/** Step 3: deterministic, and only empty cells. */
const UNIT_TEST = `/** The first policy: the first empty cell in reading order, the same each time, never a stone. */
import { describe, expect, it } from "vitest";
import { CELLS, COMPUTER, HUMAN } from "../../engine-ts/index.js";
import { firstPolicy } from "../../harness/policies.js";

describe("the first policy", () => {
  it("picks the first empty cell in reading order, the same each time", () => {
    const plocha = new Uint8Array(CELLS);
    plocha[0] = HUMAN;
    plocha[1] = COMPUTER;
    expect(firstPolicy().next(plocha)).toBe(2);
    expect(firstPolicy().next(plocha)).toBe(2);
  });

  it("has no move on a full board", () => {
    expect(firstPolicy().next(new Uint8Array(CELLS).fill(HUMAN))).toBeUndefined();
  });
});
`;

/** Step 3: the short differential run. */
const DIFFERENTIAL_RUN = `  it("agree on every computer move of 2 games against the first policy", async () => {
    const specs = planGames({ games: 2, policy: "first", runSeed: 3, maxComputerMoves: 30 });
    const { outcomes } = await runDiff({ boot: BOOT, specs, jobs: 1 });
    expect(describeMismatches(outcomes)).toBe("");
  });

`;

describe("CONTRIBUTING.md's recipe: add a policy", () => {
  it(
    "gives a policy that both --helps list, the tests, the type check and lint pass, and diff plays with 0 mismatches",
    async () => {
      copyForRecipe(dir, "### Add a policy", "### Add a page feature", [
        "harness/policies.ts",
        "randomPolicy",
        "checks/policy-names.ts",
        "POLICY_NAMES",
        "harness/policy-registry.ts",
        "GENERATED",
        "clicking",
        "deterministic",
        "tests/unit/policy-registry.test.ts",
        "tests/diff/differential.test.ts",
        "README",
        "Run `make`",
      ]);

      insertIn(dir, "harness/policies.ts", "export function randomPolicy(", POLICY, "before");
      insertIn(
        dir,
        "harness/policies.ts",
        " *   replay: a fixed list of moves.\n",
        " *   first:  the first empty cell in reading order.\n",
        "before",
      );
      insertIn(dir, "checks/policy-names.ts", "] as const;", ', "first"', "before");
      insertIn(dir, "harness/policy-registry.ts", "import { enginePolicy,", " firstPolicy,", "after");
      insertIn(dir, "harness/policy-registry.ts", "  replay: {\n", REGISTRY_ROW, "before");
      writeIn(dir, "tests/unit/first-policy.test.ts", UNIT_TEST);
      insertIn(
        dir,
        "tests/diff/differential.test.ts",
        '  it("agree on games started with forced seeds',
        DIFFERENTIAL_RUN,
        "before",
      );
      insertIn(dir, "README.md", "\\|storm\\|probe", "\\|first", "after");

      // Step 4: make (the CLI's bundle is what lists the policies), the tests, the type check and lint.
      // The floppy and the BIOS files too, for the differential runs.
      await makeForDiff(dir);
      const diffHelp = (await run(dir, "node", ["build/cli.mjs", "diff", "--help"])).replace(/\s+/g, " ");
      expect(diffHelp).toContain("probe or first or");
      expect(diffHelp).toContain("first: the first empty cell in reading order");
      const mutateHelp = (await run(dir, "node", ["build/cli.mjs", "mutate", "--help"])).replace(/\s+/g, " ");
      expect(mutateHelp).toContain("first: the first empty cell in reading order");
      await testsPassedIn(dir, [
        "tests/unit/first-policy.test.ts",
        "tests/unit/policy-registry.test.ts",
        "tests/unit/storm-policy.test.ts",
      ]);
      expect(await testsPassedIn(dir, ["tests/diff/differential.test.ts"], "the first policy")).toBe(1);
      // The README's list of policies, as tests/unit/docs-figures.test.ts checks it against the registry.
      expect(await testsPassedIn(dir, ["tests/unit/docs-figures.test.ts"], "the policies the README")).toBe(
        1,
      );
      await typecheckAndLint(dir, [
        "harness/policies.ts",
        "harness/policy-registry.ts",
        "checks/policy-names.ts",
        "tests/unit/first-policy.test.ts",
        "tests/diff/differential.test.ts",
      ]);

      expect(await diffIn(dir, "first", 2)).toMatch(
        /\b2 games, [1-9]\d* computer moves checked, 0 mismatches/,
      );
    },
    RECIPE_TIMEOUT_MS,
  );
});
