import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatCell, Game, parseCell } from "../../engine-ts/index.js";
import { RecordError } from "../../records/game-record.js";
import { fromRecord, toRecord } from "../../records/piskasm-game.js";
import { formatPsq, parsePsq } from "../../records/psq.js";
import { parseSgf } from "../../records/sgf.js";
import {
  describeRecordReplay,
  readRecordAsReport,
  reportGame,
  writeRecordFiles,
} from "../../checks/record-files.js";
import { REPORT_FORMAT, type MismatchReport } from "../../checks/report.js";

const dir = mkdtempSync(join(tmpdir(), "piskasm-records-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const report: MismatchReport = {
  format: REPORT_FORMAT,
  seed: 42,
  policy: "random",
  policySeed: 1,
  whoStarts: "computer",
  moves: ["K10", "K11"],
  computerMoves: ["J10", "L11", "M12"],
  ply: 5,
  diffs: [],
  screen: [],
  dos: "builtin",
  gameIndex: 3,
};

describe("records beside mismatch reports", () => {
  it("a report's game alternates the asm's and the human's moves from the starter", () => {
    expect(reportGame(report).moves.map(formatCell)).toEqual(["J10", "K10", "L11", "K11", "M12"]);
    expect(
      reportGame({ ...report, whoStarts: "human", computerMoves: ["J10"] }).moves.map(formatCell),
    ).toEqual(["K10", "J10", "K11"]);
  });

  it("writes .psq and .sgf next to the JSON that read back as the same PISKASM.COM game", () => {
    const paths = writeRecordFiles(join(dir, "mismatch-x.json"), reportGame(report));
    expect(paths).toEqual([join(dir, "mismatch-x.psq"), join(dir, "mismatch-x.sgf")]);
    const expected = { kind: "piskasm", game: reportGame(report) };
    expect(fromRecord(parsePsq(readFileSync(paths[0], "utf8")))).toEqual(expected);
    expect(fromRecord(parseSgf(readFileSync(paths[1], "utf8")))).toEqual(expected);
  });
});

describe("records as replay input", () => {
  it("a written record reads back as a report with the human and the computer moves split", () => {
    const engine = Game.newGame(42, "computer");
    const moves = [engine.state.lastPC];
    for (const name of ["K10", "K11"]) {
      const outcome = engine.humanMove(parseCell(name));
      moves.push(outcome.human, outcome.computer ?? -1);
    }
    const [psq] = writeRecordFiles(join(dir, "game.json"), { seed: 42, first: "computer", moves });
    const { report: read } = readRecordAsReport(psq, { dos: "builtin" });
    const computerMoves = moves.filter((_, i) => i % 2 === 0).map(formatCell);
    expect(read).toMatchObject({
      seed: 42,
      whoStarts: "computer",
      moves: ["K10", "K11"],
      computerMoves,
      policy: "replay",
    });
  });

  it("a record without PISKASM.COM's name needs --seed and --first, and says so", () => {
    const file = join(dir, "foreign.psq");
    writeFileSync(file, "Piskvorky 19x19, 0:0, 0\n10,10,0\n11,11,0\n");
    expect(() => readRecordAsReport(file, { dos: "builtin" })).toThrow(/--seed S and --first/);
    const { report: read } = readRecordAsReport(file, { dos: "builtin", seed: 9, first: "human" });
    expect(read).toMatchObject({ seed: 9, whoStarts: "human", moves: ["J10"], computerMoves: ["K11"] });
  });

  it("an unreadable or broken record is a RecordError naming the file", () => {
    expect(() => readRecordAsReport(join(dir, "missing.sgf"), { dos: "builtin" })).toThrow(RecordError);
    const file = join(dir, "broken.sgf");
    writeFileSync(file, "(;GM[1];B[aa])");
    expect(() => readRecordAsReport(file, { dos: "builtin" })).toThrow(/broken\.sgf \(SGF\): GM\[1\]/);
  });

  it("says whether the emulator made the record's computer moves again", () => {
    expect(describeRecordReplay(report, ["J10", "L11", "M12"].map(parseCell))).toMatch(
      /all 3 computer moves/,
    );
    expect(describeRecordReplay(report, ["J10", "L12"].map(parseCell))).toMatch(
      /computer move 2 is L12, the record has L11/,
    );
  });
});

describe("a record PISKASM.COM would answer differently", () => {
  it("is replayed only up to the human move whose answer differs, so no later move lands on a taken cell", () => {
    const engine = Game.newGame(5, "human");
    const moves: number[] = [];
    for (const name of ["K10", "C3", "Q17"]) {
      const outcome = engine.humanMove(parseCell(name));
      moves.push(outcome.human, outcome.computer ?? -1);
    }
    moves[3] = parseCell("A1");
    const file = join(dir, "changed.psq");
    writeFileSync(file, formatPsq(toRecord({ seed: 5, first: "human", moves })));
    const { report: read } = readRecordAsReport(file, { dos: "builtin" });
    expect(read.moves).toEqual(["K10", "C3"]);
    expect(read.computerMoves[1]).toBe("A1");
  });
});
