/**
 * The messages an embedded game (the site's embed.html in an iframe) posts to its parent window, in
 * one place: their types, the schema version and the validator the parent uses (web/embed/mount.ts)
 * and the tests use. docs/embedding.md documents the same schema for pages that do not use mount().
 * A new field may be added within a version; a field renamed, removed or changed in meaning is a new
 * version.
 */

/** Every message has `source: "piskasm"` (so a parent can tell them from other frames' messages) and this version. */
export const EMBED_SOURCE = "piskasm";
export const EMBED_SCHEMA_VERSION = 1;

export type Player = "human" | "computer";

/** How a game ended: who made five in a row, a full board, or the human gave up (the game's Esc). */
export type GameResult = "human" | "computer" | "draw" | "given-up";

interface Envelope {
  source: typeof EMBED_SOURCE;
  version: typeof EMBED_SCHEMA_VERSION;
}

/** The game asked for is on the board: started from its seed, or the record replayed. */
export interface ReadyMessage extends Envelope {
  type: "ready";
  /** The game's Seed word (0..65535), as the program keeps it. */
  seed: number;
  first: Player;
  /** Every stone already on the board, in order ("J10"...): the record's, or the computer's opening. */
  moves: string[];
  /** A record was given: the frame shows it and takes no moves. */
  readOnly: boolean;
}

/** A stone placed after `ready` (the human's click, or the computer's answer). */
export interface MoveMessage extends Envelope {
  type: "move";
  /** 1 for the game `ready` announced, one more for each new game started in the frame. */
  game: number;
  /** The stone's number in its game (1 = the first stone). */
  ply: number;
  cell: string;
  player: Player;
}

export interface GameOverMessage extends Envelope {
  type: "gameover";
  game: number;
  result: GameResult;
  /** Every stone of the game, in order. */
  moves: string[];
}

/** The frame's parameters or record could not be used; the message says why in one line. */
export interface ErrorMessage extends Envelope {
  type: "error";
  message: string;
}

export type EmbedMessage = ReadyMessage | MoveMessage | GameOverMessage | ErrorMessage;

/** A message type without its envelope, for each type of a union apart. */
type WithoutEnvelope<M> = M extends unknown ? Omit<M, keyof Envelope> : never;
/** Any message, without its envelope (the frame adds it). */
export type EmbedEvent = WithoutEnvelope<EmbedMessage>;

export function envelope(event: EmbedEvent): EmbedMessage {
  return { source: EMBED_SOURCE, version: EMBED_SCHEMA_VERSION, ...event };
}

/** A board cell's name as the program's records write it: column A..S, row 1..19. */
const CELL = /^[A-S](?:[1-9]|1[0-9])$/;
const PLAYERS: readonly string[] = ["human", "computer"] satisfies Player[];
const RESULTS: readonly string[] = ["human", "computer", "draw", "given-up"] satisfies GameResult[];

type Fields = Record<string, unknown>;

const isCell = (value: unknown): boolean => typeof value === "string" && CELL.test(value);
const isCount = (value: unknown, min: number): boolean =>
  typeof value === "number" && Number.isInteger(value) && value >= min;
const isMoves = (value: unknown): boolean => Array.isArray(value) && value.every(isCell);

/** The fields each type must have, and their checks. */
const CHECKS: Record<EmbedMessage["type"], Record<string, (value: unknown) => boolean>> = {
  ready: {
    seed: (v) => isCount(v, 0) && (v as number) <= 0xffff,
    first: (v) => typeof v === "string" && PLAYERS.includes(v),
    moves: isMoves,
    readOnly: (v) => typeof v === "boolean",
  },
  move: {
    game: (v) => isCount(v, 1),
    ply: (v) => isCount(v, 1),
    cell: isCell,
    player: (v) => typeof v === "string" && PLAYERS.includes(v),
  },
  gameover: {
    game: (v) => isCount(v, 1),
    result: (v) => typeof v === "string" && RESULTS.includes(v),
    moves: isMoves,
  },
  error: { message: (v) => typeof v === "string" && v.length > 0 },
};

/**
 * `data` as an embedded game's message, or a one-line reason why it is not one (another frame's
 * message, another schema version, a missing or malformed field).
 */
export function readEmbedMessage(data: unknown): EmbedMessage | string {
  if (typeof data !== "object" || data === null) return "not an object";
  const fields = data as Fields;
  if (fields.source !== EMBED_SOURCE) return `source is not "${EMBED_SOURCE}"`;
  if (fields.version !== EMBED_SCHEMA_VERSION)
    return `schema version ${String(fields.version)}, not ${EMBED_SCHEMA_VERSION}`;
  const type = fields.type;
  if (typeof type !== "string" || !Object.hasOwn(CHECKS, type)) return `unknown type ${String(type)}`;
  for (const [name, check] of Object.entries(CHECKS[type as EmbedMessage["type"]]))
    if (!check(fields[name]))
      return `${type}.${name} is missing or malformed: ${JSON.stringify(fields[name])}`;
  return data as EmbedMessage;
}
