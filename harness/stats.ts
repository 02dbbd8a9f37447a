/** Totals of a differential run and the summary printed at its end. */
import type { GameOutcome } from "./runner.js";

export interface RunTotals {
  games: number;
  computerMoves: number;
  mismatches: number;
  /** Summed over games (across jobs: more than the wall time). */
  gameMs: number;
  harnessMs: number;
  /** Instructions per answered click, every one of the run. */
  instructions: number[];
}

export interface RunSummary {
  games: number;
  computerMoves: number;
  mismatches: number;
  movesPerSecond: number;
  wallMs: number;
  jobs: number;
  instructionsPerMove: { median: number; max: number };
  msPerGame: number;
  /** Share of game time spent in the emulator (waiting for the guest), the rest is the harness. */
  emulatorShare: number;
  harnessShare: number;
}

export function emptyTotals(): RunTotals {
  return { games: 0, computerMoves: 0, mismatches: 0, gameMs: 0, harnessMs: 0, instructions: [] };
}

export function addOutcome(totals: RunTotals, outcome: GameOutcome): void {
  totals.games++;
  totals.computerMoves += outcome.checkedComputerMoves;
  if (outcome.mismatch) totals.mismatches++;
  totals.gameMs += outcome.wallMs;
  totals.harnessMs += outcome.harnessMs;
  for (const n of outcome.instructions) totals.instructions.push(n);
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

export function summarize(totals: RunTotals, wallMs: number, jobs: number): RunSummary {
  const harnessShare = totals.gameMs > 0 ? totals.harnessMs / totals.gameMs : 0;
  return {
    games: totals.games,
    computerMoves: totals.computerMoves,
    mismatches: totals.mismatches,
    movesPerSecond: wallMs > 0 ? round(totals.computerMoves / (wallMs / 1000), 1) : 0,
    wallMs: Math.round(wallMs),
    jobs,
    instructionsPerMove: {
      median: median(totals.instructions),
      max: totals.instructions.reduce((a, b) => Math.max(a, b), 0),
    },
    msPerGame: totals.games > 0 ? round(totals.gameMs / totals.games, 1) : 0,
    emulatorShare: round(1 - harnessShare, 3),
    harnessShare: round(harnessShare, 3),
  };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
