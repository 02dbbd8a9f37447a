/**
 * `piskasm report merge`: the shards of one sharded run (harness/shard.ts) combined into one report
 * folder and one summary. Every shard must belong to the same run (same plan, program and shard
 * count), be consistent in itself, be there exactly once, and together they must have played all of
 * the run's games. Everything is checked before the first file is written; each report (with its
 * .psq and .sgf) and then the summary are written atomically, so an interrupted or refused merge
 * never leaves a truncated file or an old summary beside new reports, and running it again works.
 */
import { existsSync, lstatSync } from "node:fs";
import { join } from "node:path";
import {
  checkOutputPlace,
  FileError,
  makeOutputDir,
  readRegularBytes,
  writeFileAtomically,
} from "../util/files.js";
import { combineDigests } from "./moves-digest.js";
import { MAX_REPORT_BYTES } from "../checks/report.js";
import { formatShard } from "./shard.js";
import { readShardSummaries, ShardSummaryError, type ShardSummary } from "./shard-summary.js";
import { identityRefusal, type ProgramIdentity } from "../checks/program-identity.js";

export const MERGED_FORMAT = "piskasm-merged/1";
export const MERGED_SUMMARY_FILE = "summary.json";
/** The game records written beside each report (checks/record-files.ts). */
const RECORD_EXTENSIONS = [".psq", ".sgf"] as const;

/**
 * The shards' figures added up: the moves digest the whole run's, the same as the unsharded run's
 * (harness/moves-digest.ts); wallMs the slowest shard's (they ran side by side); the reports copied
 * into the merged folder.
 */
export interface MergedSummary extends Omit<ShardSummary, "format" | "shard" | "identity"> {
  format: typeof MERGED_FORMAT;
  /** The program every shard ran (the floppy given to the merge as --image). */
  identity: ProgramIdentity;
  shards: number;
}

interface FoundShard {
  dir: string;
  summary: ShardSummary;
}

/** A file to copy into the merged folder: its name there and its content. */
interface Copy {
  name: string;
  bytes: Uint8Array;
}

/**
 * Merges the shard summaries found in `dirs` into `outDir`; every shard must have run the program of
 * `identity` (a shard of an older piskasm, which does not say, is `warn`ed about). Throws
 * ShardSummaryError on unusable input (the command's usage error).
 */
export function mergeShards(
  dirs: readonly string[],
  outDir: string,
  identity: ProgramIdentity,
  warn: (line: string) => void,
): MergedSummary {
  checkOutputPlace(outDir, "merged report folder", "directory");
  const found: FoundShard[] = dirs.flatMap((dir) =>
    readShardSummaries(dir).map((summary) => ({ dir, summary })),
  );
  for (const { dir, summary } of found) {
    const what = `shard ${formatShard(summary.shard)} in ${dir}`;
    const refusal = identityRefusal(summary.identity, identity, what, warn);
    if (refusal) throw new ShardSummaryError(refusal);
  }
  const first = checkRun(found);
  const copies = found.flatMap(({ dir, summary }) =>
    summary.reports.flatMap((name) => reportFiles(dir, name)),
  );
  makeOutputDir(outDir, "merged report folder");
  for (const copy of copies) checkTarget(outDir, copy);
  const merged: MergedSummary = {
    format: MERGED_FORMAT,
    plan: first.summary.plan,
    identity,
    shards: first.summary.shard.count,
    games: sum(found, (s) => s.games),
    computerMoves: sum(found, (s) => s.computerMoves),
    mismatches: sum(found, (s) => s.mismatches),
    movesDigest: combineDigests(found.map(({ summary }) => summary.movesDigest)),
    wallMs: Math.max(...found.map(({ summary }) => summary.wallMs)),
    reports: found.flatMap(({ summary }) => summary.reports),
  };
  for (const copy of copies) writeFileAtomically(join(outDir, copy.name), copy.bytes, "merged report");
  writeFileAtomically(
    join(outDir, MERGED_SUMMARY_FILE),
    `${JSON.stringify(merged, null, 2)}\n`,
    "merged summary",
  );
  return merged;
}

/** Checks that the shards make one whole run; returns the first. */
function checkRun(found: readonly FoundShard[]): FoundShard {
  const first = found[0];
  const count = first.summary.shard.count;
  const plan = JSON.stringify(first.summary.plan);
  const byIndex = new Map<number, FoundShard>();
  for (const shard of found) {
    const { summary, dir } = shard;
    const where = `shard ${formatShard(summary.shard)} in ${dir}`;
    if (summary.shard.count !== count || JSON.stringify(summary.plan) !== plan)
      throw new ShardSummaryError(
        `${where} belongs to another run than shard ${formatShard(first.summary.shard)} in ${first.dir}`,
      );
    const twin = byIndex.get(summary.shard.index);
    if (twin) throw new ShardSummaryError(`${where} is there twice (also in ${twin.dir})`);
    byIndex.set(summary.shard.index, shard);
  }
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length > 0)
    throw new ShardSummaryError(
      `shards missing from the run of ${count}: ${missing.map((i) => `${i}/${count}`).join(", ")}`,
    );
  const games = sum(found, (s) => s.games);
  if (games !== first.summary.plan.games)
    throw new ShardSummaryError(`the shards played ${games} games, the run has ${first.summary.plan.games}`);
  if (!Number.isSafeInteger(sum(found, (s) => s.computerMoves)))
    throw new ShardSummaryError("the shards' computer moves add up to more than can be counted exactly");
  return first;
}

function sum(found: readonly FoundShard[], value: (summary: ShardSummary) => number): number {
  return found.reduce((total, { summary }) => total + value(summary), 0);
}

/** A report and the game records beside it, read (regular files only: never a link to elsewhere). */
function reportFiles(dir: string, name: string): Copy[] {
  const base = name.replace(/\.json$/, "");
  const names = [name, ...RECORD_EXTENSIONS.map((ext) => `${base}${ext}`)];
  return names.flatMap((file, i) => {
    const source = join(dir, file);
    if (i > 0 && !existsSync(source)) return [];
    if (i === 0 && !existsSync(source))
      throw new ShardSummaryError(`report ${source} named by the shard summary is missing`);
    if (lstatSync(source).isSymbolicLink())
      throw new ShardSummaryError(`report ${source} is a symbolic link, not a report the shard wrote`);
    try {
      return [{ name: file, bytes: readRegularBytes(source, MAX_REPORT_BYTES, "report") }];
    } catch (error) {
      if (error instanceof FileError) throw new ShardSummaryError(error.message);
      throw error;
    }
  });
}

/** A file of the same name in the merged folder must hold the same content (a merge run again). */
function checkTarget(outDir: string, copy: Copy): void {
  const target = join(outDir, copy.name);
  if (!existsSync(target)) return;
  const there = readRegularBytes(target, MAX_REPORT_BYTES, "merged report");
  if (!Buffer.from(there).equals(copy.bytes))
    throw new ShardSummaryError(`${target} already exists with other content`);
}

/** What `piskasm report merge` prints: the figures, then each report's path. */
export function mergedLines(merged: MergedSummary, outDir: string): string[] {
  return [
    `${merged.shards} shards merged: ${merged.games} games, ${merged.computerMoves} computer moves checked, ` +
      `${merged.mismatches} mismatches; moves digest ${merged.movesDigest}; slowest shard ${(merged.wallMs / 1000).toFixed(1)} s; ` +
      `summary in ${join(outDir, MERGED_SUMMARY_FILE)}`,
    ...merged.reports.map((name) => `  report: ${join(outDir, name)}`),
  ];
}
