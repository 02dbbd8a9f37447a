/**
 * explain(cell): the breakdown behind CountScore, written straight from the definitions of
 * docs/evaluator.md section 6 (window cells p_t by coordinates), independent of score.ts's bit
 * masks, so the two check each other.
 */
import { BOARD_SIZE, COMPUTER, EMPTY, HUMAN, onBoard, opponent, type Side } from "./board.js";
import { AXES, type Axis } from "./axes.js";
import {
  CELL_POSITIONS,
  classify,
  maskPattern,
  tableOffset,
  WINDOW_LENGTHS,
  type UnitClass,
  type WindowLength,
} from "./tables.js";

export interface Unit {
  /** 1 = computer = attack table, 2 = human = defence table. */
  side: Side;
  role: "attack" | "defence";
  length: WindowLength;
  /** Position of the scored cell in the window, 0..L-1. */
  k: number;
  /** The window's first cell (position 0, the negative end of the axis). */
  start: { row: number; col: number; cell: number };
  mask: number;
  /** The mask drawn with bit 0 on the left, e.g. `.XX.X..`. */
  pattern: string;
  class: UnitClass;
  /** Bodovani[side][L][mask]. */
  value: number;
}

export interface AxisExplanation {
  axis: Axis["index"];
  name: Axis["name"];
  /** The axis score: the maximum unit value on this axis. */
  score: number;
  /** The first unit with that value in the order attack, defence; L 5, 6, 7; k from L-1 down to 0. Null when the score is 0. */
  unit: Unit | null;
}

export interface Explanation {
  cell: number;
  occupied: boolean;
  axes: AxisExplanation[];
  /** The sum of the four axis scores: CountScore(cell), 0 for an occupied cell. */
  total: number;
}

/** Every window of `axis` through `cell` that counts for `side`, in the explain order of section 6. */
export function countingUnits(
  plocha: Uint8Array,
  bodovani: Uint16Array,
  cell: number,
  axis: Axis,
  side: Side,
): Unit[] {
  const row = Math.floor(cell / BOARD_SIZE);
  const col = cell % BOARD_SIZE;
  const opp = opponent(side);
  const units: Unit[] = [];
  for (const length of WINDOW_LENGTHS) {
    for (const k of [...CELL_POSITIONS[length]].reverse()) {
      let counts = true;
      let mask = 0;
      for (let t = 0; t < length && counts; t++) {
        const r = row + (t - k) * axis.dr;
        const c = col + (t - k) * axis.dc;
        if (!onBoard(r, c)) {
          counts = false;
          break;
        }
        const p = plocha[r * BOARD_SIZE + c];
        if (p === opp) counts = false;
        else if (p === side || t === k) mask |= 1 << t;
      }
      if (!counts) continue;
      const cls = classify(length, mask);
      const sr = row - k * axis.dr;
      const sc = col - k * axis.dc;
      units.push({
        side,
        role: side === COMPUTER ? "attack" : "defence",
        length,
        k,
        start: { row: sr, col: sc, cell: sr * BOARD_SIZE + sc },
        mask,
        pattern: maskPattern(length, mask),
        class: cls,
        value: bodovani[tableOffset(side, length) + mask],
      });
    }
  }
  return units;
}

export function explain(plocha: Uint8Array, bodovani: Uint16Array, cell: number): Explanation {
  if (plocha[cell] !== EMPTY) {
    return {
      cell,
      occupied: true,
      axes: AXES.map((a) => ({ axis: a.index, name: a.name, score: 0, unit: null })),
      total: 0,
    };
  }
  const axes = AXES.map((a): AxisExplanation => {
    const units = [
      ...countingUnits(plocha, bodovani, cell, a, COMPUTER),
      ...countingUnits(plocha, bodovani, cell, a, HUMAN),
    ];
    let score = 0;
    for (const u of units) if (u.value > score) score = u.value;
    const unit = score > 0 ? (units.find((u) => u.value === score) ?? null) : null;
    return { axis: a.index, name: a.name, score, unit };
  });
  return { cell, occupied: false, axes, total: axes.reduce((s, a) => s + a.score, 0) };
}
