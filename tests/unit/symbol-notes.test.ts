import { describe, expect, it } from "vitest";
import { cellDiff, scalarDiff } from "../../checks/diff-types.js";
import { formatMismatch, REPORT_FORMAT } from "../../checks/report.js";
import { fieldNotes } from "../../debug/symbol-notes.js";

const MAP = "build/piskasm.sym.json";

describe("mismatch notes from the symbol map", () => {
  it("name the routines and source lines that write each differing field, once per field", () => {
    const notes = fieldNotes(
      [
        cellDiff("Info", 5, 1, 2),
        cellDiff("Info", 6, 1, 2),
        scalarDiff("LastPC", 3, 4),
        cellDiff("Screen", 1, "X", "O"),
      ],
      MAP,
    );
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^Info: .* written in update \(engine\.inc:\d+/);
    expect(notes[1]).toMatch(/^LastPC: .* written in place_stone/);
  });

  it("say that the map is missing instead of failing", () => {
    expect(fieldNotes([scalarDiff("Random", 1, 2)], "build/no-such.sym.json")).toEqual([
      expect.stringMatching(/cannot read the symbol map build\/no-such\.sym\.json/),
    ]);
    expect(fieldNotes([], "build/no-such.sym.json")).toEqual([]);
  });

  it("appear in the readable mismatch summary", () => {
    const diffs = [scalarDiff("Random", 1, 2)];
    const report = {
      format: REPORT_FORMAT,
      seed: 1,
      policy: "random",
      policySeed: 0,
      whoStarts: "human",
      moves: [],
      computerMoves: [],
      ply: 0,
      diffs,
      screen: [],
      dos: "builtin",
      gameIndex: 0,
    } as const;
    expect(
      formatMismatch(
        { ...report, diffs, moves: [], computerMoves: [], screen: [] },
        undefined,
        fieldNotes(diffs, MAP),
      ),
    ).toMatch(/\n {2}Random: PISKASM\.COM's Random .* written in get_random/);
  });
});
