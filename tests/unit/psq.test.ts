import { describe, expect, it } from "vitest";
import { RecordError } from "../../records/game-record.js";
import { formatPsq, parsePsq } from "../../records/psq.js";
import { parseSgf } from "../../records/sgf.js";

describe("PSQ records", () => {
  it("writes the header, 1-based moves with times, the players and the error code", () => {
    const text = formatPsq({
      size: 19,
      players: ["pbrain-piskasm", "pbrain-pela"],
      moves: [
        { x: 9, y: 9, timeMs: 12 },
        { x: 10, y: 9 },
      ],
    });
    expect(text).toBe("Piskvorky 19x19, 0:0, 0\n10,10,12\n11,10,0\npbrain-piskasm\npbrain-pela\n0\n");
  });

  it("reads back what it writes", () => {
    const record = {
      size: 20,
      players: ["a", "b"] as const,
      moves: [
        { x: 0, y: 0, timeMs: 5 },
        { x: 19, y: 19, timeMs: 7 },
        { x: 3, y: 4, timeMs: 0 },
      ],
    };
    expect(parsePsq(formatPsq(record))).toEqual(record);
  });

  it("reads a Piskvork file with CR LF line ends and moves given as just x,y", () => {
    const record = parsePsq("Piskvorky 20x20, 11:11, 1\r\n10,10\r\n11,11\r\n9,10\r\n");
    expect(record.size).toBe(20);
    expect(record.moves).toEqual([
      { x: 9, y: 9 },
      { x: 10, y: 10 },
      { x: 8, y: 9 },
    ]);
  });

  it("refuses a file without the header, naming line 1", () => {
    expect(() => parsePsq("10,10\n")).toThrow(/line 1: expected a PSQ header/);
  });

  it("refuses a move off the board or on an occupied cell", () => {
    expect(() => parsePsq("Piskvorky 15x15, 0:0, 0\n16,1,0\n")).toThrow(RecordError);
    expect(() => parsePsq("Piskvorky 15x15, 0:0, 0\n1,1,0\n1,1,0\n")).toThrow(/occupied/);
  });

  it("refuses a garbage line among the moves instead of taking the lines after it as the players' names", () => {
    expect(() => parsePsq("Piskvorky 15x15, 0:0, 0\n1,1,0\nrubbish\n2,2,0\n3,3,0\n0\n")).toThrow(
      /line 3: "rubbish" is not a move, yet moves follow on line 4/,
    );
  });

  it("refuses an SGF text of stray parentheses with a sentence, not the parser's TypeError", () => {
    expect(() => parseSgf(")(")).toThrow(/^not SGF: the parentheses do not make a game tree$/);
  });

  it("refuses rectangular boards", () => {
    expect(() => parsePsq("Piskvorky 20x15, 0:0, 0\n")).toThrow(/square/);
  });
});
