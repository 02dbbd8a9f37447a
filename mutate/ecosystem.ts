/**
 * The campaign in the mutation-testing ecosystem's format: DIR/mutation-report.json follows
 * mutation-testing-report-schema (as Stryker's and PIT's reports do), and DIR/mutation-report.html is
 * the mutation-testing-elements viewer with its script and the report inlined (it works offline).
 *
 * Each game is a "test" (its number, policy, who starts and Seed; one test file per policy): a kill's
 * killedBy is its killing game, coveredBy the games it played. Statuses: killed and crashed are Killed
 * (crashed with why), timeout Timeout, survived Survived, or Ignored with an equivalent verdict (so
 * the viewer's score is the campaign's: killed / (mutants - equivalent)), a mutant NASM refused
 * CompileError. Source files are keyed by their path in the project (asm/piskasm/engine.inc).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type {
  FileResult,
  MutantResult as SchemaMutant,
  MutantStatus as SchemaStatus,
  MutationTestResult,
  TestFile,
} from "mutation-testing-report-schema";
import type { GameSpec } from "../harness/model.js";
import { mutantGames } from "./campaign.js";
import { killingGame, reportPlan } from "./kill-matrix.js";
import {
  verdictKey,
  type MutantDescription,
  type MutantResult,
  type MutationReport,
  type Verdict,
} from "./report.js";

/** The project path of a mutant's file (asm mutants name theirs relative to asm/). */
export const projectFile = (report: MutationReport, file: string): string =>
  report.target === "asm" ? `asm/${file}` : file;

const testId = (game: GameSpec): string => `game ${game.index}`;

function testFiles(games: readonly GameSpec[]): Record<string, TestFile> {
  const files: Record<string, TestFile> = {};
  for (const game of games) {
    const seed = game.seed === undefined ? "" : `, Seed ${game.seed}`;
    (files[`policy ${game.policy}`] ??= { tests: [] }).tests.push({
      id: testId(game),
      name: `game ${game.index}: ${game.policy}, the ${game.whoStarts} starts${seed}`,
    });
  }
  return files;
}

/** The changed part of the line: 1-based columns, end exclusive, and the text put in its place. */
function change(original: string, mutated: string): { start: number; end: number; replacement: string } {
  let head = 0;
  while (head < original.length && head < mutated.length && original[head] === mutated[head]) head++;
  let tail = 0;
  while (
    tail < original.length - head &&
    tail < mutated.length - head &&
    original[original.length - 1 - tail] === mutated[mutated.length - 1 - tail]
  )
    tail++;
  return {
    start: head + 1,
    end: Math.max(head + 1, original.length - tail + 1),
    replacement: mutated.slice(head, mutated.length - tail),
  };
}

function described(m: MutantDescription, status: SchemaStatus): SchemaMutant {
  const { start, end, replacement } = change(m.original, m.mutated);
  return {
    id: m.id,
    mutatorName: m.operator,
    description: `${m.routine}: ${m.operator}${m.inMacro ? " (in a macro: every expansion)" : ""}`,
    replacement,
    location: { start: { line: m.line, column: start }, end: { line: m.line, column: end } },
    status,
  };
}

function result(
  m: MutantResult,
  games: readonly GameSpec[],
  verdicts: ReadonlyMap<string, Verdict>,
): SchemaMutant {
  const verdict = verdicts.get(verdictKey(m));
  const killer = killingGame(games, m);
  const status: SchemaStatus =
    m.status === "timeout"
      ? "Timeout"
      : killer
        ? "Killed"
        : m.proof !== undefined || verdict?.verdict === "equivalent"
          ? "Ignored"
          : "Survived";
  const reason = m.proof
    ? `equivalent, checked by machine (model ${m.proof}, mutate/equivalence.ts or mutate/asm-equivalence.ts)`
    : killer
      ? [
          m.status === "crashed" ? "the program crashed" : "",
          m.message ?? "",
          m.report ? `report ${m.report}` : "",
        ]
          .filter(Boolean)
          .join("; ")
      : verdict
        ? `${verdict.verdict}: ${verdict.why}`
        : "";
  return {
    ...described(m, status),
    testsCompleted: m.games,
    coveredBy: games.slice(0, m.games).map(testId),
    ...(killer ? { killedBy: [testId(killer)] } : {}),
    ...(reason ? { statusReason: reason } : {}),
  };
}

const LANGUAGE = { asm: "nasm", ts: "typescript" } as const;

/** The report in mutation-testing-report-schema; `readSource` gives a file's text by project path. */
export function ecosystemReport(
  report: MutationReport,
  verdicts: ReadonlyMap<string, Verdict>,
  readSource: (projectPath: string) => string,
): MutationTestResult {
  const games = mutantGames(reportPlan(report));
  const files: Record<string, FileResult> = {};
  const fileOf = (file: string): FileResult => {
    const path = projectFile(report, file);
    return (files[path] ??= { language: LANGUAGE[report.target], source: readSource(path), mutants: [] });
  };
  for (const m of report.mutants) fileOf(m.file).mutants.push(result(m, games, verdicts));
  for (const m of report.unbuilt ?? [])
    fileOf(m.file).mutants.push({ ...described(m, "CompileError"), statusReason: "NASM refused it" });
  return {
    schemaVersion: "1",
    thresholds: { high: 80, low: 60 },
    projectRoot: ".",
    files,
    testFiles: testFiles(games),
    config: { target: report.target, routines: report.routines, plan: report.plan, partial: report.partial },
    framework: { name: "piskasm mutate" },
  };
}

/** The viewer's script, bundled by mutation-testing-elements (no network: it is inlined). */
function viewerScript(): string {
  const require = createRequire(import.meta.url);
  return readFileSync(require.resolve("mutation-testing-elements/dist/mutation-test-elements.js"), "utf8");
}

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** DIR/mutation-report.html: the viewer and the report, one file that works offline. */
export function ecosystemHtml(result: MutationTestResult, title: string): string {
  const escaped = title.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escaped}</title>
<script>${viewerScript().replace(/<\/(script)/gi, "<\\/$1")}</script>
</head>
<body>
<mutation-test-report-app title-postfix="${escaped}"></mutation-test-report-app>
<script>
document.querySelector("mutation-test-report-app").report = ${scriptJson(result)};
</script>
</body>
</html>
`;
}
