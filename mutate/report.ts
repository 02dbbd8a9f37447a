/**
 * The campaign's report: DIR/mutation.json (every mutant, what became of it, the figures) and its
 * Markdown form (docs/mutation.md): the score per routine, the games each kill took, every survivor
 * with its source line and verdict. Verdicts are written by people (mutate/verdicts.json and
 * mutate/verdicts-ts.json, keyed by the mutation itself, not by line numbers): equivalent, with the
 * argument, or missed, with why.
 */
import type { MismatchReport } from "../checks/report.js";
import type { MutantRun, MutantStatus } from "./mutant-run.js";
import type { Shard } from "../harness/model.js";
import type { AssemblyCache } from "./asm-mutants.js";
import { readRegularFile } from "../util/files.js";
import { SelectionError } from "./select.js";
import { median } from "../util/median.js";
import { messageOf } from "../util/error-message.js";
import type { MutantSite } from "./site.js";

export const MUTATION_FORMAT = "piskasm-mutation/1";

/** sha256 hashes (hex) of what a campaign ran against. */
export interface CampaignIdentity {
  /** The unmutated program: PISKASM.COM's bytes (asm), engine-ts's sources and the floppy (ts). */
  program: string;
  /** The settings a verdict depends on: target, games, policies, seeds, the harness (its worker bundle). */
  settings: string;
}

/** A mutant before it ran. */
export type MutantDescription = Omit<
  MutantResult,
  "status" | "games" | "message" | "shrink" | "report" | "proof"
>;

export interface MutantResult extends MutantSite {
  /**
   * sha256 of what the mutant is: its PISKASM.COM bytes (asm), or engine-ts with its file replaced
   * (ts). `--incremental` reuses the verdict of a mutant whose hash is unchanged.
   */
  hash?: string;
  status: MutantStatus;
  games: number;
  message?: string;
  /** Human moves of the killing game before and after shrinking. */
  shrink?: { before: number; after: number };
  /** The killing game's mismatch report (file name in DIR/reports/). */
  report?: string;
  /** A survivor proven equivalent by machine: the model's name (mutate/equivalence.ts). */
  proof?: string;
}

export interface Verdict {
  verdict: "equivalent" | "missed";
  why: string;
}

export interface MutationFigures {
  mutants: number;
  killed: number;
  /** Kills by a hang of the guest (no answer within the step budget), counted in killed. */
  timeouts: number;
  /** Kills by the program leaving the phases the harness drives, counted in killed. */
  crashed: number;
  survived: number;
  /** Survivors proven or argued equivalent. */
  equivalent: number;
  /** Of them proven by machine (a model of mutate/equivalence.ts). */
  machineChecked: number;
  /** Of them argued in prose only (the verdicts file). */
  proseVerdicts: number;
  /** killed / (mutants - equivalent), percent. */
  score: number;
  /** Kills by a mismatch alone (not a hang or a crash) / (mutants - equivalent), percent. */
  mismatchScore: number;
  wallS: number;
  medianGamesToKill: number;
  shrinkMedianMovesBefore: number;
  shrinkMedianMovesAfter: number;
  shrunk: number;
}

/** How the mutants of an --incremental campaign got their verdicts, and the games it played. */
export interface ReuseCounts {
  /** Verdicts taken over whole: the mutant's hash was unchanged. */
  exact: number;
  /** Kills that their killing game confirmed on the new program. */
  reverified: number;
  /** Mutants played in full (no earlier verdict, a survivor, or a kill not confirmed). */
  played: number;
  /** Games played in all, the re-verifying ones included. */
  games: number;
}

export interface MutationReport {
  format: typeof MUTATION_FORMAT;
  target: "asm" | "ts";
  routines: string[];
  plan: {
    games: number;
    /** Probe games after them (absent in reports made before there were any). */
    probes?: number;
    policies: readonly string[];
    seed: number;
    maxComputerMoves: number;
    timeoutMs: number;
    shrinkMs: number;
    /** `--games-from`: the game numbers played, in this order (absent: all of them). */
    only?: readonly number[];
  };
  /** What the campaign ran against (mutate/identity.ts); absent in reports made before it was recorded. */
  identity?: CampaignIdentity;
  jobs: number;
  generated: number;
  dropped: { notAssembling: number; identical: number; duplicate: number };
  /** Declarations not mutated because the check never runs them, with why (ts target). */
  outOfScope?: Readonly<Record<string, { readers: readonly string[]; why: string }>>;
  /** Each asm mutant's program hash under one source: `--incremental` does not assemble them again. */
  assembled?: AssemblyCache;
  /** Mutants that did not build (NASM refused them): the ecosystem report's CompileError. */
  unbuilt?: MutantDescription[];
  /** --limit or --shard: only part of the campaign ran. */
  partial: string | null;
  /** --shard: the mutants i, i+n, ... of the chosen ones. */
  shard?: Shard;
  /** --incremental: how many verdicts were reused exactly, re-verified or played (mutate/reuse.ts). */
  reuse?: ReuseCounts;
  mutants: MutantResult[];
  figures: MutationFigures;
  started: string;
  /** Said about the run by whoever ran it (the machine's load, for example); --note. */
  note?: string;
}

/** A mutated line without its comment (`;` in NASM, `//` in TypeScript, where `;` ends a statement) and extra spaces. */
export function squashLine(file: string, line: string): string {
  const comment = file.endsWith(".ts") ? /\/\/.*$/ : /;.*$/;
  return line.replace(comment, "").replace(/\s+/g, " ").trim();
}

/** The key of a mutant's verdict: stable across line moves (routine, operator, the two line texts). */
export function verdictKey(
  m: Pick<MutantResult, "file" | "routine" | "operator" | "original" | "mutated">,
): string {
  return `${m.routine} | ${m.operator} | ${squashLine(m.file, m.original)} => ${squashLine(m.file, m.mutated)}`;
}

/** A verdicts file is a few hundred entries of a few lines each. */
const MAX_VERDICTS_BYTES = 16 * 1024 * 1024;

export function readVerdicts(path: string): Map<string, Verdict> {
  const text = readRegularFile(path, MAX_VERDICTS_BYTES, "verdicts file");
  return new Map(Object.entries(JSON.parse(text) as Record<string, Verdict>));
}

/** A campaign's mutation.json: a few thousand mutants of a few hundred bytes. */
const MAX_REPORT_BYTES = 64 * 1024 * 1024;

/** Reads a campaign's mutation.json; `option` names the asker in the one-line refusal. */
export function readMutationReport(path: string, option: string): MutationReport {
  let report: MutationReport;
  try {
    report = JSON.parse(readRegularFile(path, MAX_REPORT_BYTES, "mutation report")) as MutationReport;
  } catch (error) {
    throw new SelectionError(`${option}: cannot read ${path}: ${messageOf(error)}`);
  }
  const format: unknown = report.format;
  if (format !== MUTATION_FORMAT)
    throw new SelectionError(
      `${option}: ${path} is not a ${MUTATION_FORMAT} report (format ${String(format)})`,
    );
  return report;
}

const isKill = (status: MutantStatus): boolean => status !== "survived";

export function figures(
  mutants: readonly MutantResult[],
  verdicts: ReadonlyMap<string, Verdict>,
  wallMs: number,
): MutationFigures {
  const killed = mutants.filter((m) => isKill(m.status));
  const survivors = mutants.filter((m) => m.status === "survived");
  const machineChecked = survivors.filter((m) => m.proof !== undefined).length;
  const proseVerdicts = survivors.filter(
    (m) => m.proof === undefined && verdicts.get(verdictKey(m))?.verdict === "equivalent",
  ).length;
  const equivalent = machineChecked + proseVerdicts;
  const shrunk = mutants.flatMap((m) => (m.shrink ? [m.shrink] : []));
  const denominator = mutants.length - equivalent;
  return {
    mutants: mutants.length,
    killed: killed.length,
    timeouts: mutants.filter((m) => m.status === "timeout").length,
    crashed: mutants.filter((m) => m.status === "crashed").length,
    survived: mutants.length - killed.length,
    equivalent,
    machineChecked,
    proseVerdicts,
    score: denominator === 0 ? 100 : Math.round((killed.length / denominator) * 1000) / 10,
    mismatchScore:
      denominator === 0
        ? 100
        : Math.round((mutants.filter((m) => m.status === "killed").length / denominator) * 1000) / 10,
    wallS: Math.round(wallMs / 100) / 10,
    medianGamesToKill: median(killed.map((m) => m.games)),
    shrinkMedianMovesBefore: median(shrunk.map((s) => s.before)),
    shrinkMedianMovesAfter: median(shrunk.map((s) => s.after)),
    shrunk: shrunk.length,
  };
}

/** Human moves of a report's game before and after shrinking; undefined when it was not shrunk. */
export function shrinkCounts(report: MismatchReport): { before: number; after: number } | undefined {
  const shrunk = report.shrunk;
  if (!shrunk) return undefined;
  return {
    before: report.moves.length,
    after: "moves" in shrunk ? shrunk.moves.length : report.moves.length,
  };
}

/** The mutant's record from its description and run. */
export function mutantResult(
  mutant: Omit<MutantResult, "status" | "games">,
  run: MutantRun,
  reportFile?: string,
): MutantResult {
  const result: MutantResult = { ...mutant, status: run.status, games: run.games };
  if (run.message) result.message = run.message;
  const shrink = run.report && shrinkCounts(run.report);
  if (shrink) result.shrink = shrink;
  if (reportFile) result.report = reportFile;
  return result;
}

/** The `name value` lines of the figures (also printed by `make bench`). */
export function figureLines(f: MutationFigures, prefix = "mutate"): string[] {
  return [
    `${prefix}.mutants ${f.mutants}`,
    `${prefix}.killed ${f.killed}`,
    `${prefix}.equivalent ${f.equivalent}`,
    `${prefix}.machine_checked_verdicts ${f.machineChecked}`,
    `${prefix}.prose_verdicts ${f.proseVerdicts}`,
    `${prefix}.score_pct ${f.score}`,
    `${prefix}.wall_s ${f.wallS}`,
    `${prefix}.median_games_to_kill ${f.medianGamesToKill}`,
    `shrink.median_moves_before ${f.shrinkMedianMovesBefore}`,
    `shrink.median_moves_after ${f.shrinkMedianMovesAfter}`,
  ];
}
