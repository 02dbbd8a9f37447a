/** docs/mutation.md from a campaign's report and the verdicts on its survivors. */
import {
  figures,
  squashLine,
  verdictKey,
  type MutantResult,
  type MutationReport,
  type Verdict,
} from "./report.js";

const cell = (text: string): string => text.replace(/\|/g, "\\|").trim();
const code = (file: string, text: string): string => `\`${squashLine(file, text).replace(/`/g, "'")}\``;

function routineTable(mutants: readonly MutantResult[], verdicts: ReadonlyMap<string, Verdict>): string[] {
  const lines = [
    "| routine | mutants | killed | by timeout | survived | equivalent | score | median games per kill |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const routines = [...new Set(mutants.map((m) => m.routine))];
  for (const routine of routines) {
    const own = mutants.filter((m) => m.routine === routine);
    const f = figures(own, verdicts, 0);
    lines.push(
      `| ${routine} | ${f.mutants} | ${f.killed} | ${f.timeouts} | ${f.survived} | ${f.equivalent} | ${f.score} % | ${f.medianGamesToKill} |`,
    );
  }
  return lines;
}

function gamesHistogram(mutants: readonly MutantResult[]): string[] {
  const counts = new Map<number, number>();
  for (const m of mutants) if (m.status !== "survived") counts.set(m.games, (counts.get(m.games) ?? 0) + 1);
  const keys = [...counts.keys()].sort((a, b) => a - b);
  return ["| games to kill | mutants |", "|---:|---:|", ...keys.map((k) => `| ${k} | ${counts.get(k)} |`)];
}

function survivorLines(report: MutationReport, verdicts: ReadonlyMap<string, Verdict>): string[] {
  const survivors = report.mutants.filter((m) => m.status === "survived");
  if (survivors.length === 0) return ["No mutant survived."];
  const out: string[] = [];
  for (const m of survivors) {
    const v = verdicts.get(verdictKey(m));
    const verdict = m.proof
      ? `**equivalent, checked by machine** (model ${m.proof} of ${report.target === "asm" ? "mutate/asm-equivalence.ts" : "mutate/equivalence.ts"})${v ? `; also argued: ${v.why}` : ""}`
      : v
        ? `**${v.verdict}**: ${v.why}`
        : `**not yet judged** (no verdict in ${report.target === "asm" ? "mutate/verdicts.json" : "mutate/verdicts-ts.json"})`;
    out.push(
      `- \`${m.id}\` (${m.routine}, ${m.operator}${m.inMacro ? ", in a macro: every expansion" : ""}): ${code(m.file, m.original)} → ${code(m.file, m.mutated)}  `,
    );
    out.push(`  ${cell(verdict)}`);
  }
  return out;
}

function intro(target: "asm" | "ts"): string[] {
  const subject =
    target === "asm"
      ? [
          "How strong is `piskasm diff`? Each mutant is PISKASM.COM with one small fault made in its NASM source",
          "and reassembled (a conditional jump inverted or swapped with its neighbour condition, an immediate, a",
          "table word or a constant +1/-1, an instruction removed), booted from its own floppy and played against",
          "engine-ts by the differential harness until the first mismatch (killed) or the last game (survived).",
        ]
      : [
          "How strong is `piskasm diff` on its other side? Each mutant is engine-ts with one small fault made",
          "through the TypeScript compiler API (a comparison inverted or swapped with its neighbour, a numeric",
          "literal +1/-1, an expression statement removed), bundled into the differential harness as the",
          "reference's engine-ts (the model of the program, program-ts, imports the mutant; the policies that",
          "choose the human's moves and the reports keep the unmutated engine-ts: mutate/ts-target.ts) and",
          "played against the real PISKASM.COM until the first mismatch (killed) or the last game (survived).",
          "A reference that throws while it forms its expectation (as its modules load, at the program's start",
          "or after an input) is a mismatch of its own, `Reference`: the error's message against the program's",
          "phase, the input after which it failed, the error's stack in the report's `detail`. One that loops",
          "for ever is one too: its worker counts each input before the reference is given it (shared",
          "memory), and when the worker falls silent the run thread plays that game again with the unmutated",
          "reference, which agrees with the program up to there as the mutant did, and reports that input:",
          "the reference gave no answer.",
        ];
  return [
    `# Mutation testing of the differential harness: the ${target === "asm" ? "whole asm program" : "engine-ts evaluator"}`,
    "",
    ...subject,
    "The harness compares the whole state, the screen and the program's own code and read-only data (a",
    "write there is a mismatch); after the policies' games come the probe games (harness/probe.ts):",
    "set-up positions, made with the emulated mouse and keyboard, for paths played games seldom reach.",
    "A survivor is either **equivalent** (no input can tell it from the program: a model checks it by",
    target === "asm"
      ? "machine over every input, mutate/asm-equivalence.ts, or the argument is given) or **missed** (a"
      : "machine over every input, mutate/equivalence.ts, or the argument is given) or **missed** (a",
    "defect of the harness or its policies).",
    "",
    "Each kill leaves its mismatch report in the campaign's `reports/` folder beside the mutant (its",
    target === "asm"
      ? "program as `ID.COM`: copy it to `PISKASM.COM` and make a floppy with `scripts/mkimg.sh IMG disk/AUTOEXEC.BAT build/MOUSE.COM PISKASM.COM`);"
      : "engine-ts file as `ID.ts`: put it in place of its file and `make` to replay with it);",
    `\`piskasm replay REPORT${target === "asm" ? " --image IMG" : ""}\` replays the killing game, \`--shrunk\` its shrunk game.`,
    "",
    "Beside `mutation.json` the campaign's folder holds `mutation-report.json`, the report in",
    "mutation-testing-report-schema (the format of Stryker's dashboard and tools: each game is a test, the",
    "killing game the one that killed), `mutation-report.html`, the mutation-testing-elements viewer with",
    "that report, working offline, `kill-matrix.json` (the game and policy that killed each mutant) and",
    "`minimal-games.json` (the fewest games that kill every killed mutant, chosen greedily):",
    "`piskasm mutate --games-from DIR/minimal-games.json` plays just those, a fast pre-commit campaign.",
    "",
    target === "asm"
      ? "Regenerate this page with `make mutation-report`; after new verdicts, `make mutation-doc` rewrites it from the last campaign's reports/mutation/mutation.json."
      : "Regenerate this page with `make mutation-report-ts`; after new verdicts, `make mutation-doc-ts` rewrites it from the last campaign's reports/mutation-ts/mutation.json.",
    "",
  ];
}

function outOfScopeLines(outOfScope: MutationReport["outOfScope"]): string[] {
  if (!outOfScope) return [];
  const names = Object.entries(outOfScope).map(([name, { why }]) => `${name} (${why})`);
  return [`- not mutated, because the differential check never runs them: ${names.join("; ")}`];
}

/**
 * The kills that are not a mismatch, each with what the harness saw: a guest that hung (the
 * instruction watchdog, or a worker silent past the pool's limit) or a run the harness could not go on
 * with. Each is the mutant's behaviour, but no difference of the check names it.
 */
function hangLines(mutants: readonly MutantResult[], target: "asm" | "ts"): string[] {
  const hung = mutants.filter((m) => m.status === "timeout" || m.status === "crashed");
  if (hung.length === 0) return ["None: every kill is a mismatch of the check."];
  const silent =
    target === "ts"
      ? [
          "A worker silent past the limit is a mutated engine-ts that loops for ever inside one call of the",
          "reference; it is a `Reference` mismatch when its game, played again, comes to the input the",
          "worker counted last. Each listed here did not (the message says where it stopped).",
          "",
        ]
      : [];
  return [
    "Killed, but not by a difference the check names; what the harness saw:",
    "",
    ...silent,
    ...hung.map((m) => `- \`${m.id}\` (${m.routine}), ${m.status}: ${m.message ?? "no message"}`),
  ];
}

export function markdown(report: MutationReport, verdicts: ReadonlyMap<string, Verdict>): string {
  const f = report.figures;
  const { plan, dropped } = report;
  return [
    ...intro(report.target),
    "## The campaign",
    "",
    `- routines: ${report.routines.join(", ")}`,
    ...outOfScopeLines(report.outOfScope),
    `- ${report.generated} mutants generated; dropped: ${dropped.notAssembling} that do not assemble, ${dropped.identical} byte-identical to the program, ${dropped.duplicate} byte-identical to an earlier mutant`,
    `- ${f.mutants} mutants run${report.partial ? ` (partial: ${report.partial})` : ""}, each up to ${plan.games + (plan.probes ?? 0)} games (policies ${plan.policies.join(", ")}, two games each in turn, game i with Seed (${plan.seed} + 40503 i) mod 65536${plan.probes ? `; then ${plan.probes} probe games, harness/probe.ts's set-up positions` : ""}), at most ${plan.maxComputerMoves} computer moves a game, ${plan.timeoutMs} ms per step before a timeout, ${report.jobs} jobs`,
    `- started ${report.started}, wall time ${f.wallS} s`,
    ...(report.note ? [`- note: ${report.note}`] : []),
    "",
    "## Figures",
    "",
    "| figure | value |",
    "|---|---:|",
    `| mutants | ${f.mutants} |`,
    `| killed | ${f.killed} |`,
    `| of them by timeout (the guest hung) | ${f.timeouts} |`,
    `| of them by a crash (the program left the phases the harness drives) | ${f.crashed} |`,
    `| survived | ${f.survived} |`,
    `| equivalent | ${f.equivalent} |`,
    `| of them checked by machine / argued in prose | ${f.machineChecked} / ${f.proseVerdicts} |`,
    `| score: killed / (mutants - equivalent) | ${f.score} % |`,
    `| killed by a mismatch alone (not a hang or a crash) / (mutants - equivalent) | ${f.mismatchScore} % |`,
    `| median games to kill | ${f.medianGamesToKill} |`,
    `| killing games shrunk | ${f.shrunk} |`,
    `| median human moves of a killing game, before / after shrinking | ${f.shrinkMedianMovesBefore} / ${f.shrinkMedianMovesAfter} |`,
    "",
    "## Score per routine",
    "",
    ...routineTable(report.mutants, verdicts),
    "",
    "## Games per kill",
    "",
    ...gamesHistogram(report.mutants),
    "",
    "## Kills by a hang or a crash",
    "",
    ...hangLines(report.mutants, report.target),
    "",
    "## Survivors",
    "",
    ...survivorLines(report, verdicts),
    "",
  ].join("\n");
}
