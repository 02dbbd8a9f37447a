/**
 * A mismatch ends its game, not the run: whatever state it leaves the program and the emulated
 * devices in, the run plays its next games and every mismatching game can be written as a record.
 * Each faulty program here once ended `piskasm diff` with an error line after its first report.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { reportGame, writeRecordFiles } from "../../checks/record-files.js";
import { buildReport } from "../../harness/mismatch-report.js";
import { runDiff } from "../../harness/run.js";
import { DEFAULT_SHRINK_MS } from "../../harness/shrink.js";
import type { GameOutcome, GameSpec } from "../../harness/model.js";
import { sweepGame } from "./fault-session.js";
import { faultyFloppy, type SourceEdit } from "./faulty-floppy.js";
import { BOOT } from "./setup.js";

const out = mkdtempSync(join(tmpdir(), "piskasm-after-mismatch-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The games `specs` of the faulty program in one job, shrinking each mismatch as `piskasm diff` does. */
const sweep = (edit: SourceEdit, indices: readonly number[]): Promise<GameOutcome[]> =>
  run(edit, indices.map(sweepGame));

async function run(edit: SourceEdit, specs: readonly GameSpec[]): Promise<GameOutcome[]> {
  const boot = { ...BOOT, image: faultyFloppy(edit) };
  const { outcomes } = await runDiff({ boot, specs: [...specs], jobs: 1, shrinkMs: DEFAULT_SHRINK_MS });
  return outcomes;
}

/** Each mismatching game's PSQ and SGF records, written as the diff writes them beside its report. */
function writeRecords(outcomes: readonly GameOutcome[]): string[] {
  return outcomes
    .filter((o) => o.mismatch)
    .flatMap((o) =>
      writeRecordFiles(join(out, `game${o.spec.index}.json`), reportGame(buildReport(o, "builtin"))),
    );
}

describe("after a mismatch the run goes on", () => {
  it("from the menu when the program was left in its seed prompt (a prompt one space longer)", async () => {
    const edit = { file: "piskasm/texts.inc", from: "Esc = back: '", to: "Esc = back:  '" };
    const indices = [0, 1, 2, 3, 4, 5, 6, 7];
    const outcomes = await sweep(edit, indices);
    expect(outcomes.map((o) => o.spec.index)).toEqual(indices);
    expect(outcomes[0].mismatch?.diffs.map((d) => d.field)).toContain("Settle");
  }, 90_000);

  it("with each game's stones recorded once when the mismatch shows as it leaves the game (a menu typo)", async () => {
    const edit = { file: "piskasm/texts.inc", from: "S = seed  3 = quit", to: "S = seed  3 = qiut" };
    // Game 0 finds the typo at the start; game 1, checked from the menu as the program shows it, ends
    // after two computer moves with Esc, and the menu it comes back to shows the typo again.
    const capped = (index: number): GameSpec => ({
      index,
      whoStarts: "human",
      policy: "random",
      policySeed: 7,
      maxComputerMoves: 2,
    });
    const outcomes = await run(edit, [capped(0), capped(1)]);
    expect(outcomes.map((o) => o.mismatch !== undefined)).toEqual([true, true]);
    expect(outcomes[1].computerMoves).toHaveLength(2);
    expect(writeRecords(outcomes)).toHaveLength(4);
  }, 90_000);
});
