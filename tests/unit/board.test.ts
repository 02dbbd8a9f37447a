import { describe, expect, it } from "vitest";
import { CELLS, colOf, formatCell, index, parseCell, rowOf } from "../../engine-ts/index.js";

describe("board coordinates", () => {
  it("K10 is column 10, row 9, index 181 (architecture.md section 5)", () => {
    expect(parseCell("K10")).toBe(181);
    expect(rowOf(181)).toBe(9);
    expect(colOf(181)).toBe(10);
    expect(formatCell(181)).toBe("K10");
  });

  it("the corners are A1, S1, A19 and S19", () => {
    expect(parseCell("A1")).toBe(0);
    expect(parseCell("S1")).toBe(18);
    expect(parseCell("A19")).toBe(19 * 18);
    expect(parseCell("S19")).toBe(360);
  });

  it("every cell survives format then parse, and index(row, col) agrees", () => {
    for (let i = 0; i < CELLS; i++) {
      expect(parseCell(formatCell(i))).toBe(i);
      expect(index(rowOf(i), colOf(i))).toBe(i);
    }
  });

  it("lower case and surrounding spaces are accepted", () => {
    expect(parseCell(" k10 ")).toBe(181);
  });

  it.each(["", "K", "10", "K0", "K20", "T5", "K05", "KK10", "10K", "K1O", "I-1", "K 10"])(
    "parsing %j throws a RangeError that names the input",
    (text) => {
      expect(() => parseCell(text)).toThrow(RangeError);
      expect(() => parseCell(text)).toThrow(text === "" ? /""/ : text);
    },
  );

  it("formatting or indexing a cell off the board throws", () => {
    expect(() => formatCell(361)).toThrow(RangeError);
    expect(() => formatCell(-1)).toThrow(RangeError);
    expect(() => formatCell(1.5)).toThrow(RangeError);
    expect(() => index(19, 0)).toThrow(RangeError);
    expect(() => index(0, -1)).toThrow(RangeError);
  });
});
