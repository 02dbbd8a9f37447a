/** Where the asm's observed state and engine-ts's state disagree. */
import type { EngineState } from "../engine-ts/index.js";
import { CELLS, type GameState } from "../guest/game-view.js";

export interface FieldDiff {
  field: "random" | "lastPC" | "volnaPole" | "moveCount" | "phase";
  asm: number;
  ts: number;
}

export interface Comparison {
  /** Cells whose Info word differs. */
  info: number[];
  /** Cells whose Plocha byte differs. */
  plocha: number[];
  fields: FieldDiff[];
}

export function compareStates(asm: GameState, ts: EngineState): Comparison {
  const info: number[] = [];
  const plocha: number[] = [];
  for (let i = 0; i < CELLS; i++) {
    if (asm.info[i] !== ts.info[i]) info.push(i);
    if (asm.plocha[i] !== ts.plocha[i]) plocha.push(i);
  }
  const fields: FieldDiff[] = [];
  for (const field of ["random", "lastPC", "volnaPole", "moveCount", "phase"] as const) {
    if (asm[field] !== ts[field]) fields.push({ field, asm: asm[field], ts: ts[field] });
  }
  return { info, plocha, fields };
}

export function differenceCount(c: Comparison): number {
  return c.info.length + c.plocha.length + c.fields.length;
}
