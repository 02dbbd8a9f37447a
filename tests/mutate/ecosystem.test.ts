/** The campaign's files in the mutation-testing ecosystem's format, the kill matrix and the minimal games. */
import { describe, expect, it } from "vitest";
import { ecosystemHtml, ecosystemReport } from "../../mutate/ecosystem.js";
import { killMatrix, minimalGames } from "../../mutate/kill-matrix.js";
import { schemaErrors } from "./schema.js";
import {
  MUTATION_FORMAT,
  verdictKey,
  type MutantResult,
  type MutationReport,
  type Verdict,
} from "../../mutate/report.js";

const mutant = (id: string, line: number, status: MutantResult["status"], games: number): MutantResult => ({
  id,
  file: "piskasm/engine.inc",
  line,
  routine: "pc_move",
  operator: "jump-invert",
  original: "        jbe .forward_next",
  mutated: "        ja .forward_next",
  inMacro: false,
  status,
  games,
});

/** A report of four games (engine, engine, random, random), mutants of every status. */
function sample(): MutationReport {
  const mutants = [
    { ...mutant("a", 2, "killed", 1), report: "mismatch-a.json" },
    mutant("b", 3, "killed", 3),
    { ...mutant("c", 4, "timeout", 3), message: "no progress" },
    { ...mutant("d", 5, "crashed", 4), message: "no menu" },
    mutant("e", 6, "survived", 4),
    { ...mutant("f", 7, "survived", 4), original: "mov bh, 0", mutated: ";" },
  ];
  return {
    format: MUTATION_FORMAT,
    target: "asm",
    routines: ["pc_move"],
    plan: {
      games: 4,
      probes: 0,
      policies: ["engine", "random"],
      seed: 1,
      maxComputerMoves: 100,
      timeoutMs: 1,
      shrinkMs: 0,
    },
    identity: { program: "p", settings: "s" },
    jobs: 1,
    generated: 7,
    dropped: { notAssembling: 1, identical: 0, duplicate: 0 },
    unbuilt: [{ ...mutant("g", 8, "killed", 0), mutated: "        jbe .nowhere" }],
    partial: null,
    mutants,
    figures: {
      mutants: 6,
      killed: 4,
      timeouts: 1,
      crashed: 1,
      survived: 2,
      equivalent: 1,
      machineChecked: 0,
      proseVerdicts: 1,
      score: 80,
      mismatchScore: 80,
      wallS: 1,
      medianGamesToKill: 3,
      shrinkMedianMovesBefore: 0,
      shrinkMedianMovesAfter: 0,
      shrunk: 0,
    },
    started: "2026-01-01T00:00:00.000Z",
  };
}

const verdicts = new Map<string, Verdict>([
  [verdictKey(sample().mutants[5]), { verdict: "equivalent", why: "BH is 0 already" }],
]);
const SOURCE = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join("\n");

describe("the mutation-testing-report-schema report", () => {
  const report = ecosystemReport(sample(), verdicts, () => SOURCE);
  const byId = new Map(report.files["asm/piskasm/engine.inc"].mutants.map((m) => [m.id, m]));

  it("validates against the schema's JSON schema", () => {
    expect(schemaErrors(report)).toBe("");
  });

  it("maps every status: killed and crashed Killed, timeout Timeout, an equivalent survivor Ignored, NASM's refusal CompileError", () => {
    expect([...byId].map(([id, m]) => [id, m.status])).toEqual([
      ["a", "Killed"],
      ["b", "Killed"],
      ["c", "Timeout"],
      ["d", "Killed"],
      ["e", "Survived"],
      ["f", "Ignored"],
      ["g", "CompileError"],
    ]);
    expect(byId.get("f")?.statusReason).toBe("equivalent: BH is 0 already");
    expect(byId.get("d")?.statusReason).toContain("crashed");
  });

  it("names the killing game as the test that killed, the games played as those that covered", () => {
    expect(byId.get("a")).toMatchObject({ killedBy: ["game 0"], coveredBy: ["game 0"], testsCompleted: 1 });
    expect(byId.get("b")).toMatchObject({ killedBy: ["game 2"], coveredBy: ["game 0", "game 1", "game 2"] });
    expect(byId.get("e")?.killedBy).toBeUndefined();
    expect(Object.keys(report.testFiles ?? {})).toEqual(["policy engine", "policy random"]);
  });

  it("locates the change on its line: the columns of the changed text and its replacement", () => {
    // "        jbe .forward_next" -> "        ja .forward_next": "be" (columns 10-11) becomes "a".
    expect(byId.get("a")).toMatchObject({
      location: { start: { line: 2, column: 10 }, end: { line: 2, column: 12 } },
      replacement: "a",
    });
  });

  it("inlines the viewer and the report into one HTML file that loads nothing", () => {
    const html = ecosystemHtml(report, "piskasm <test>");
    expect(html).toContain("customElements.define");
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
    expect(html).toContain("piskasm &lt;test>");
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });
});

describe("the kill matrix and the minimal games", () => {
  it("names each kill's game and policy, and covers every killed mutant with the fewest games", () => {
    const report = sample();
    const matrix = killMatrix(report);
    expect(matrix.mutants).toEqual({
      a: { game: 0, policy: "engine", status: "killed" },
      b: { game: 2, policy: "random", status: "killed" },
      c: { game: 2, policy: "random", status: "timeout" },
      d: { game: 3, policy: "random", status: "crashed" },
    });
    expect(matrix.kills).toEqual({ 0: ["a"], 2: ["b", "c"], 3: ["d"] });
    const minimal = minimalGames(report, matrix);
    expect(minimal).toMatchObject({ games: [2, 0, 3], newKills: [2, 1, 1], killed: 4 });
    expect(minimal.plan.only).toBeUndefined();
  });
});
