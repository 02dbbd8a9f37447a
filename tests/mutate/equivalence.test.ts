/** Equivalence checked by machine (mutate/equivalence.ts): the models prove what they can, and no more. */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { machineCheck } from "../../mutate/equivalence.js";
import { findTsMutant } from "./mutants.js";

const ROOT = resolve(".");
const original = (file: string): string => readFileSync(join(ROOT, file), "utf8");

describe("machine-checked equivalence of engine-ts mutants", () => {
  it("proves windowsBest's `v >= best` equivalent over every line of stones and edges (model planes)", async () => {
    const mutant = findTsMutant("windowsBest", "if (v >= best) best = v;", "jump-neighbour");
    expect(await machineCheck(ROOT, mutant, original)).toBe("planes");
  }, 60_000);

  it("does not prove a side-scoring mutant that changes a score", async () => {
    const mutant = findTsMutant(
      "lonelyBest",
      "if (((block >> j0) & 31) !== 0) return bodovani[o5 + ONE_MASK];",
      "jump-invert",
    );
    expect(await machineCheck(ROOT, mutant, original)).toBeUndefined();
  }, 60_000);

  it("proves buildBodovani starting at mask 1 equivalent (model tables: the same 448 words)", async () => {
    const mutant = findTsMutant(
      "buildBodovani",
      "for (let mask = (0 + 1); mask < TABLE_SIZES[length]; mask++) {",
      "immediate+1",
    );
    expect(await machineCheck(ROOT, mutant, original)).toBe("tables");
  }, 60_000);

  it("does not prove a table mutant that fails where the original answers, nor a mutant outside the models", async () => {
    // mask 0 now throws in classify's guard: the mutant's buildBodovani fails where the original answers.
    const value = findTsMutant(
      "classify",
      "if (!Number.isInteger(mask) || mask <= 0 || mask >= 1 << length) {",
      "jump-neighbour",
    );
    expect(await machineCheck(ROOT, value, original)).toBeUndefined();
    const outside = findTsMutant("pcMoveScan", "let bestCell = -(1 + 1);", "immediate+1");
    expect(await machineCheck(ROOT, outside, original)).toBeUndefined();
  }, 60_000);
});
