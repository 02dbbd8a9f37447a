import { describe, expect, it } from "vitest";
import { parseCell } from "../../engine-ts/index.js";
import { formatShareFragment, parseShareFragment } from "../../web/share/share-url.js";

describe("share fragments", () => {
  const game = { seed: 1234, first: "human" as const, moves: ["J10", "K11", "K10"].map(parseCell) };

  it("hold the seed, who started and every move as coordinates", () => {
    expect(formatShareFragment(game)).toBe("#s=1234&first=human&m=J10,K11,K10");
  });

  it("read back what they write, also with no moves", () => {
    expect(parseShareFragment(formatShareFragment(game))).toEqual({ kind: "game", game });
    const empty = { seed: 0, first: "computer" as const, moves: [] };
    expect(parseShareFragment(formatShareFragment(empty))).toEqual({ kind: "game", game: empty });
  });

  it("an empty fragment is no game at all", () => {
    expect(parseShareFragment("")).toEqual({ kind: "none" });
    expect(parseShareFragment("#")).toEqual({ kind: "none" });
  });

  it.each([
    ["#s=1234&first=human&m=J10,K", /move 2 "K"/],
    ["#s=1234&first=hum", /"first=hum"/],
    ["#s=12", /who started/],
    ["#first=human&m=", /no seed/],
    ["#s=70000&first=human&m=", /0\.\.65535/],
    ["#s=1&first=human", /no moves/],
    ["#s=1&first=human&m=J10,J10", /already played/],
    ["#garbage", /no seed/],
  ])("a bad or truncated fragment %s gives a message", (hash, message) => {
    const read = parseShareFragment(hash);
    expect(read.kind).toBe("bad");
    if (read.kind === "bad") expect(read.message).toMatch(message);
  });
});
