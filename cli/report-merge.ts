/**
 * `piskasm report merge`: the shards of one sharded run (harness/shard.ts) combined into one report
 * folder and one summary. Every shard must belong to the same run (same plan and shard count), each
 * shard must be there exactly once, and together they must have played all of the run's games.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { combineDigests } from "../harness/moves-digest.js";
import { formatShard } from "../harness/shard.js";
import { readShardSummaries, type RunPlan, type ShardSummary } from "../harness/shard-summary.js";
import { UsageError } from "./errors.js";

export const MERGED_FORMAT = "piskasm-merged/1";
export const MERGED_SUMMARY_FILE = "summary.json";

export interface MergedSummary {
  format: typeof MERGED_FORMAT;
  plan: RunPlan;
  shards: number;
  games: number;
  computerMoves: number;
  mismatches: number;
  /** The whole run's moves digest: the same as the unsharded run's (harness/moves-digest.ts). */
  movesDigest: string;
  /** The slowest shard's wall time (the shards ran side by side). */
  wallMs: number;
  /** The mismatch reports, copied into the merged folder. */
  reports: string[];
}

interface FoundShard {
  dir: string;
  summary: ShardSummary;
}

/** Merges the shard summaries found in `dirs` into `outDir`; throws UsageError on unusable input. */
export function mergeShards(dirs: readonly string[], outDir: string): MergedSummary {
  const found: FoundShard[] = dirs.flatMap((dir) => readShardSummaries(dir).map((summary) => ({ dir, summary })));
  const first = found[0];
  const count = first.summary.shard.count;
  const plan = JSON.stringify(first.summary.plan);
  const byIndex = new Map<number, FoundShard>();
  for (const shard of found) {
    const { summary, dir } = shard;
    const where = `shard ${formatShard(summary.shard)} in ${dir}`;
    if (summary.shard.count !== count || JSON.stringify(summary.plan) !== plan) {
      throw new UsageError(`${where} belongs to another run than shard ${formatShard(first.summary.shard)} in ${first.dir}`);
    }
    const twin = byIndex.get(summary.shard.index);
    if (twin) throw new UsageError(`${where} is there twice (also in ${twin.dir})`);
    byIndex.set(summary.shard.index, shard);
  }
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length > 0) throw new UsageError(`shards missing from the run of ${count}: ${missing.map((i) => `${i}/${count}`).join(", ")}`);
  const games = sum(found, (s) => s.games);
  if (games !== first.summary.plan.games) {
    throw new UsageError(`the shards played ${games} games, the run has ${first.summary.plan.games}`);
  }
  mkdirSync(outDir, { recursive: true });
  const reports = found.flatMap(({ dir, summary }) => summary.reports.map((name) => copyReport(dir, name, outDir)));
  const merged: MergedSummary = {
    format: MERGED_FORMAT,
    plan: first.summary.plan,
    shards: count,
    games,
    computerMoves: sum(found, (s) => s.computerMoves),
    mismatches: sum(found, (s) => s.mismatches),
    movesDigest: combineDigests(found.map(({ summary }) => summary.movesDigest)),
    wallMs: Math.max(...found.map(({ summary }) => summary.wallMs)),
    reports,
  };
  writeFileSync(join(outDir, MERGED_SUMMARY_FILE), `${JSON.stringify(merged, null, 2)}\n`);
  return merged;
}

function sum(found: readonly FoundShard[], value: (summary: ShardSummary) => number): number {
  return found.reduce((total, { summary }) => total + value(summary), 0);
}

/** Copies one report into the merged folder; the same name with other content is an error. */
function copyReport(dir: string, name: string, outDir: string): string {
  const source = join(dir, name);
  const target = join(outDir, name);
  if (!existsSync(source)) throw new UsageError(`report ${source} named by the shard summary is missing`);
  if (existsSync(target)) {
    if (!readFileSync(source).equals(readFileSync(target))) throw new UsageError(`${target} already exists with other content`);
    return name;
  }
  copyFileSync(source, target);
  return name;
}
