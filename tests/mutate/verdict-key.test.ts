/** Verdict keys: a survivor's verdict must not be shared by another mutation of the same line start. */
import { describe, expect, it } from "vitest";
import { verdictKey } from "../../mutate/report.js";

const loop = (bound: string): string => `  for (let j0 = 2; j0 <= ${bound}; j0++) { // windows`;

describe("a verdict key", () => {
  it("keeps a TypeScript line whole past its ';' and drops its // comment", () => {
    const key = verdictKey({
      file: "engine-ts/score.ts",
      routine: "windowsBest",
      operator: "immediate+1",
      original: loop("6"),
      mutated: loop("(6 + 1)"),
    });
    expect(key).toBe(
      "windowsBest | immediate+1 | for (let j0 = 2; j0 <= 6; j0++) { => for (let j0 = 2; j0 <= (6 + 1); j0++) {",
    );
    const other = verdictKey({
      file: "engine-ts/score.ts",
      routine: "windowsBest",
      operator: "immediate+1",
      original: loop("5"),
      mutated: loop("(5 + 1)"),
    });
    expect(other).not.toBe(key);
  });

  it("drops a NASM line's ';' comment", () => {
    expect(
      verdictKey({
        file: "asm/piskasm/engine.inc",
        routine: "pc_move",
        operator: "remove",
        original: "        xor di, di   ; the first cell",
        mutated: "",
      }),
    ).toBe("pc_move | remove | xor di, di => ");
  });
});
