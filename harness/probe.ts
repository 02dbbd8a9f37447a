/**
 * The probe policy: set-up games aimed at the paths of the evaluator that played games seldom or
 * never reach, one scenario per game index (index mod PROBES.length). Each is built with the set-up
 * mode of menu key 4 (left click O, right click X) and a Seed typed after menu key S, all through the
 * emulated mouse and keyboard; every stone is checked against engine-ts (harness/sweep-run.ts). After
 * the hand-over the game is given up with Esc: the position has said what it had to.
 *
 * Why each position is what it is (tests/mutate/probes.test.ts runs some of the mutants only they kill):
 *   anti-five:   O makes five on the anti-diagonal into corner (0,18) during the set-up. No played
 *                game had ended on that axis. The last cell Update re-scores, (3,18), scores 0, so
 *                IsWin's answer is the only thing that makes AL non-zero.
 *   corner-tie:  X has four towards corner (0,0) and four towards corner (18,18), the board point
 *                symmetric: both corners score the same, the scan starts mid-board (Seed 5000, start
 *                307), so the forward scan must read cell 360 and the backward scan ends on a tie.
 *   scan-from-0: an empty board handed to the computer with Seed 722 (GetRandom mod 361 = 0): the
 *                backward scan has no cells.
 *   fallback:    X where (col + 2 row) mod 5 = 0, O where it is 1: every window of five on every axis
 *                holds both sides, so no empty cell scores and PCMove takes the first empty cell. The
 *                Seed (200) is below 256: the byte before Plocha (the forced seed's high byte) is 0.
 *   code-stride: five X whose Pad and Plocha bytes lie 176 bytes apart in memory (Plocha, 361
 *                bytes, ends 11 bytes before Pad): no five on the board, and no test of the program
 *                may see one.
 *   edge-five:   O makes five on the top row from corner (0,0) during the set-up, the last stone in
 *                its middle: a win check that stops before row 0 or before column 0 misses it. No
 *                played game had made a five on an edge of the board.
 *   edge-wrap:   four O ending on column 0 with an O on the row above's last cell, and four O ending
 *                on column 18 with an O on the row below's first cell: no five, but a win check that
 *                steps one cell past a side edge reads the neighbouring row's stone as the fifth.
 *   corner-best: X has a diagonal four into corner (0,0), the other end blocked: cell 0 alone has the
 *                best score, and Seed 362 starts the scan at cell 1, so only the backward scan's
 *                last step (start - 1 = 0) finds it.
 */
import {
  BOARD_SIZE,
  CELLS,
  COMPUTER,
  EMPTY,
  HUMAN,
  index as cell,
  type Side,
  type ToMove,
} from "../engine-ts/index.js";
import type { StormTurn } from "./policies.js";
import type { SetUpAction, SweepOpening, SweepPolicy } from "./sweep.js";

export interface ProbeScenario {
  name: string;
  /** The Seed typed at the menu before the set-up. */
  seed: number;
  stones: readonly Stone[];
  end: ToMove | "esc";
}

type Stone = { cell: number; side: Side };
const stones = (side: Side, cells: number[]): Stone[] => cells.map((c) => ({ cell: c, side }));
const xs = (...cells: number[]): Stone[] => stones(COMPUTER, cells);
const os = (...cells: number[]): Stone[] => stones(HUMAN, cells);

/** The fallback board: no window of five on any axis without both sides (see the header). */
export function fallbackPatternSide(c: number): Side | typeof EMPTY {
  const residue = ((c % BOARD_SIZE) + 2 * Math.floor(c / BOARD_SIZE)) % 5;
  return residue === 0 ? COMPUTER : residue === 1 ? HUMAN : EMPTY;
}

function fallbackStones(): Stone[] {
  const out: Stone[] = [];
  for (let c = 0; c < CELLS; c++) {
    const side = fallbackPatternSide(c);
    if (side !== EMPTY) out.push({ cell: c, side });
  }
  return out;
}

export const PROBES: readonly ProbeScenario[] = [
  {
    name: "anti-five",
    seed: 1000,
    stones: [
      ...xs(cell(3, 14), cell(6, 18), cell(1, 18), cell(4, 17)),
      ...os(cell(5, 16), cell(4, 18)),
      ...os(cell(1, 17), cell(2, 16), cell(3, 15), cell(4, 14), cell(0, 18)),
    ],
    end: "esc",
  },
  {
    name: "corner-tie",
    seed: 5000,
    stones: [...xs(1, 2, 3, 4), ...os(5), ...xs(359, 358, 357, 356), ...os(355)],
    end: "computer",
  },
  { name: "scan-from-0", seed: 2 * CELLS, stones: [], end: "computer" },
  { name: "fallback", seed: 200, stones: fallbackStones(), end: "computer" },
  {
    name: "code-stride",
    seed: 3000,
    stones: xs(cell(9, 3), cell(18, 8), cell(7, 1), cell(14, 2), 0),
    end: "esc",
  },
  {
    name: "edge-five",
    seed: 4000,
    stones: os(cell(0, 0), cell(0, 1), cell(0, 3), cell(0, 4), cell(0, 2)),
    end: "esc",
  },
  {
    name: "edge-wrap",
    seed: 6000,
    stones: [
      ...os(cell(4, 18), cell(5, 0), cell(5, 1), cell(5, 2), cell(5, 3)),
      ...os(cell(7, 0), cell(6, 15), cell(6, 16), cell(6, 17), cell(6, 18)),
    ],
    end: "esc",
  },
  {
    name: "corner-best",
    seed: CELLS + 1,
    stones: [...xs(cell(1, 1), cell(2, 2), cell(3, 3), cell(4, 4)), ...os(cell(5, 5))],
    end: "computer",
  },
];

/** The scenario of game `index`. */
export function probeScenario(index: number): ProbeScenario {
  return PROBES[index % PROBES.length];
}

const ESCAPE: StormTurn = { noise: [], escape: true };

/** The probe policy: the scenario's set-up by the game's index, then Esc at the first human turn. */
export function probePolicy(): SweepPolicy {
  return {
    name: "probe",
    next: () => undefined,
    turn: () => ESCAPE,
    opening(index: number): SweepOpening {
      const scenario = probeScenario(index);
      const actions: SetUpAction[] = scenario.stones.map((s) => ({ kind: "stone", ...s }));
      return { menu: [], seed: scenario.seed, setUp: { actions, end: scenario.end } };
    },
  };
}
