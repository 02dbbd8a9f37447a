/**
 * `piskasm report merge` of the folders of `piskasm mutate --shard i/n`: the shards of one campaign
 * (one program and settings identity, the same mutants chosen, every shard once, none stopped early)
 * joined into the files the unsharded campaign writes. Shard i played the chosen mutants i, i+n, ...,
 * so its k-th mutant is the campaign's mutant i + k n. Everything is checked before a file is written.
 */
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { formatShard } from "../harness/shard.js";
import { ensureWritableDir, readRegularBytes, writeFileAtomically } from "../util/files.js";
import { CAMPAIGN_FILES, writeCampaignFiles } from "./outputs.js";
import { figures, readMutationReport, readVerdicts, type MutationReport } from "./report.js";
import { SelectionError } from "./select.js";

/** Whether `dirs` are mutation campaigns' folders (not diff shards). */
export const areCampaigns = (dirs: readonly string[]): boolean =>
  dirs.length > 0 && dirs.every((dir) => existsSync(join(dir, CAMPAIGN_FILES.report)));

/** What must be equal in every shard of one campaign. */
const campaignOf = (r: MutationReport): string =>
  JSON.stringify([
    r.target,
    r.identity,
    r.routines,
    r.plan,
    r.generated,
    r.dropped,
    r.shard?.count,
    unsharded(r),
  ]);

/** The report's `partial` without its --shard part: what the whole campaign chose. */
function unsharded(report: MutationReport): string | null {
  const parts = (report.partial ?? "").split(", ").filter((p) => p !== "" && !p.startsWith("--shard "));
  return parts.length > 0 ? parts.join(", ") : null;
}

interface Shard {
  dir: string;
  report: MutationReport;
}

function checkShards(shards: readonly Shard[]): { count: number } {
  const first = shards[0];
  for (const { dir, report } of shards) {
    if (!report.shard) throw new SelectionError(`${dir} holds a campaign that was not sharded (no --shard)`);
    if (!report.identity)
      throw new SelectionError(`${dir} holds a campaign without its program identity: run it again`);
    if (report.partial?.includes("stopped by"))
      throw new SelectionError(
        `shard ${formatShard(report.shard)} in ${dir} was stopped early: run it again`,
      );
    if (campaignOf(report) !== campaignOf(first.report)) {
      const program =
        report.identity.program !== first.report.identity?.program ? " (it ran another program)" : "";
      throw new SelectionError(
        `shard ${formatShard(report.shard)} in ${dir} belongs to another campaign than ${first.dir}${program}`,
      );
    }
  }
  const count = first.report.shard?.count ?? 1;
  const seen = new Map<number, string>();
  for (const { dir, report } of shards) {
    const index = report.shard?.index ?? 0;
    const twin = seen.get(index);
    if (twin) throw new SelectionError(`shard ${index}/${count} is there twice: ${twin} and ${dir}`);
    seen.set(index, dir);
  }
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !seen.has(i));
  if (missing.length > 0)
    throw new SelectionError(
      `shards missing from the campaign of ${count}: ${missing.map((i) => `${i}/${count}`).join(", ")}`,
    );
  return { count };
}

/** A killing game's report or a mutant's program: kilobytes. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export interface MergeRequest {
  dirs: readonly string[];
  out: string;
  root: string;
  verdicts: (target: "asm" | "ts") => string;
}

export function mergeCampaigns(request: MergeRequest): MutationReport {
  const shards = request.dirs.map((dir) => ({
    dir,
    report: readMutationReport(join(dir, CAMPAIGN_FILES.report), "report merge"),
  }));
  const { count } = checkShards(shards);
  const first = shards[0].report;
  const positioned = shards.flatMap(({ report }) =>
    report.mutants.map((m, k) => ({ at: (report.shard?.index ?? 0) + k * count, m })),
  );
  const mutants = positioned.sort((a, b) => a.at - b.at).map(({ m }) => m);
  const copies = new Map<string, Uint8Array>();
  for (const { dir } of shards) {
    const reports = join(dir, "reports");
    if (!existsSync(reports)) continue;
    for (const name of readdirSync(reports)) {
      const bytes = readRegularBytes(join(reports, name), MAX_FILE_BYTES, "shard report");
      const twin = copies.get(name);
      if (twin && !Buffer.from(twin).equals(bytes))
        throw new SelectionError(`reports/${name} differs between the shards`);
      copies.set(name, bytes);
    }
  }
  const wallS = Math.max(...shards.map(({ report }) => report.figures.wallS));
  const verdicts = readVerdicts(request.verdicts(first.target));
  const merged: MutationReport = {
    ...first,
    partial: unsharded(first),
    mutants,
    figures: figures(mutants, verdicts, wallS * 1000),
    started: shards.map(({ report }) => report.started).sort()[0],
  };
  delete merged.shard;
  ensureWritableDir(request.out, "merged campaign folder");
  mkdirSync(join(request.out, "reports"), { recursive: true });
  for (const [name, bytes] of copies)
    writeFileAtomically(join(request.out, "reports", name), bytes, "shard report");
  writeCampaignFiles(request.out, merged, verdicts, request.root);
  return merged;
}
