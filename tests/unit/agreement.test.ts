/** The page's agreement line says what the one checker says: agree with the inputs checked, off and why, or the first difference. */
import { describe, expect, it } from "vitest";
import { agreementView, describeDiff } from "../../web/check/agreement.js";
import { cellDiff, scalarDiff } from "../../checks/diff-types.js";
import { formatCell } from "../../engine-ts/index.js";

describe("the agreement line", () => {
  it("counts no difference and names the inputs checked while the program agrees", () => {
    const view = agreementView({ kind: "agree", inputs: 7 }, "scores followed from seed 5");
    expect(view.count).toBe(0);
    expect(view.text).toBe(
      "the whole program agrees ✓ screen, data, pointer and code, 7 inputs checked (scores followed from seed 5)",
    );
  });

  it("has no count and says why while the checks are off", () => {
    const view = agreementView({ kind: "off", why: "the debugger is on" }, "");
    expect(view.count).toBeUndefined();
    expect(view.text).toBe("not checked: the debugger is on");
  });

  it("counts the differences and names the input and the first differing variable", () => {
    const first = scalarDiff("SeedText", "[6] 55", "[6] 0");
    const mismatch = {
      ply: 0,
      diffs: [first, cellDiff("Info", 20, 3, 4)],
      screen: [],
      afterInput: 'key "7"',
    };
    const view = agreementView({ kind: "differ", mismatch }, "");
    expect(view.count).toBe(2);
    expect(view.text).toBe('2 differences ✗ after key "7", first SeedText: program [6] 55, model [6] 0');
    expect(describeDiff(mismatch.diffs[1])).toBe(`Info ${formatCell(20)}: program 3, model 4`);
  });
});
