import sgf from "@sabaki/sgf";
import { describe, expect, it } from "vitest";
import { formatCell, parseCell } from "../../engine-ts/index.js";
import { RecordError } from "../../records/game-record.js";
import { fromRecord, toRecord, type PiskasmGame } from "../../records/piskasm-game.js";
import { formatPsq, parsePsq } from "../../records/psq.js";
import { detectFormat, parseRecord } from "../../records/read-record.js";
import { formatSgf, parseSgf } from "../../records/sgf.js";

const game: PiskasmGame = {
  seed: 1234,
  first: "human",
  moves: ["J10", "K11", "K10", "L10", "J11"].map(parseCell),
};

describe("SGF records", () => {
  it("writes FF[4] GM[4] SZ[19] with Black first and two-letter points from aa", () => {
    const text = formatSgf(toRecord(game));
    expect(text).toMatch(/FF\[4\]/);
    expect(text).toMatch(/GM\[4\]/);
    expect(text).toMatch(/SZ\[19\]/);
    expect(text).toMatch(/;B\[jj\]\s*;W\[kk\]/);
  });

  it("is accepted by @sabaki/sgf as one game tree with a node per move", () => {
    const roots = sgf.parse(formatSgf(toRecord(game)));
    expect(roots).toHaveLength(1);
    let depth = 0;
    for (let node = roots[0].children[0]; node; node = node.children[0]) depth++;
    expect(depth).toBe(game.moves.length);
    expect(roots[0].data.GM).toEqual(["4"]);
  });

  it("reads back the moves and players it writes", () => {
    const record = parseSgf(formatSgf(toRecord(game)));
    expect(record.moves.map((m) => formatCell(m.y * 19 + m.x))).toEqual(game.moves.map(formatCell));
    expect(record.players).toEqual(["human", "PISKASM.COM /S:1234"]);
  });

  it("reads a Sabaki-style file, keeping the main line and ignoring a variation", () => {
    const record = parseSgf("(;GM[4]FF[4]SZ[15]PB[a]PW[b];B[hh];W[ih](;B[gg])(;B[ii]))");
    expect(record.size).toBe(15);
    expect(record.moves).toEqual([
      { x: 7, y: 7 },
      { x: 8, y: 7 },
      { x: 6, y: 6 },
    ]);
  });

  it("refuses another game, a pass, two moves of one colour in a row and a repeated point", () => {
    expect(() => parseSgf("(;GM[1]SZ[19];B[aa])")).toThrow(/GM\[1\] is not gomoku/);
    expect(() => parseSgf("(;GM[4];B[])")).toThrow(/not a point/);
    expect(() => parseSgf("(;GM[4];B[aa];B[bb])")).toThrow(/expected W/);
    expect(() => parseSgf("(;GM[4];B[aa];W[aa])")).toThrow(RecordError);
    expect(() => parseSgf("hello")).toThrow(RecordError);
  });
});

describe("PISKASM.COM games in records", () => {
  it("survive PSQ export and import with their seed, starter and moves", () => {
    for (const first of ["human", "computer"] as const) {
      const g = { ...game, first };
      expect(fromRecord(parsePsq(formatPsq(toRecord(g))))).toEqual({ kind: "piskasm", game: g });
    }
  });

  it("survive SGF export and import with their seed, starter and moves", () => {
    const g = { ...game, first: "computer" as const, seed: 0 };
    expect(fromRecord(parseSgf(formatSgf(toRecord(g))))).toEqual({ kind: "piskasm", game: g });
  });

  it("a record of other players is a foreign game unless seed and starter are given", () => {
    const record = parsePsq("Piskvorky 19x19, 11:11, 1\n10,10\n11,11\n9,10\npbrain-a\npbrain-b\n0\n");
    const read = fromRecord(record);
    expect(read.kind).toBe("foreign");
    if (read.kind === "foreign") {
      expect(read.moves.map(formatCell)).toEqual(["J10", "K11", "I10"]);
      expect(read.why).toMatch(/pbrain-a/);
    }
    expect(fromRecord(record, { seed: 7, first: "computer" })).toEqual({
      kind: "piskasm",
      game: { seed: 7, first: "computer", moves: read.kind === "foreign" ? read.moves : [] },
    });
  });

  it("a record on another board size cannot be a PISKASM.COM game", () => {
    expect(() => fromRecord(parsePsq("Piskvorky 20x20, 0:0, 0\n10,10,0\n"))).toThrow(/20x20/);
  });
});

describe("reading a record of unknown format", () => {
  it("tells SGF from PSQ by extension, else by the first character", () => {
    expect(detectFormat("", "game.SGF")).toBe("sgf");
    expect(detectFormat("", "game.psq")).toBe("psq");
    expect(detectFormat("  (;GM[4])")).toBe("sgf");
    expect(detectFormat("Piskvorky 19x19, 0:0, 0\n")).toBe("psq");
    expect(() => detectFormat("<html>", "page.html")).toThrow(/neither SGF/);
    expect(parseRecord("Piskvorky 19x19, 0:0, 0\n10,10,0\n").moves).toEqual([{ x: 9, y: 9, timeMs: 0 }]);
  });
});
