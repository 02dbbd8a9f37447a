/**
 * What the embedded frame is asked to show, read from its URL parameters (web/embed/params.ts): a new
 * game from a seed with a first player, or a read-only record. A record is read with the records/
 * parsers (PSQ, SGF) or as a list of cell names (the share link's reader); a record the emulator
 * cannot replay (no seed, another board) is refused with a one-line reason.
 */
import { RecordError } from "../../records/game-record.js";
import { fromRecord, type PiskasmGame } from "../../records/piskasm-game.js";
import { parseRecord } from "../../records/read-record.js";
import { parseSeed, parseShareFragment } from "../share/share-url.js";
import type { Player } from "./messages.js";
import { readEmbedSearch } from "./params.js";

export interface EmbedRequest {
  /** Typed after menu key S; undefined: the game picks its own seed. */
  seed: number | undefined;
  first: Player;
  /** The read-only record, replayed in the emulator. */
  record: PiskasmGame | undefined;
  /** The postMessage target origin ("*" when the page did not name its own). */
  parentOrigin: string;
}

export type EmbedRequestRead = { kind: "ok"; request: EmbedRequest } | { kind: "bad"; message: string };

export function readEmbedRequest(search: string): EmbedRequestRead {
  const params = readEmbedSearch(search);
  const bad = (message: string): EmbedRequestRead => ({ kind: "bad", message });
  let parentOrigin = "*";
  if (params.parent !== undefined) {
    try {
      parentOrigin = new URL(params.parent).origin;
    } catch {
      return bad(`parent "${params.parent}" is not an origin such as https://example.org`);
    }
  }
  const seed = params.seed === undefined ? undefined : parseSeed(params.seed);
  if (params.seed !== undefined && seed === undefined)
    return bad(`seed "${params.seed}" is not a number 0..65535`);
  if (params.first !== undefined && params.first !== "human" && params.first !== "computer")
    return bad(`first "${params.first}" is neither human nor computer`);
  const first = params.first;
  if (params.moves !== undefined && params.record !== undefined)
    return bad("give the record once: as moves or as record, not both");
  let record: PiskasmGame | undefined;
  if (params.moves !== undefined) {
    if (seed === undefined) return bad("a list of moves needs the seed of its game (seed=1234)");
    const read = parseShareFragment(
      `s=${seed}&first=${first ?? "human"}&m=${encodeURIComponent(params.moves)}`,
    );
    if (read.kind !== "game") return bad(read.kind === "bad" ? read.message : "the moves are empty");
    record = read.game;
  } else if (params.record !== undefined) {
    try {
      const read = fromRecord(parseRecord(params.record), { seed, first });
      if (read.kind === "foreign") return bad(`the record cannot be replayed in the emulator: ${read.why}`);
      record = read.game;
    } catch (error) {
      if (error instanceof RecordError) return bad(`the record cannot be read: ${error.message}`);
      throw error;
    }
  }
  return {
    kind: "ok",
    request: { seed: record?.seed ?? seed, first: record?.first ?? first ?? "human", record, parentOrigin },
  };
}
