/**
 * A finished or unfinished game as records store it: board size, the players and the moves in order.
 * PSQ (records/psq.ts) and SGF (records/sgf.ts) are written from and read into this shape.
 */

/** A move: x = column, y = row, both from 0 at the top left (the Gomocup protocol's coordinates). */
export interface RecordMove {
  readonly x: number;
  readonly y: number;
  /** Time the player took, in ms, when known. */
  readonly timeMs?: number;
}

export interface GameRecord {
  /** Square board size. */
  readonly size: number;
  /** Names of the player who moved first and of the second player, when known. */
  readonly players?: readonly [string, string];
  readonly moves: readonly RecordMove[];
  /** A line about the game (SGF's GC), when there is one. */
  readonly comment?: string;
}

/** A record that cannot be read; the message says where and why. */
export class RecordError extends Error {
  override readonly name = "RecordError";
}

/** A move's place as a record file writes it (PSQ's column,row counted from 1), for messages. */
function place(m: RecordMove): string {
  return `(${m.x + 1},${m.y + 1})`;
}

/** Throws RecordError when a move is off the board or repeats an earlier one. */
export function validateMoves(size: number, moves: readonly RecordMove[]): void {
  const seen = new Set<number>();
  moves.forEach((m, i) => {
    if ([m.x, m.y].some((n) => !Number.isInteger(n) || n < 0 || n >= size))
      throw new RecordError(`move ${i + 1} ${place(m)} is off the ${size}x${size} board`);
    const key = m.y * size + m.x;
    if (seen.has(key)) throw new RecordError(`move ${i + 1} ${place(m)} is on an occupied cell`);
    seen.add(key);
  });
}
