/** `piskasm report merge DIR...`: combine the outputs of the shards of one run. */
import type { Command } from "commander";
import { ShardSummaryError } from "../harness/shard-summary.js";
import { areCampaigns } from "../mutate/merge.js";
import { refusing } from "./errors.js";
import { imageOption } from "./harness-options.js";
import { programIdentity } from "../checks/program-identity.js";
import { mergeCampaignCommand } from "./mutate.js";
import { MERGED_SUMMARY_FILE, mergedLines, mergeShards } from "../harness/shard-merge.js";

interface MergeCommandOptions {
  out: string;
  image: string;
  json?: boolean;
}

export function registerReport(program: Command): void {
  const report = program.command("report").description("work with the outputs of `piskasm diff`");
  report
    .command("merge")
    .description(
      "combine the --out folders of the shards of one run (piskasm diff --seed S --shard i/n) into one report folder " +
        `with one ${MERGED_SUMMARY_FILE}; checks that every shard is there once and all games were played; exit 1 on mismatches`,
    )
    .argument("<dirs...>", "the shards' --out folders (a folder may hold several shards)")
    .option("--out <dir>", "the merged report folder", "reports-merged")
    .addOption(imageOption("the floppy the shards ran: a shard of another program is refused"))
    .option("--json", "print the merged summary as one JSON object")
    .action((dirs: string[], options: MergeCommandOptions) => {
      if (areCampaigns(dirs)) return mergeCampaignCommand(dirs, options);
      const merged = refusing([ShardSummaryError], () =>
        mergeShards(dirs, options.out, programIdentity(options.image), console.error),
      );
      console.log(options.json ? JSON.stringify(merged) : mergedLines(merged, options.out).join("\n"));
      if (merged.mismatches > 0) process.exitCode = 1;
    });
}
