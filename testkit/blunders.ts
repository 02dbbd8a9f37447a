/**
 * The checker of the computer's decisions: what each move of the computer missed or left standing,
 * judged from the stones (testkit/threats.ts), in the order that docs/evaluator.md 7.3 promises:
 *   missed_five               it could make five and did not
 *   missed_block_four         the human had one five cell and the computer did not take it
 *   missed_<shape>            it had a win in two of its own (shape of evaluator.md 7.1: open_four,
 *                             line_double_four X.XXX.X, long_line_double_four XX.XX.XX, four_four)
 *                             and made none
 *   left_<shape>              the human had a win in two (open_three: he makes an open four; the line
 *                             shapes and four_four as above), another move would have stopped it, and
 *                             the move played leaves it
 *   left_fork_4_3, _3_3       the human has a fork after the move (the seed's known limitation)
 * A position where no move helps (two human five cells, two separate wins in two) is no blunder.
 */
import { COMPUTER, HUMAN } from "../engine-ts/index.js";
import { forks, ThreatBoard, winsWithinTwo, type WinInTwoShape, type WinningStone } from "./threats.js";

export const BLUNDER_KINDS = [
  "missed_five",
  "missed_block_four",
  "missed_open_four",
  "missed_line_double_four",
  "missed_long_line_double_four",
  "missed_four_four",
  "left_open_three",
  "left_line_double_four",
  "left_long_line_double_four",
  "left_four_four",
  "left_fork_4_3",
  "left_fork_3_3",
] as const;
export type BlunderKind = (typeof BLUNDER_KINDS)[number];

/** Which shape names a set of wins in two: the line double four first, the one this checker was made for. */
const SHAPE_ORDER: readonly WinInTwoShape[] = [
  "line_double_four",
  "open_four",
  "long_line_double_four",
  "four_four",
];

function namedShape(wins: readonly WinningStone[]): WinInTwoShape {
  return SHAPE_ORDER.find((shape) => wins.some((w) => w.shape === shape)) ?? "four_four";
}

const LEFT: Readonly<Record<WinInTwoShape, BlunderKind>> = {
  open_four: "left_open_three",
  line_double_four: "left_line_double_four",
  long_line_double_four: "left_long_line_double_four",
  four_four: "left_four_four",
};

/** Some computer stone near the human's winning stones leaves him no win within two. */
export function avoidable(board: ThreatBoard, humanWins: readonly WinningStone[]): boolean {
  const tried = new Set<number>();
  for (const win of humanWins) {
    for (let axis = 0; axis < 4; axis++) {
      for (let d = -5; d <= 5; d++) {
        const at = board.step(win.cell, axis, d);
        if (at < 0 || board.plocha[at] !== 0 || tried.has(at)) continue;
        tried.add(at);
        if (board.with(at, COMPUTER, () => winsWithinTwo(board, HUMAN).length === 0)) return true;
      }
    }
  }
  return false;
}

/**
 * The blunder of the computer's stone on `cell` in the position `plocha` before it (computer to move),
 * or undefined. `plocha` is read and left as it was.
 */
export function classifyDecision(plocha: Uint8Array, cell: number, size?: number): BlunderKind | undefined {
  const board = new ThreatBoard(plocha, size);
  const ownFives = board.fiveCells(COMPUTER);
  if (ownFives.length > 0) return ownFives.includes(cell) ? undefined : "missed_five";
  const humanFives = board.fiveCells(HUMAN);
  if (humanFives.length > 0)
    return humanFives.length === 1 && humanFives[0] !== cell ? "missed_block_four" : undefined;
  const ownWins = board.winsInTwo(COMPUTER);
  if (ownWins.length > 0) {
    return ownWins.some((w) => w.cell === cell)
      ? undefined
      : (`missed_${namedShape(ownWins)}` as BlunderKind);
  }
  const left = board.with(cell, COMPUTER, () => winsWithinTwo(board, HUMAN));
  if (left.length > 0)
    return avoidable(board, [...board.winsInTwo(HUMAN), ...left]) ? LEFT[namedShape(left)] : undefined;
  const fork = board.with(cell, COMPUTER, () => forks(board, HUMAN)[0]);
  return fork ? (`left_fork_${fork.shape}` as BlunderKind) : undefined;
}

/** Blunders counted over decisions. */
export interface BlunderTally {
  decisions: number;
  counts: Record<BlunderKind, number>;
}

export function emptyTally(): BlunderTally {
  return {
    decisions: 0,
    counts: Object.fromEntries(BLUNDER_KINDS.map((k) => [k, 0])) as Record<BlunderKind, number>,
  };
}

/** Blunders of `kind` per 1,000 decisions. */
export function perThousand(tally: BlunderTally, kind: BlunderKind): number {
  return tally.decisions === 0 ? 0 : (1000 * tally.counts[kind]) / tally.decisions;
}
