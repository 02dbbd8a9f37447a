/**
 * `piskasm mutate rescore`: a finished campaign counted again with the current verdicts (they are
 * written after it ran) and, for the asm target, the survivors checked by machine again
 * (mutate/asm-equivalence.ts), its folder's files rewritten. A report of another program than the project's
 * now is refused: its lines and verdict keys would not be this source's.
 */
import { dirname, join } from "node:path";
import type { MismatchReport } from "../checks/report.js";
import { checkOutputPlace, readRegularFile } from "../util/files.js";
import { asmProver } from "./asm-equivalence.js";
import { readAsmSource } from "./asm-source.js";
import { currentProgram } from "./identity.js";
import { writeCampaignFiles } from "./outputs.js";
import { figures, readMutationReport, readVerdicts, shrinkCounts, type MutationReport } from "./report.js";
import { proveSurvivors } from "./proofs.js";
import { SelectionError } from "./select.js";
import type { CampaignRequest } from "./run-campaign.js";

export interface RescoreRequest extends Pick<CampaignRequest, "root" | "markdown" | "note" | "reporter"> {
  /** The campaign's mutation.json. */
  path: string;
  /** The verdicts file of the report's target. */
  verdicts: (target: "asm" | "ts") => string;
}

/** A killing game's report: a few moves, or a few thousand. */
const MAX_MISMATCH_BYTES = 64 * 1024 * 1024;

export async function rescore(request: RescoreRequest): Promise<MutationReport> {
  if (request.markdown) checkOutputPlace(request.markdown, "--markdown file", "file");
  const report = readMutationReport(request.path, "rescore");
  const program = report.identity?.program;
  if (program !== undefined) {
    const now = await currentProgram(request.root, report.target);
    if (now !== program)
      throw new SelectionError(
        `rescore: ${request.path} was made of another program (sha256 ${program.slice(0, 12)}) than the project's now (${now.slice(0, 12)}): run the campaign again`,
      );
  }
  // The models of the asm target may prove survivors the campaign's did not (they are newer).
  if (report.target === "asm" && program !== undefined) {
    const asmDir = join(request.root, "asm");
    const by = asmProver(asmDir, readAsmSource(asmDir), report.mutants);
    await proveSurvivors(report.mutants, by, new Map(), request.reporter, "rescoring");
  }
  const verdicts = readVerdicts(request.verdicts(report.target));
  recountShrinks(report, join(dirname(request.path), "reports"));
  report.figures = figures(report.mutants, verdicts, report.figures.wallS * 1000);
  if (request.note !== undefined) report.note = request.note;
  writeCampaignFiles(dirname(request.path), report, verdicts, request.root, request.markdown);
  return report;
}

/** The shrink counts of every kill again, from the killing reports beside the campaign's JSON. */
function recountShrinks(report: MutationReport, reportsDir: string): void {
  for (const mutant of report.mutants) {
    delete mutant.shrink;
    if (!mutant.report) continue;
    // Parsed without readReport's checks: a mutant's game may break the rules those checks hold a real game to.
    const text = readRegularFile(join(reportsDir, mutant.report), MAX_MISMATCH_BYTES, "mismatch report");
    const shrink = shrinkCounts(JSON.parse(text) as MismatchReport);
    if (shrink) mutant.shrink = shrink;
  }
}
