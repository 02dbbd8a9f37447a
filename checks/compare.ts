/** The full-state comparison of the asm (read through the debug header) with engine-ts. */
import type { EngineState } from "../engine-ts/index.js";
import { cellDiff, scalarDiff, type Diff } from "./diff-types.js";
import { hex } from "../util/hex.js";
import { CELLS, type GameState } from "../guest/game-view.js";

/**
 * Every differing word of the score tables. The tables are built once at start-up (build_bodovani,
 * buildBodovani); a wrong word shows in Info only on a board that holds its shape, so the runner
 * compares them outright at the start of every game.
 */
export function compareTables(asm: Uint16Array, ts: Uint16Array): Diff[] {
  const diffs: Diff[] = [];
  for (let i = 0; i < Math.max(asm.length, ts.length); i++) {
    if (asm[i] !== ts[i]) diffs.push(scalarDiff("Bodovani", `[${i}] ${asm[i]}`, `[${i}] ${ts[i]}`));
  }
  return diffs;
}

/**
 * The program's code and read-only data (the segment from 100h to the BSS) must stay as loaded: no
 * routine writes there, and engine-ts has no counterpart of those bytes, so a write there (a loop run
 * once too often, storing through a stray pointer) is seen only here. One Diff naming the first
 * changed byte and how many changed; none when they agree.
 */
export function compareProgram(loaded: Uint8Array, now: Uint8Array, origin: number): Diff[] {
  let first = -1;
  let changed = 0;
  for (let i = 0; i < loaded.length; i++) {
    if (loaded[i] === now[i]) continue;
    if (first < 0) first = i;
    changed++;
  }
  if (first < 0) return [];
  const at = `${hex(origin + first, 4)} (${changed} byte${changed === 1 ? "" : "s"} changed)`;
  return [scalarDiff("Program", `${at}: ${hex(now[first], 2)}`, `${at}: ${hex(loaded[first], 2)} as loaded`)];
}

/** The cells where the board arrays `asm` and `ts` differ, as differences of `field`. */
function cellDiffs(field: "Plocha" | "Info", asm: ArrayLike<number>, ts: ArrayLike<number>): Diff[] {
  const diffs: Diff[] = [];
  for (let i = 0; i < CELLS; i++) if (asm[i] !== ts[i]) diffs.push(cellDiff(field, i, asm[i], ts[i]));
  return diffs;
}

/** Every differing field: Plocha and Info cell by cell, then the scalars. Empty when they agree. */
export function compareStates(asm: GameState, ts: Readonly<EngineState>): Diff[] {
  const diffs = [...cellDiffs("Plocha", asm.plocha, ts.plocha), ...cellDiffs("Info", asm.info, ts.info)];
  if (asm.random !== ts.random) diffs.push(scalarDiff("Random", asm.random, ts.random));
  if (asm.lastPC !== ts.lastPC) diffs.push(scalarDiff("LastPC", asm.lastPC, ts.lastPC));
  if (asm.volnaPole !== ts.volnaPole) diffs.push(scalarDiff("VolnaPole", asm.volnaPole, ts.volnaPole));
  if (asm.phase !== ts.phase) diffs.push(scalarDiff("Phase", asm.phase, ts.phase));
  if (asm.moveCount !== ts.moveCount) diffs.push(scalarDiff("MoveCount", asm.moveCount, ts.moveCount));
  return diffs;
}
