/**
 * Coverage figures of PISKASM.COM from what the tracers saw (debug/coverage.ts): per routine the blocks
 * that ran and the conditional jumps seen going both ways, the whole program's figure, the
 * evaluator's, and the blocks and one-way jumps left.
 */
import type { Block, ConditionalJump, ControlFlow, Direction } from "./control-flow.js";
import { JUMP_DIRECTIONS } from "./control-flow.js";
import type { CoverageHits, CoveragePlan } from "./coverage.js";
import { shortPlace } from "./symbols.js";
import { hexDigits } from "../util/hex.js";

/** The evaluator of docs/evaluator.md: GetRandom, Update with its win test, CountScore and its helpers, PCMove. */
export const EVALUATOR_ROUTINES: readonly string[] = [
  "get_random",
  "update",
  "is_win",
  "count_score",
  "axis_score",
  "side_best",
  "pc_move",
];

export interface Figures {
  blocks: number;
  blocksHit: number;
  blocksPercent: number;
  jumps: number;
  jumpsBoth: number;
  jumpsBothPercent: number;
}

export interface RoutineCoverage extends Figures {
  routine: string;
}

export interface OneWayJump {
  jump: ConditionalJump;
  seen: Direction[];
  /** The tracer stopped watching it (its watch limit, or the first pass was over) before the other direction came. */
  exhausted: boolean;
}

export interface CoverageReport {
  /** INT 3 traps the run took (every emulator's). */
  traps: number;
  program: Figures;
  evaluator: Figures;
  routines: RoutineCoverage[];
  uncoveredBlocks: Block[];
  oneWayJumps: OneWayJump[];
}

/** What a tracer arms: every block start, every conditional jump, and the program bytes there. */
export function coveragePlan(flow: ControlFlow, image: Uint8Array, origin: number): CoveragePlan {
  const offsets = new Set([...flow.blocks.map((b) => b.start), ...flow.jumps.map((j) => j.offset)]);
  return {
    blocks: flow.blocks.map((b) => b.start),
    jumps: flow.jumps,
    bytes: [...offsets].map((o) => [o, image[o - origin]]),
  };
}

/**
 * The linear address of the small DOS's `retf` into a loaded program, read from its NASM listing
 * (build/kernel.lst): the `retf` of enter_program, in the kernel's segment KERNEL_SEG. Undefined when the
 * listing does not have them (the tracer then follows only the first run of the program).
 */
export function dosProgramEntry(kernelListing: string): number | undefined {
  const segment = /KERNEL_SEG\s+equ\s+([0-9A-Fa-f]+)h/.exec(kernelListing);
  const start = kernelListing.indexOf("enter_program:");
  if (!segment || start < 0) return undefined;
  const retf = /^\s*\d+\s+([0-9A-F]{8})\s+CB\s+(?:<\d+>\s+)?retf\b/m.exec(kernelListing.slice(start));
  return retf ? parseInt(segment[1], 16) * 16 + parseInt(retf[1], 16) : undefined;
}

export function emptyHits(): CoverageHits {
  return { blocks: [], directions: [], exhausted: [], traps: 0 };
}

/** The union of two runs' hits (jobs of one run, or shards). */
export function mergeHits(a: CoverageHits, b: CoverageHits): CoverageHits {
  const directions = new Map<string, [number, Direction]>();
  for (const d of [...a.directions, ...b.directions]) directions.set(`${d[0]}:${d[1]}`, d);
  return {
    blocks: [...new Set([...a.blocks, ...b.blocks])],
    directions: [...directions.values()],
    exhausted: [...new Set([...a.exhausted, ...b.exhausted])],
    traps: a.traps + b.traps,
  };
}

/** `part` of `whole` in per cent, to one decimal; 100 of nothing. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 100 : Math.round((1000 * part) / whole) / 10;
}

function figures(
  blocks: readonly Block[],
  hit: ReadonlySet<number>,
  jumps: readonly ConditionalJump[],
  both: ReadonlySet<number>,
): Figures {
  const blocksHit = blocks.filter((b) => hit.has(b.start)).length;
  const jumpsBoth = jumps.filter((j) => both.has(j.offset)).length;
  return {
    blocks: blocks.length,
    blocksHit,
    blocksPercent: percent(blocksHit, blocks.length),
    jumps: jumps.length,
    jumpsBoth,
    jumpsBothPercent: percent(jumpsBoth, jumps.length),
  };
}

/** The directions seen of each jump: by the tracer at the jump, or by a successor with no other way in. */
function directionsSeen(
  flow: ControlFlow,
  hits: CoverageHits,
  hit: ReadonlySet<number>,
): Map<number, Direction[]> {
  const seen = new Map<number, Set<Direction>>();
  for (const [offset, d] of hits.directions)
    seen.set(offset, (seen.get(offset) ?? new Set<Direction>()).add(d));
  return new Map(
    flow.jumps.map((j) => {
      const set = seen.get(j.offset) ?? new Set<Direction>();
      for (const d of j.provenBySuccessor) if (hit.has(d === "taken" ? j.taken : j.notTaken)) set.add(d);
      return [j.offset, JUMP_DIRECTIONS.filter((d) => set.has(d))];
    }),
  );
}

export function coverageReport(flow: ControlFlow, hits: CoverageHits): CoverageReport {
  const hit = new Set(hits.blocks);
  const seen = directionsSeen(flow, hits, hit);
  const both = new Set(flow.jumps.filter((j) => seen.get(j.offset)?.length === 2).map((j) => j.offset));
  const names = [...new Set(flow.blocks.map((b) => b.routine))];
  const routines = names.map((routine) => ({
    routine,
    ...figures(
      flow.blocks.filter((b) => b.routine === routine),
      hit,
      flow.jumps.filter((j) => j.routine === routine),
      both,
    ),
  }));
  const evaluator = (x: { routine: string }): boolean => EVALUATOR_ROUTINES.includes(x.routine);
  const exhausted = new Set(hits.exhausted);
  return {
    traps: hits.traps,
    program: figures(flow.blocks, hit, flow.jumps, both),
    evaluator: figures(flow.blocks.filter(evaluator), hit, flow.jumps.filter(evaluator), both),
    routines,
    uncoveredBlocks: flow.blocks.filter((b) => !hit.has(b.start)),
    oneWayJumps: flow.jumps
      .filter((j) => !both.has(j.offset))
      .map((jump) => ({ jump, seen: seen.get(jump.offset) ?? [], exhausted: exhausted.has(jump.offset) })),
  };
}

function where(x: { file: string; line: number; text: string; routine: string }, offset: number): string {
  return `${hexDigits(offset, 4)}  ${x.routine.padEnd(20)} ${shortPlace(x)}  ${x.text}`;
}

/** The report as the CLI prints it: the table, the figures, then what is left. */
export function formatCoverage(report: CoverageReport): string {
  const row = (name: string, f: Figures): string =>
    `${name.padEnd(24)} ${`${f.blocksHit}/${f.blocks}`.padStart(9)} ${f.blocksPercent.toFixed(1).padStart(6)} %  ${`${f.jumpsBoth}/${f.jumps}`.padStart(9)} ${f.jumpsBothPercent.toFixed(1).padStart(6)} %`;
  const lines = [
    `${"routine".padEnd(24)} ${"blocks".padStart(9)} ${"".padStart(8)}  ${"both ways".padStart(9)}`,
  ];
  for (const r of report.routines) lines.push(row(r.routine, r));
  lines.push(row("whole program", report.program), row("evaluator", report.evaluator));
  lines.push(`coverage.evaluator_blocks_percent ${report.evaluator.blocksPercent}`);
  lines.push(`coverage.evaluator_jumps_both_percent ${report.evaluator.jumpsBothPercent}`);
  lines.push(`coverage.program_blocks_percent ${report.program.blocksPercent}`);
  lines.push(`coverage.traps ${report.traps}`);
  lines.push(`uncovered blocks (${report.uncoveredBlocks.length}):`);
  for (const b of report.uncoveredBlocks) lines.push(`  ${where(b, b.start)}`);
  lines.push(`jumps not seen both ways (${report.oneWayJumps.length}):`);
  for (const { jump, seen, exhausted } of report.oneWayJumps) {
    const state =
      seen.length === 0
        ? "never ran"
        : `only ${seen[0]}${exhausted ? " (watch ended: limit or first pass over)" : ""}`;
    lines.push(`  ${where(jump, jump.offset)}  [${state}]`);
  }
  return lines.join("\n");
}
