/**
 * FIVE (seed 004, S. Shlien 1992): the winning-lines method. Every winning line keeps the number of
 * the engine's stones (linc) and of the opponent's (linu), updated as stones come and go
 * (update_lin_status). No search: the move is the first rule that applies, in the seed's order:
 *   1. win now: a line with four own stones and no opponent's;
 *   2. block the opponent's four;
 *   3. stop an opponent's three from becoming an open four: the cell where the opponent would make the
 *      most lines of four at once (two or more; threatening_three used defensively);
 *   4. make an own four: the cell that makes the most own lines of four (so a double four first);
 *   5. make as many own threes as possible, ties broken by the twos the cell makes;
 *   6. otherwise (almost empty board) a random cell next to a stone.
 * Ties are broken at random with the game's seed. The seed's board is 10x10; this one is any size.
 */
import { bestBy } from "../common/best.js";
import { BoardEngine, type Strategy } from "../common/board-engine.js";
import { EMPTY, OPP, OWN, type Board, type Stone } from "../common/board.js";
import type { Engine } from "../engine.js";
import type { Prng } from "../../util/prng.js";
import { winningLines, type WinningLines } from "./lines.js";

const OPENING_RADIUS = 1;
const NEAR = 1;

/** The line counts of one game: linc (own) and linu (opponent's) per winning line. */
export class LineStatus {
  readonly linc: Uint8Array;
  readonly linu: Uint8Array;

  constructor(readonly lines: WinningLines) {
    this.linc = new Uint8Array(lines.cells.length);
    this.linu = new Uint8Array(lines.cells.length);
  }

  /** update_lin_status: `delta` +1 places a stone of `who` at `cell`, -1 takes it back. */
  update(cell: number, who: Stone, delta: 1 | -1): void {
    const counts = who === OWN ? this.linc : this.linu;
    for (const line of this.lines.throughCell[cell]) counts[line] += delta;
  }

  /** count_rows_in_square: lines through `cell` where `who` has `size` stones and the other side none. */
  countRows(who: Stone, size: number, cell: number): number {
    const mine = who === OWN ? this.linc : this.linu;
    const theirs = who === OWN ? this.linu : this.linc;
    let n = 0;
    for (const line of this.lines.throughCell[cell]) if (mine[line] === size && theirs[line] === 0) n++;
    return n;
  }

  /** find_next_row: the first line where `who` has `size` stones and the other side none, or -1. */
  findRow(who: Stone, size: number): number {
    const mine = who === OWN ? this.linc : this.linu;
    const theirs = who === OWN ? this.linu : this.linc;
    return mine.findIndex((n, line) => n === size && theirs[line] === 0);
  }
}

export class FiveStrategy implements Strategy {
  private status: LineStatus | undefined;

  reset(board: Board): void {
    this.status = new LineStatus(winningLines(board.size));
  }

  placed(cell: number, stone: Stone): void {
    this.status?.update(cell, stone, 1);
  }

  removed(cell: number, stone: Stone): void {
    this.status?.update(cell, stone, -1);
  }

  choose(board: Board, { rng }: { rng: Prng }): number {
    const status = this.status;
    if (!status) throw new Error("FIVE: no game started");
    if (board.stones === 0) return pick(board.cellsNearCentre(OPENING_RADIUS), rng);
    for (const who of [OWN, OPP] as const) {
      const line = status.findRow(who, 4);
      if (line >= 0) return status.lines.cells[line].find((cell) => board.cells[cell] === EMPTY) as number;
    }
    const empty = Array.from(board.cells.keys()).filter((cell) => board.cells[cell] === EMPTY);
    const threat = bestBy(empty, rng, (c) => [
      status.countRows(OPP, 3, c),
      status.countRows(OWN, 3, c),
      status.countRows(OWN, 2, c),
    ]);
    if (threat !== undefined && status.countRows(OPP, 3, threat) >= 2) return threat;
    const four = bestBy(empty, rng, (c) => [status.countRows(OWN, 3, c), status.countRows(OWN, 2, c)]);
    if (four !== undefined && status.countRows(OWN, 3, four) >= 1) return four;
    const three = bestBy(empty, rng, (c) => [status.countRows(OWN, 2, c), status.countRows(OWN, 1, c)]);
    if (three !== undefined && status.countRows(OWN, 2, three) >= 1) return three;
    const near = board.cellsNearStones(NEAR);
    return pick(near.length > 0 ? near : empty, rng);
  }
}

function pick(cells: readonly number[], rng: Prng): number {
  return cells[rng.below(cells.length)];
}

export function createFiveEngine(): Engine {
  return new BoardEngine(
    { name: "five", version: "1992", author: "S. Shlien (FIVE.TXT); piskasm port", country: "CA" },
    new FiveStrategy(),
  );
}
