/** `piskasm mutate` as a user runs it: named mutants, their fate, the report and its verdicts. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { MutationReport } from "../../mutate/report.js";
import { readReport } from "../../checks/report.js";
import { CLI, findMutant } from "./mutants.js";

const out = mkdtempSync(join(tmpdir(), "piskasm-mutate-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function mutate(
  name: string,
  ids: string[],
  options: string[] = [],
): { report: MutationReport; markdown: string; stderr: string } {
  const dir = join(out, name);
  const md = join(out, `${name}.md`);
  const run = spawnSync(
    process.execPath,
    // No probe games: these mutants are told apart (or not) by played games; tests/mutate/probes.test.ts runs the probes.
    [
      CLI,
      "mutate",
      "--ids",
      ids.join(","),
      "--games",
      "8",
      "--probes",
      "0",
      "--jobs",
      "2",
      "--out",
      dir,
    ].concat(["--markdown", md], options),
    {
      encoding: "utf8",
      timeout: 170_000,
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return {
    report: JSON.parse(readFileSync(join(dir, "mutation.json"), "utf8")) as MutationReport,
    markdown: readFileSync(md, "utf8"),
    stderr: run.stderr,
  };
}

describe("piskasm mutate", () => {
  it("kills a defence value one lower and PCMove's tie rule turned round, which the two old hand-made faults did not probe", () => {
    const defence = findMutant("constants@engine", "VAL_DEF_FIVE equ 3850", "constant-1");
    // jbe -> jb: an equal score later in the scan now wins; only ties between best cells tell.
    const ties = findMutant("pc_move", "jbe .forward_next", "jump-neighbour");
    const { report } = mutate("killed", [defence.id, ties.id]);
    expect(report.mutants.map((m) => [m.id, m.status])).toEqual([
      [defence.id, "killed"],
      [ties.id, "killed"],
    ]);
    expect(report.figures).toMatchObject({ mutants: 2, killed: 2, survived: 0 });
    for (const m of report.mutants) expect(m.report).toMatch(/^mismatch-.*\.json$/);
  });

  it("reports a surviving mutant with an argued verdict as equivalent, in mutation.json and in the Markdown", () => {
    // first_move: BX = 25 (the divisor) two lines before `mov bh, 0`, so BH is 0 already.
    const equivalent = findMutant("first_move", "mov bh, 0", "remove");
    const { report, markdown } = mutate("equivalent", [equivalent.id]);
    expect(report.mutants[0]).toMatchObject({ id: equivalent.id, status: "survived", games: 8 });
    expect(report.figures).toMatchObject({ mutants: 1, killed: 0, equivalent: 1, score: 100 });
    expect(markdown).toContain(`\`${equivalent.id}\``);
    expect(markdown).toMatch(/\*\*equivalent\*\*: .*BH/);
  });

  it("kills engine-ts mutants that throw as their modules load, throw on a move and loop for ever, each by a Reference mismatch in a report piskasm replay plays", () => {
    const silenceMs = 15_000;
    const mutants = {
      "tables.ts:60:immediate+1:2": /^the reference model failed to load: Bodovani sizes are inconsistent$/,
      "update.ts:60:immediate-1": /^the reference model failed: [A-S]\d+ is occupied$/,
      "update.ts:45:remove": new RegExp(`^the reference model failed: no answer within ${silenceMs} ms`),
    };
    const { report } = mutate("reference", Object.keys(mutants), [
      "--target",
      "ts",
      "--timeout-ms",
      `${silenceMs}`,
    ]);
    expect(report.figures).toMatchObject({ mutants: 3, killed: 3, timeouts: 0, crashed: 0 });
    for (const [id, failure] of Object.entries(mutants)) {
      const mutant = report.mutants.find((m) => m.id === id);
      if (!mutant?.report) throw new Error(`${id}: no report (${mutant?.status}: ${mutant?.message})`);
      const path = join(out, "reference", "reports", mutant.report);
      const kill = readReport(path);
      expect(kill.diffs[0]?.field, id).toBe("Reference");
      expect(kill.diffs[0]?.ts, id).toMatch(failure);
      expect(kill.detail, id).toBeTruthy();
      if (id !== "update.ts:45:remove") continue;
      // Its game, played by the unmutated engine-ts, agrees with the program: the mutant's file in place would loop.
      const replay = spawnSync(process.execPath, [CLI, "replay", path], {
        encoding: "utf8",
        timeout: 120_000,
      });
      expect(replay.status, replay.stderr).toBe(0);
      expect(replay.stdout).toContain("no divergence");
    }
  });

  it("refuses an unknown mutant id with one line and exit code 2", () => {
    const run = spawnSync(
      process.execPath,
      [CLI, "mutate", "--ids", "engine.inc:1:nothing", "--out", join(out, "bad")],
      { encoding: "utf8" },
    );
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("--ids: no mutant engine.inc:1:nothing");
  });
});
