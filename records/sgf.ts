/**
 * SGF game records (FF[4], GM[4] = gomoku, as Sabaki reads them), parsed and written with
 * @sabaki/sgf. The first player is Black (B), the second White (W); a point is two letters, column
 * then row, `a` = 0 (so K10 on the 19x19 board is `jj`). Only the main line (every node's first child)
 * is a game; variations are ignored when reading.
 */
import sgf, { type SgfNode } from "@sabaki/sgf";
import { RecordError, validateMoves, type GameRecord, type RecordMove } from "./game-record.js";

const GOMOKU = "4";

/** The SGF text of a record: a root node with the game's properties, then one node per move. */
export function formatSgf(record: GameRecord): string {
  validateMoves(record.size, record.moves);
  const root: Record<string, string[]> = {
    FF: ["4"],
    GM: [GOMOKU],
    CA: ["UTF-8"],
    SZ: [String(record.size)],
    AP: ["piskasm"],
  };
  if (record.players) {
    root.PB = [record.players[0]];
    root.PW = [record.players[1]];
  }
  if (record.comment) root.GC = [record.comment];
  let id = 0;
  const top: SgfNode = { id: id++, data: root, parentId: null, children: [] };
  let parent = top;
  record.moves.forEach((move, i) => {
    const node: SgfNode = {
      id: id++,
      data: { [i % 2 === 0 ? "B" : "W"]: [sgf.stringifyVertex([move.x, move.y])] },
      parentId: parent.id,
      children: [],
    };
    parent.children.push(node);
    parent = node;
  });
  return sgf.stringify([top]) + "\n";
}

/** Reads the first game of an SGF text; throws RecordError saying what is wrong. */
export function parseSgf(text: string): GameRecord {
  let roots: SgfNode[];
  try {
    roots = sgf.parse(text);
  } catch (error) {
    // The parser's own errors name the place; others (a TypeError on ")(") say nothing to a user.
    const why =
      error instanceof Error && error.name !== "TypeError"
        ? error.message
        : "the parentheses do not make a game tree";
    throw new RecordError(`not SGF: ${why}`);
  }
  const root = roots[0];
  if (!root || (Object.keys(root.data).length === 0 && root.children.length === 0))
    throw new RecordError("no game tree in the SGF text");
  const game = root.data.GM?.[0];
  if (game !== undefined && game !== GOMOKU) throw new RecordError(`GM[${game}] is not gomoku (GM[4])`);
  const size = parseSize(root.data.SZ?.[0]);
  const moves: RecordMove[] = [];
  for (let node: SgfNode | undefined = root; node; node = node.children[0]) {
    const colour = node.data.B ? "B" : node.data.W ? "W" : undefined;
    if (!colour) continue;
    const expected = moves.length % 2 === 0 ? "B" : "W";
    if (colour !== expected)
      throw new RecordError(
        `move ${moves.length + 1} is ${colour}, expected ${expected} (players alternate, Black first)`,
      );
    const value = node.data[colour][0] ?? "";
    if (!/^[a-zA-Z]{2}$/.test(value))
      throw new RecordError(
        `move ${moves.length + 1} ${colour}[${value}] is not a point (a pass or a bad value)`,
      );
    const [x, y] = sgf.parseVertex(value);
    moves.push({ x, y });
  }
  validateMoves(size, moves);
  const black = root.data.PB?.[0];
  const white = root.data.PW?.[0];
  const comment = root.data.GC?.[0];
  return {
    size,
    moves,
    ...(black !== undefined && white !== undefined ? { players: [black, white] as const } : {}),
    ...(comment !== undefined ? { comment } : {}),
  };
}

function parseSize(value: string | undefined): number {
  if (value === undefined) return 19;
  const match = /^(\d+)(?::(\d+))?$/.exec(value);
  if (!match) throw new RecordError(`SZ[${value}] is not a board size`);
  if (match[2] !== undefined && match[2] !== match[1])
    throw new RecordError(`SZ[${value}]: only square boards are supported`);
  const size = Number(match[1]);
  if (size < 5 || size > 52) throw new RecordError(`SZ[${value}] is not in 5..52`);
  return size;
}
