/**
 * The embedded game's URL parameters (embed.html?seed=..&first=..&moves=..), written by mount() and
 * read by the frame: one place for their names.
 *   seed    0..65535: typed after the game's menu key S (without it the game picks its own)
 *   first   human | computer (default human): the game's menu key 1 or 2
 *   moves   a read-only record as cell names in order, "J10,K11,..."
 *   record  a read-only record as PSQ or SGF text (PISKASM.COM's own records name the seed and who started)
 *   parent  the parent's origin: the frame posts its messages to that origin only (default: any)
 */
import type { Player } from "./messages.js";

export interface EmbedParams {
  seed?: number;
  first?: Player;
  /** The record's stones in order, as cell names ("J10"). */
  moves?: readonly string[];
  /** The record as PSQ or SGF text. */
  record?: string;
  /** The origin the frame may post to, e.g. "https://example.org". */
  parent?: string;
}

/** The query string (with its `?`) that asks embed.html for `params`. */
export function embedSearch(params: EmbedParams): string {
  const query = new URLSearchParams();
  if (params.seed !== undefined) query.set("seed", String(params.seed));
  if (params.first !== undefined) query.set("first", params.first);
  if (params.moves !== undefined) query.set("moves", params.moves.join(","));
  if (params.record !== undefined) query.set("record", params.record);
  if (params.parent !== undefined) query.set("parent", params.parent);
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

/** The parameters as the frame's address holds them (unchecked text; web/embed/embed-request.ts checks them). */
export function readEmbedSearch(search: string): Record<keyof EmbedParams, string | undefined> {
  const query = new URLSearchParams(search);
  const get = (name: keyof EmbedParams): string | undefined => query.get(name) ?? undefined;
  return {
    seed: get("seed"),
    first: get("first"),
    moves: get("moves"),
    record: get("record"),
    parent: get("parent"),
  };
}
