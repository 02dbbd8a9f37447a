/** Totals of a differential run and the summary printed at its end. */
import type { Machine, MachineStats } from "../emu/types.js";
import type { GameCost, GameOutcome } from "./model.js";

type TimedPart = "engineMs" | "policyMs" | "checkMs";

export interface CostTracker {
  readonly cost: GameCost;
  /** Runs `work` and adds its host time to `part`. */
  time<T>(part: TimedPart, work: () => T): T;
  /**
   * Awaits `work` and adds its host time to `part`, less the time the emulator's run loop took in the
   * meantime (it goes on while a promise is pending and is counted in runLoopMs already).
   */
  timeAsync<T>(part: TimedPart, work: () => T | Promise<T>): Promise<T>;
  /** Adds what the machine did since the tracker was made. */
  finish(): void;
}

/** Only the machine's stats are read (a test passes a stand-in). */
export function costTracker(machine: Pick<Machine, "stats">): CostTracker {
  const start: MachineStats = machine.stats();
  const cost = emptyCost();
  return {
    cost,
    time(part, work) {
      const started = performance.now();
      try {
        return work();
      } finally {
        cost[part] += performance.now() - started;
      }
    },
    async timeAsync(part, work) {
      const started = performance.now();
      const loopBefore = machine.stats().runLoopMs;
      try {
        return await work();
      } finally {
        cost[part] += performance.now() - started - (machine.stats().runLoopMs - loopBefore);
      }
    },
    finish() {
      const end = machine.stats();
      for (const key of ["runLoopMs", "instructions", "slices", "jitCompilations"] as const)
        cost[key] = end[key] - start[key];
    },
  };
}

export function emptyCost(): GameCost {
  return {
    runLoopMs: 0,
    engineMs: 0,
    policyMs: 0,
    checkMs: 0,
    instructions: 0,
    slices: 0,
    jitCompilations: 0,
  };
}

export interface RunTotals {
  games: number;
  computerMoves: number;
  mismatches: number;
  /** Summed over games (across jobs: more than the wall time). */
  gameMs: number;
  harnessMs: number;
  /** Instructions per answered click, counted in a histogram of fixed size (flat memory). */
  instructions: InstructionHistogram;
  /** The games' costs added up. */
  cost: GameCost;
}

/** Exact counts below this many instructions; a click answered with more counts at the limit. */
const HISTOGRAM_LIMIT = 1 << 20;

/**
 * How many answered clicks took each number of instructions: a fixed 4 MiB table, so a run of any
 * length keeps the same memory, and the median is exact below HISTOGRAM_LIMIT.
 */
export class InstructionHistogram {
  private readonly counts = new Uint32Array(HISTOGRAM_LIMIT + 1);
  private total = 0;
  private largest = 0;

  add(instructions: number): void {
    this.counts[Math.min(Math.max(0, Math.round(instructions)), HISTOGRAM_LIMIT)]++;
    this.total++;
    this.largest = Math.max(this.largest, instructions);
  }

  get max(): number {
    return this.largest;
  }

  /** The median like median() of all the values (mean of the two middle ones for an even count). */
  median(): number {
    if (this.total === 0) return 0;
    const low = this.valueAt((this.total - 1) >> 1);
    const high = this.valueAt(this.total >> 1);
    return Math.round((low + high) / 2);
  }

  /** The value at position `rank` (0-based) in sorted order. */
  private valueAt(rank: number): number {
    let seen = 0;
    for (let value = 0; value <= HISTOGRAM_LIMIT; value++) {
      seen += this.counts[value];
      if (seen > rank) return value;
    }
    return HISTOGRAM_LIMIT;
  }
}

/** Host microseconds per checked computer move (game time summed over jobs), by part. */
export interface MoveBreakdown {
  emulator: number;
  engineTs: number;
  policy: number;
  checks: number;
  /** The rest of the game time: input plumbing, waiting, promises, GC. */
  other: number;
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
  breakdownUsPerMove: MoveBreakdown;
  /** Guest instructions per microsecond of host time inside the run loop. */
  guestMipsInRunLoop: number;
  jitCompilationsPer100Games: number;
}

export function emptyTotals(): RunTotals {
  return {
    games: 0,
    computerMoves: 0,
    mismatches: 0,
    gameMs: 0,
    harnessMs: 0,
    instructions: new InstructionHistogram(),
    cost: emptyCost(),
  };
}

export function addOutcome(totals: RunTotals, outcome: GameOutcome): void {
  totals.games++;
  totals.computerMoves += outcome.checkedComputerMoves;
  if (outcome.mismatch) totals.mismatches++;
  totals.gameMs += outcome.wallMs;
  totals.harnessMs += outcome.harnessMs;
  for (const n of outcome.instructions) totals.instructions.add(n);
  for (const key of Object.keys(totals.cost) as (keyof GameCost)[]) totals.cost[key] += outcome.cost[key];
}

export function summarize(totals: RunTotals, wallMs: number, jobs: number): RunSummary {
  const harnessShare = totals.gameMs > 0 ? totals.harnessMs / totals.gameMs : 0;
  return {
    games: totals.games,
    computerMoves: totals.computerMoves,
    mismatches: totals.mismatches,
    movesPerSecond: ratio(totals.computerMoves, wallMs / 1000),
    wallMs: Math.round(wallMs),
    jobs,
    instructionsPerMove: { median: totals.instructions.median(), max: totals.instructions.max },
    msPerGame: ratio(totals.gameMs, totals.games),
    emulatorShare: round(1 - harnessShare, 3),
    harnessShare: round(harnessShare, 3),
    breakdownUsPerMove: breakdown(totals),
    guestMipsInRunLoop: ratio(totals.cost.instructions, totals.cost.runLoopMs * 1000),
    jitCompilationsPer100Games: ratio(100 * totals.cost.jitCompilations, totals.games),
  };
}

function breakdown(totals: RunTotals): MoveBreakdown {
  const perMove = (ms: number): number => ratio(ms * 1000, totals.computerMoves);
  const { runLoopMs, engineMs, policyMs, checkMs } = totals.cost;
  return {
    emulator: perMove(runLoopMs),
    engineTs: perMove(engineMs),
    policy: perMove(policyMs),
    checks: perMove(checkMs),
    other: perMove(Math.max(0, totals.gameMs - runLoopMs - engineMs - policyMs - checkMs)),
  };
}

/** `part` / `whole` to one decimal; 0 when `whole` is not above 0. */
function ratio(part: number, whole: number): number {
  return whole > 0 ? round(part / whole, 1) : 0;
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
