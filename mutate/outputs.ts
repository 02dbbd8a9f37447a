/**
 * Everything a campaign leaves in its folder, written from its report in one place (a campaign, a
 * rescore and a merge of shards write the same files): mutation.json, mutation-report.json and
 * mutation-report.html (mutate/ecosystem.ts), kill-matrix.json and minimal-games.json
 * (mutate/kill-matrix.ts), and the Markdown page when asked.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomically } from "../util/files.js";
import { ecosystemHtml, ecosystemReport } from "./ecosystem.js";
import { killMatrix, minimalGames } from "./kill-matrix.js";
import { markdown as markdownPage } from "./markdown.js";
import type { MutationReport, Verdict } from "./report.js";

export const CAMPAIGN_FILES = {
  report: "mutation.json",
  ecosystem: "mutation-report.json",
  html: "mutation-report.html",
  matrix: "kill-matrix.json",
  minimal: "minimal-games.json",
} as const;

const json = (value: unknown): string => JSON.stringify(value, null, 2) + "\n";

/** Writes the campaign's files into `dir`; `root` is the project (the mutated sources' texts). */
export function writeCampaignFiles(
  dir: string,
  report: MutationReport,
  verdicts: ReadonlyMap<string, Verdict>,
  root: string,
  markdown?: string,
): void {
  const write = (name: string, text: string, what: string): void =>
    writeFileAtomically(join(dir, name), text, what);
  write(CAMPAIGN_FILES.report, json(report), "mutation report");
  const ecosystem = ecosystemReport(report, verdicts, (path) => readFileSync(join(root, path), "utf8"));
  write(CAMPAIGN_FILES.ecosystem, json(ecosystem), "mutation-testing report");
  const title = `piskasm mutate --target ${report.target}`;
  write(CAMPAIGN_FILES.html, ecosystemHtml(ecosystem, title), "mutation-testing viewer");
  const matrix = killMatrix(report);
  write(CAMPAIGN_FILES.matrix, json(matrix), "kill matrix");
  write(CAMPAIGN_FILES.minimal, json(minimalGames(report, matrix)), "minimal games");
  if (markdown) writeFileAtomically(markdown, markdownPage(report, verdicts), "--markdown file");
}
