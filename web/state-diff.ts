/**
 * Where the asm's observed state and engine-ts's state disagree, as the panel counts it: the one
 * comparison of checks/compare.ts (the differential harness's), grouped by kind.
 */
import type { EngineState } from "../engine-ts/index.js";
import { compareStates as compareWithEngine } from "../checks/compare.js";
import type { GameState } from "../guest/game-view.js";

export interface Comparison {
  /** Cells whose Info word differs. */
  info: number[];
  /** Cells whose Plocha byte differs. */
  plocha: number[];
  /** The other differing fields (Random, LastPC, VolnaPole, Phase, MoveCount). */
  fields: number;
}

export function compareStates(asm: GameState, ts: Readonly<EngineState>): Comparison {
  const diffs = compareWithEngine(asm, ts);
  const cells = (field: "Info" | "Plocha"): number[] =>
    diffs.flatMap((d) => (d.field === field && d.cell !== null ? [d.cell] : []));
  const info = cells("Info");
  const plocha = cells("Plocha");
  return { info, plocha, fields: diffs.length - info.length - plocha.length };
}

export function differenceCount(c: Comparison): number {
  return c.info.length + c.plocha.length + c.fields;
}
