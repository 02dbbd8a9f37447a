/**
 * docs/coverage.md from a coverage report: the command that made it, the figures, the table per
 * routine, and every block and one-way jump left with its reason (debug/coverage-reasons.ts) or
 * "no reason recorded".
 */
import { percent, type CoverageReport, type Figures } from "./coverage-report.js";
import { reasonFor } from "./coverage-reasons.js";
import { hex } from "../util/hex.js";

const cell = (text: string): string => `\`${text.replace(/`/g, "'").replace(/\|/g, "\\|")}\``;

function figureRow(name: string, f: Figures): string {
  return `| ${name} | ${f.blocksHit}/${f.blocks} | ${f.blocksPercent} % | ${f.jumpsBoth}/${f.jumps} | ${f.jumpsBothPercent} % |`;
}

/**
 * The whole program's figures without what a recorded reason says the campaign cannot reach (another
 * floppy's paths): the blocks run of those it can run, the jumps seen both ways of those it can.
 */
export function reachableFigures(report: CoverageReport): {
  blocksPercent: number;
  jumpsBothPercent: number;
} {
  const blocksOut = report.uncoveredBlocks.filter((b) => reasonFor(b.routine, b.start, b.text)).length;
  const jumpsOut = report.oneWayJumps.filter(({ jump }) =>
    reasonFor(jump.routine, jump.offset, jump.text),
  ).length;
  return {
    blocksPercent: percent(report.program.blocksHit, report.program.blocks - blocksOut),
    jumpsBothPercent: percent(report.program.jumpsBoth, report.program.jumps - jumpsOut),
  };
}

export function coverageMarkdown(report: CoverageReport, command: string, summary: string): string {
  const noReason = "**no reason recorded: reach it or explain it**";
  const lines = [
    "# Coverage of PISKASM.COM by the differential campaign",
    "",
    `Made by \`${command}\` (\`make coverage\`); do not edit by hand: the reasons live in debug/coverage-reasons.ts.`,
    "The mechanism (one-shot INT 3s, jumps watched at their own trap) is in architecture.md, section 10.",
    "",
    `Run: ${summary}`,
    "",
    `- coverage.evaluator_blocks_percent ${report.evaluator.blocksPercent}`,
    `- coverage.evaluator_jumps_both_percent ${report.evaluator.jumpsBothPercent}`,
    `- coverage.program_blocks_percent ${report.program.blocksPercent}`,
    `- coverage.program_jumps_both_ways_percent ${report.program.jumpsBothPercent}`,
    `- coverage.program_reachable_blocks_percent ${reachableFigures(report).blocksPercent} (without the paths a reason below says this floppy cannot reach)`,
    `- coverage.program_reachable_jumps_both_ways_percent ${reachableFigures(report).jumpsBothPercent}`,
    "",
    "| routine | blocks run | | jumps both ways | |",
    "|---|---|---|---|---|",
    ...report.routines.map((r) => figureRow(r.routine, r)),
    figureRow("**whole program**", report.program),
    figureRow("**evaluator**", report.evaluator),
    "",
    `## Blocks not run (${report.uncoveredBlocks.length})`,
    "",
    "| offset | routine | line | source | why |",
    "|---|---|---|---|---|",
    ...report.uncoveredBlocks.map(
      (b) =>
        `| ${hex(b.start, 4)} | ${b.routine} | ${b.file.replace(/^.*\//, "")}:${b.line} | ${cell(b.text)} | ${reasonFor(b.routine, b.start, b.text) ?? noReason} |`,
    ),
    "",
    `## Conditional jumps not seen both ways (${report.oneWayJumps.length})`,
    "",
    "| offset | routine | line | source | seen | why |",
    "|---|---|---|---|---|---|",
    ...report.oneWayJumps.map(
      ({ jump, seen, exhausted }) =>
        `| ${hex(jump.offset, 4)} | ${jump.routine} | ${jump.file.replace(/^.*\//, "")}:${jump.line} | ${cell(jump.text)} | ${seen.join(", ") || "never ran"}${exhausted ? " (watch ended)" : ""} | ${reasonFor(jump.routine, jump.offset, jump.text) ?? noReason} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
