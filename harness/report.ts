/**
 * Mismatch reports: the JSON written on the first divergence of a game (enough to replay it: the
 * program's seed, who starts and the human moves), and the readable summary printed for people.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CELLS, formatCell, parseCell, type WhoStarts } from "../engine-ts/index.js";
import { boardMap } from "./board-map.js";
import type { Diff } from "./diff-types.js";
import type { DosName } from "./dos-profile.js";
import { phaseName } from "./game-view.js";
import type { PolicyName } from "./policies.js";
import type { GameOutcome } from "./runner.js";

export const REPORT_FORMAT = "piskasm-mismatch/1";

export interface MismatchReport {
  format: typeof REPORT_FORMAT;
  /** The game's Seed: `PISKASM /S:seed` reproduces it. */
  seed: number;
  policy: PolicyName;
  policySeed: number;
  whoStarts: WhoStarts;
  /** The human moves, in order, as coordinates ("K10"). */
  moves: string[];
  /** The asm's computer moves, in order (information only; the program makes them again). */
  computerMoves: string[];
  /** Stones on the board (the asm's MoveCount) when the divergence was seen. */
  ply: number;
  diffs: Diff[];
  /** The text screen at the divergence. */
  screen: string[];
  dos: DosName;
  gameIndex: number;
}

/** A report file that cannot be used. */
export class ReportError extends Error {
  override readonly name = "ReportError";
}

export function buildReport(outcome: GameOutcome, dos: DosName): MismatchReport {
  const { mismatch, spec } = outcome;
  if (!mismatch) throw new Error(`game ${spec.index} has no mismatch to report`);
  return {
    format: REPORT_FORMAT,
    seed: outcome.seed,
    policy: spec.policy,
    policySeed: spec.policySeed,
    whoStarts: spec.whoStarts,
    moves: outcome.humanMoves.map(formatCell),
    computerMoves: outcome.computerMoves.map(formatCell),
    ply: mismatch.ply,
    diffs: mismatch.diffs,
    screen: mismatch.screen,
    dos,
    gameIndex: spec.index,
  };
}

/** Writes the report into `dir` (created when missing) and returns the file's path. */
export function writeReport(dir: string, report: MismatchReport): string {
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const path = join(dir, `mismatch-seed${report.seed}-${report.whoStarts}-game${report.gameIndex}-${stamp}.json`);
  writeFileSync(path, JSON.stringify(report, null, 2) + "\n");
  return path;
}

export function readReport(path: string): MismatchReport {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ReportError(`cannot read report ${path}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ReportError(`report ${path} is not JSON: ${(error as Error).message}`);
  }
  return validateReport(data, path);
}

function validateReport(data: unknown, path: string): MismatchReport {
  const fail = (what: string): never => {
    throw new ReportError(`report ${path}: ${what}`);
  };
  if (typeof data !== "object" || data === null) return fail("not a JSON object");
  const r = data as Partial<MismatchReport>;
  if (r.format !== REPORT_FORMAT) fail(`format is ${JSON.stringify(r.format)}, expected "${REPORT_FORMAT}"`);
  if (!Number.isInteger(r.seed) || (r.seed as number) < 0 || (r.seed as number) > 0xffff) fail("seed is not 0..65535");
  if (r.whoStarts !== "human" && r.whoStarts !== "computer") fail('whoStarts is not "human" or "computer"');
  if (!Array.isArray(r.moves) || !r.moves.every((m) => typeof m === "string")) fail("moves is not a list of coordinates");
  for (const move of r.moves as string[]) {
    try {
      parseCell(move);
    } catch (error) {
      fail((error as Error).message);
    }
  }
  if (!Array.isArray(r.diffs)) fail("diffs is not a list");
  return r as MismatchReport;
}

function describePhase(value: number | string): string {
  return typeof value === "number" ? `${phaseName(value)} (${value})` : String(value);
}

function formatValue(diff: Diff, side: "asm" | "ts"): string {
  const value = diff[side];
  if (diff.field === "Phase") return describePhase(value);
  if (diff.field === "LastPC" && typeof value === "number") {
    return value < CELLS ? `${formatCell(value)} (${value})` : `none (${value})`;
  }
  if (diff.field === "ScreenColour" && typeof value === "number") return `${value.toString(16).toUpperCase().padStart(2, "0")}h`;
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

const LISTED_DIFFS = 24;

/**
 * The readable summary: the game, every differing field (up to a limit), `notes` (where the program
 * keeps and writes those fields: harness/symbol-notes.ts) and a map of the cells.
 */
export function formatMismatch(report: MismatchReport, path?: string, notes: readonly string[] = []): string {
  const lines = [
    `MISMATCH in game ${report.gameIndex}: seed ${report.seed}, ${report.whoStarts} starts, policy ${report.policy}, ` +
      `${report.ply} stones on the board`,
    `  human moves: ${report.moves.join(" ") || "(none)"}`,
    `  computer moves (asm): ${report.computerMoves.join(" ") || "(none)"}`,
  ];
  // The scalars (Random, LastPC, phase...) first: they say the most about where the engines parted.
  const ordered = [...report.diffs.filter((d) => d.cell === null), ...report.diffs.filter((d) => d.cell !== null)];
  for (const diff of ordered.slice(0, LISTED_DIFFS)) {
    const where = diff.cell === null ? "" : ` ${formatCell(diff.cell)}`;
    lines.push(`  ${diff.field}${where}: asm ${formatValue(diff, "asm")}, ts ${formatValue(diff, "ts")}`);
  }
  if (report.diffs.length > LISTED_DIFFS) lines.push(`  ... and ${report.diffs.length - LISTED_DIFFS} more differences`);
  lines.push(...notes.map((note) => `  ${note}`));
  const plocha = new Uint8Array(CELLS);
  for (const move of report.moves) plocha[parseCell(move)] = 2;
  for (const move of report.computerMoves) plocha[parseCell(move)] = 1;
  const marked = new Set(report.diffs.flatMap((d) => (d.cell === null ? [] : [d.cell])));
  if (marked.size > 0) {
    lines.push("  differing cells (* empty, # stone):");
    lines.push(...boardMap(plocha, marked).split("\n").map((l) => `  ${l}`));
  }
  if (path) lines.push(`  report: ${path}`);
  return lines.join("\n");
}
