/**
 * A game of PISKASM.COM as the page, the share URL and the CLI keep it: the seed (`PISKASM /S:n`
 * replays it), who started and every ply in order. Records carry it in the players' names: the
 * program's name is `PISKASM.COM /S:n`, the other player `human`, and the first player is the one
 * who started. A record with other names is a foreign game (another engine or program): it can be
 * stepped through with engine-ts, but the emulator cannot reproduce it.
 */
import { BOARD_SIZE, CELLS, type WhoStarts } from "../engine-ts/index.js";
import { RecordError, type GameRecord } from "./game-record.js";

export interface PiskasmGame {
  /** The game's Seed word, 0..65535. */
  readonly seed: number;
  readonly first: WhoStarts;
  /** Every stone in order (cell index 19*row+col), the first player's on even indices. */
  readonly moves: readonly number[];
}

export const HUMAN_NAME = "human";
const PROGRAM_NAME = /^PISKASM\.COM \/S:(\d{1,5})$/;

/** The record of a game: players named after the convention above, 19x19, cells as x = column, y = row. */
export function toRecord(game: PiskasmGame): GameRecord {
  const program = `PISKASM.COM /S:${game.seed}`;
  return {
    size: BOARD_SIZE,
    players: game.first === "human" ? [HUMAN_NAME, program] : [program, HUMAN_NAME],
    moves: game.moves.map((cell) => ({ x: cell % BOARD_SIZE, y: Math.floor(cell / BOARD_SIZE) })),
    comment: `PISKASM.COM, seed ${game.seed}, ${game.first} starts`,
  };
}

/** What a record holds: a game PISKASM.COM played, or a foreign game with only its moves. */
export type ReadGame =
  { kind: "piskasm"; game: PiskasmGame } | { kind: "foreign"; moves: number[]; why: string };

/**
 * Reads a record as a PISKASM.COM game when its players say so (or when `options` give the seed and
 * who started); otherwise as a foreign game. A board of another size than 19x19 is a RecordError.
 */
export function fromRecord(record: GameRecord, options: { seed?: number; first?: WhoStarts } = {}): ReadGame {
  if (record.size !== BOARD_SIZE)
    throw new RecordError(
      `the record's board is ${record.size}x${record.size}; PISKASM.COM plays on ${BOARD_SIZE}x${BOARD_SIZE}`,
    );
  const moves = record.moves.map((m) => m.y * BOARD_SIZE + m.x);
  if (moves.length > CELLS)
    throw new RecordError(`the record has ${moves.length} moves; the board has ${CELLS} cells`);
  const named = namedGame(record);
  const seed = options.seed ?? named?.seed;
  const first = options.first ?? named?.first;
  if (seed === undefined || first === undefined) {
    const players = record.players ? `"${record.players[0]}" and "${record.players[1]}"` : "no player names";
    return {
      kind: "foreign",
      moves,
      why: `the record has ${players}, not "PISKASM.COM /S:n" and "${HUMAN_NAME}", so it gives no seed and starter`,
    };
  }
  return { kind: "piskasm", game: { seed, first, moves } };
}

function namedGame(record: GameRecord): { seed: number; first: WhoStarts } | undefined {
  if (!record.players) return undefined;
  const [a, b] = record.players;
  const programFirst = PROGRAM_NAME.exec(a);
  const programSecond = PROGRAM_NAME.exec(b);
  const match = programFirst ?? programSecond;
  if (!match || (programFirst && programSecond)) return undefined;
  const seed = Number(match[1]);
  if (seed > 0xffff) return undefined;
  return { seed, first: programFirst ? "computer" : "human" };
}
