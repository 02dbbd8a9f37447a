/**
 * Piskvork's PSQ game record (the Gomocup ecosystem's format), as Piskvork's save and open code writes
 * and reads it:
 *
 *   Piskvorky 19x19, 11:11, 0        header: board size, the players' levels, side to move (0/1)
 *   10,10,1500                       one move per line: x,y from 1 (column, row), time in ms
 *   ...
 *   pbrain-piskasm                   optional: the two players' names (tournament games)
 *   pbrain-pela
 *   0                                optional: error code, 0 = none
 *
 * When reading, lines with just `x,y` are accepted as moves, CR LF and LF both end lines.
 */
import { RecordError, validateMoves, type GameRecord, type RecordMove } from "./game-record.js";

const HEADER = /^Piskvorky (\d+)x(\d+),\s*(\d+):(\d+),\s*([01])\s*$/;
const MOVE = /^(-?\d+),(-?\d+)(?:,(-?\d+))?\s*$/;

/** The PSQ text of a record; levels are 0 (a human or unknown) unless given. */
export function formatPsq(record: GameRecord, levels: readonly [number, number] = [0, 0]): string {
  validateMoves(record.size, record.moves);
  const toMove = record.moves.length % 2;
  const lines = [`Piskvorky ${record.size}x${record.size}, ${levels[0]}:${levels[1]}, ${toMove}`];
  for (const m of record.moves) lines.push(`${m.x + 1},${m.y + 1},${Math.max(0, Math.round(m.timeMs ?? 0))}`);
  if (record.players) lines.push(record.players[0], record.players[1]);
  lines.push("0");
  return lines.join("\n") + "\n";
}

/** Reads a PSQ record; throws RecordError naming the line of the first problem. */
export function parsePsq(text: string): GameRecord {
  const lines = text.split(/\r?\n/);
  const header = HEADER.exec(lines[0] ?? "");
  if (!header)
    throw new RecordError(
      `line 1: expected a PSQ header like "Piskvorky 20x20, 11:11, 0", got "${(lines[0] ?? "").slice(0, 60)}"`,
    );
  const width = Number(header[1]);
  const height = Number(header[2]);
  if (width !== height)
    throw new RecordError(`line 1: the board is ${width}x${height}; only square boards are supported`);
  if (width < 5 || width > 32) throw new RecordError(`line 1: board size ${width} is not in 5..32`);
  const moves: RecordMove[] = [];
  let i = 1;
  for (; i < lines.length; i++) {
    const m = MOVE.exec(lines[i]);
    if (!m) break;
    moves.push({
      x: Number(m[1]) - 1,
      y: Number(m[2]) - 1,
      ...(m[3] === undefined ? {} : { timeMs: Number(m[3]) }),
    });
  }
  // Moves after a line that is not one: that line is damage, not the players' names.
  const later = lines.findIndex((line, j) => j > i && MOVE.test(line));
  if (later >= 0)
    throw new RecordError(
      `line ${i + 1}: ${JSON.stringify(lines[i].slice(0, 40))} is not a move, yet moves follow on line ${later + 1}`,
    );
  const rest = lines
    .slice(i)
    .map((l) => l.trim())
    .filter((l) => l !== "");
  let players: [string, string] | undefined;
  if (rest.length >= 2 && !/^-?\d+$/.test(rest[0])) players = [rest[0], rest[1]];
  try {
    validateMoves(width, moves);
  } catch (e) {
    if (e instanceof RecordError) throw new RecordError(`${e.message} (PSQ moves start on line 2)`);
    throw e;
  }
  return { size: width, moves, ...(players ? { players } : {}) };
}
