import { describe, expect, it } from "vitest";
import { Game, parseCell } from "../../engine-ts/index.js";
import { toRecord } from "../../records/piskasm-game.js";
import { formatPsq } from "../../records/psq.js";
import { readEmbedRequest } from "../../web/embed/embed-request.js";
import { envelope, readEmbedMessage } from "../../web/embed/messages.js";
import { embedSearch } from "../../web/embed/params.js";

describe("the embedded game's messages", () => {
  const move = envelope({ type: "move", game: 1, ply: 3, cell: "J10", player: "computer" });

  it("carry the source and the schema version, and pass the validator", () => {
    expect(move).toEqual({
      source: "piskasm",
      version: 1,
      type: "move",
      game: 1,
      ply: 3,
      cell: "J10",
      player: "computer",
    });
    const ready = envelope({
      type: "ready",
      seed: 65535,
      first: "human",
      moves: ["A1", "S19"],
      readOnly: true,
    });
    expect(readEmbedMessage(ready)).toEqual(ready);
    const over = envelope({ type: "gameover", game: 2, result: "given-up", moves: [] });
    expect(readEmbedMessage(over)).toEqual(over);
  });

  it.each([
    [null, /not an object/],
    [{ ...move, source: "other" }, /source/],
    [{ ...move, version: 2 }, /schema version 2/],
    [{ ...move, type: "hello" }, /unknown type hello/],
    [{ ...move, cell: "T20" }, /move\.cell/],
    [{ ...move, ply: 0 }, /move\.ply/],
    [{ ...move, player: "X" }, /move\.player/],
    [envelope({ type: "ready", seed: 70000, first: "human", moves: [], readOnly: false }), /ready\.seed/],
    [{ ...envelope({ type: "gameover", game: 1, result: "draw", moves: [] }), result: "won" }, /result/],
    [envelope({ type: "error", message: "" }), /error\.message/],
  ])("are refused when malformed: %j", (data, reason) => {
    expect(readEmbedMessage(data)).toMatch(reason);
  });
});

describe("the embedded game's address", () => {
  it("reads back what mount() writes: a seed and the first player", () => {
    const search = embedSearch({ seed: 42, first: "computer", parent: "https://example.org/page" });
    expect(readEmbedRequest(search)).toEqual({
      kind: "ok",
      request: { seed: 42, first: "computer", record: undefined, parentOrigin: "https://example.org" },
    });
    expect(readEmbedRequest("")).toEqual({
      kind: "ok",
      request: { seed: undefined, first: "human", record: undefined, parentOrigin: "*" },
    });
  });

  it("reads a record as a moves list or as PSQ text naming its seed and starter", () => {
    const moves = ["J10", "K11"];
    expect(readEmbedRequest(embedSearch({ seed: 7, moves }))).toMatchObject({
      kind: "ok",
      request: { seed: 7, first: "human", record: { seed: 7, first: "human", moves: moves.map(parseCell) } },
    });
    const game = Game.newGame(99, "computer");
    const played = [game.state.lastPC, parseCell("A1")];
    const psq = formatPsq(toRecord({ seed: 99, first: "computer", moves: played }));
    expect(readEmbedRequest(embedSearch({ record: psq }))).toMatchObject({
      kind: "ok",
      request: { seed: 99, first: "computer", record: { moves: played } },
    });
  });

  it.each([
    [{ seed: 1, first: "nobody" }, /neither human nor computer/],
    [{ seed: "99999" }, /0\.\.65535/],
    [{ moves: "J10" }, /needs the seed/],
    [{ seed: 1, moves: "J10,Z99" }, /move 2 "Z99"/],
    [{ seed: 1, moves: "J10", record: "Piskvorky" }, /not both/],
    [{ record: "(;FF[4]GM[4]SZ[19];B[jj])" }, /cannot be replayed in the emulator/],
    [{ record: "hello" }, /cannot be read/],
    [{ parent: "not a url" }, /not an origin/],
  ])("refuses parameters it cannot use: %j", (params, reason) => {
    const search = `?${new URLSearchParams(params as Record<string, string>).toString()}`;
    const read = readEmbedRequest(search);
    expect(read.kind).toBe("bad");
    expect(read.kind === "bad" && read.message).toMatch(reason);
  });
});
