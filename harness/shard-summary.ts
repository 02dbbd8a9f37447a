/**
 * The summary a sharded `piskasm diff --shard i/n --out DIR` leaves in DIR beside its mismatch
 * reports, as `shard-i-of-n.json`; `piskasm report merge` combines them (harness/shard-merge.ts).
 */
import { readdirSync } from "node:fs";
import { CELLS } from "../engine-ts/index.js";
import { join } from "node:path";
import { FileError, makeOutputDir, readRegularFile, writeFileAtomically } from "../util/files.js";
import type { DosName } from "../emu/dos-kind.js";
import type { PolicyName } from "../checks/policy-names.js";
import { parseIdentity, type ProgramIdentity } from "../checks/program-identity.js";
import type { Shard } from "./model.js";
import type { RunSummary } from "./stats.js";
import { shardGameCount } from "./shard.js";

export const SHARD_FORMAT = "piskasm-shard/1";

/** What every shard of one run must agree on. */
export interface RunPlan {
  games: number;
  seed: number;
  policy: Exclude<PolicyName, "replay">;
  maxComputerMoves: number;
  dos: DosName;
}

/** The shard's figures as the run's summary gives them, and what makes it part of the run. */
export interface ShardSummary extends Pick<RunSummary, "games" | "computerMoves" | "mismatches" | "wallMs"> {
  format: typeof SHARD_FORMAT;
  shard: Shard;
  plan: RunPlan;
  /** The program the shard ran; absent in the summaries of an older piskasm. */
  identity?: ProgramIdentity;
  /** harness/moves-digest.ts: the shards' digests add up to the whole run's. */
  movesDigest: string;
  /** The shard's mismatch report files, relative to its directory. */
  reports: string[];
}

const FILE_PATTERN = /^shard-(\d+)-of-(\d+)\.json$/;

/** Writes the summary into `dir` (created when missing) and returns its path. */
export function writeShardSummary(dir: string, summary: ShardSummary): string {
  makeOutputDir(dir, "report directory");
  const path = join(dir, `shard-${summary.shard.index}-of-${summary.shard.count}.json`);
  writeFileAtomically(path, `${JSON.stringify(summary, null, 2)}\n`, "shard summary");
  return path;
}

/** A shard summary is a few hundred bytes plus a name per report. */
const MAX_SHARD_SUMMARY_BYTES = 64 * 1024 * 1024;

/** A shard summary or directory that cannot be used. */
export class ShardSummaryError extends Error {
  override readonly name = "ShardSummaryError";
}

/** Every shard summary in `dir`, checked; a directory without any is an error. */
export function readShardSummaries(dir: string): ShardSummary[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    throw new ShardSummaryError(`cannot read directory ${dir}: ${(error as Error).message}`);
  }
  const files = names.filter((name) => FILE_PATTERN.test(name)).sort();
  if (files.length === 0)
    throw new ShardSummaryError(
      `${dir} holds no shard summary (shard-i-of-n.json from piskasm diff --shard)`,
    );
  return files.map((name) => readShardSummary(join(dir, name)));
}

function readShardSummary(path: string): ShardSummary {
  let data: unknown;
  try {
    data = JSON.parse(readRegularFile(path, MAX_SHARD_SUMMARY_BYTES, "shard summary"));
  } catch (error) {
    if (error instanceof FileError) throw new ShardSummaryError(error.message);
    throw new ShardSummaryError(`shard summary ${path}: ${(error as Error).message}`);
  }
  const fail = (what: string): never => {
    throw new ShardSummaryError(`shard summary ${path}: ${what}`);
  };
  if (typeof data !== "object" || data === null) return fail("not a JSON object");
  const s = data as Partial<ShardSummary>;
  if (s.format !== SHARD_FORMAT) fail(`format is ${JSON.stringify(s.format)}, expected "${SHARD_FORMAT}"`);
  const shard = s.shard;
  if (
    !shard ||
    !isCount(shard.count) ||
    !Number.isInteger(shard.index) ||
    shard.index < 0 ||
    shard.index >= shard.count
  ) {
    fail("shard is not {index, count} with 0 <= index < count");
  }
  if (!s.plan || typeof s.plan !== "object") fail("plan is missing");
  const plan = s.plan as Partial<RunPlan>;
  if (!isCount(plan.games)) fail("plan.games is not a count of games");
  parseIdentity(s.identity, fail);
  for (const key of ["games", "computerMoves", "mismatches", "wallMs"] as const) {
    if (!Number.isSafeInteger(s[key]) || (s[key] as number) < 0) fail(`${key} is not an integer >= 0`);
  }
  if (typeof s.movesDigest !== "string" || !/^[0-9a-f]{16}$/.test(s.movesDigest))
    fail("movesDigest is not 16 hex digits");
  if (
    !Array.isArray(s.reports) ||
    !s.reports.every((r) => typeof r === "string" && !r.includes("/") && !r.includes("\\"))
  ) {
    fail("reports is not a list of file names");
  }
  const summary = s as ShardSummary;
  const planned = shardGameCount(summary.shard, summary.plan.games);
  if (summary.games !== planned)
    fail(`it played ${summary.games} games, its shard of the plan has ${planned}`);
  if (summary.computerMoves > summary.games * CELLS)
    fail(
      `it checked ${summary.computerMoves} computer moves in ${summary.games} games of at most ${CELLS} stones`,
    );
  if (summary.mismatches > summary.games)
    fail(`it counts ${summary.mismatches} mismatches in ${summary.games} games`);
  if (summary.reports.length > summary.mismatches)
    fail(`it lists ${summary.reports.length} reports for ${summary.mismatches} mismatches`);
  return summary;
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1;
}
