/**
 * Views of engine-ts's evaluation that only the tests need: a cell's four axis scores, the cells one
 * Update re-scores, and the cells whose persistent Info differs from a fresh evaluation.
 */
import { CELLS, EMPTY, BOARD_SIZE } from "../engine-ts/board.js";
import { freshScores } from "../engine-ts/fresh.js";
import { axisScore } from "../engine-ts/score.js";
import { rayCells, UPDATE_REACH } from "../engine-ts/update.js";

/** The four axis scores of `cell`. */
export function axisScores(
  plocha: Uint8Array,
  bodovani: Uint16Array,
  cell: number,
): [number, number, number, number] {
  return [0, 1, 2, 3].map((a) => axisScore(plocha, bodovani, cell, a)) as [number, number, number, number];
}

/** The empty cells Update(cell) re-scores: on the 8 rays, distance 1..UPDATE_REACH, on the board. */
export function rescoredCells(plocha: Uint8Array, cell: number, size = BOARD_SIZE): number[] {
  return rayCells(cell, UPDATE_REACH, size).filter((i) => plocha[i] === EMPTY);
}

export interface StaleCell {
  cell: number;
  info: number;
  fresh: number;
}

/** The cells whose Info differs from a fresh evaluation. */
export function staleCells(plocha: Uint8Array, info: Uint16Array, bodovani: Uint16Array): StaleCell[] {
  const fresh = freshScores(plocha, bodovani);
  const out: StaleCell[] = [];
  for (let i = 0; i < CELLS; i++)
    if (info[i] !== fresh[i]) out.push({ cell: i, info: info[i], fresh: fresh[i] });
  return out;
}
