/**
 * The asm brain's move check can fail: with engine-ts given one altered table value, the first move
 * whose scores touch it differs; the program's move is still answered, a replayable report is written
 * and a MESSAGE is posted, once.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BOARD_SIZE, buildBodovani, LAYOUT } from "../../engine-ts/index.js";
import { PiskasmAsmEngine } from "../../engines/piskasm-asm.js";
import { readReport } from "../../checks/report.js";
import { ROOT } from "../../testkit/brain-process.js";

const reportsDir = mkdtempSync(join(tmpdir(), "piskasm-brain-check-"));
afterAll(() => rmSync(reportsDir, { recursive: true, force: true }));

describe("the asm brain's check against the model of the whole program", () => {
  it("reports a difference, answers the program's move anyway and says so once", async () => {
    const tables = buildBodovani();
    // Attack, length 5, a lone stone at the window's first cell: the value of almost every cell near a stone.
    tables[LAYOUT.attack[5] + 0b00001] += 1;
    const messages: string[] = [];
    const engine = new PiskasmAsmEngine({
      boot: { image: join(ROOT, "build", "piskasm.img"), dos: "builtin", timeoutMs: 20_000 },
      check: true,
      referenceTables: tables,
      reportsDir,
      message: (text) => messages.push(text),
      log: () => undefined,
    });
    try {
      await engine.newGame({ size: BOARD_SIZE, rule: 0, seed: 11 });
      await engine.opponentMove({ x: 9, y: 9 });
      const move = await engine.ownMove();
      const state = await engine.programState();
      expect(move.y * BOARD_SIZE + move.x).toBe(state.lastPC);
      await engine.opponentMove({ x: 3, y: 3 });
      await engine.ownMove();
      // The model's tables are in the data compared after every input: the difference shows at the
      // game's first key (its seed typed after menu key S), before any move.
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(/^PISKASM\.COM differs from its model after key "S" .*report /);
      const files = readdirSync(reportsDir);
      expect(files).toHaveLength(1);
      const report = readReport(join(reportsDir, files[0]));
      expect(report.seed).toBe(11);
      expect(report.moves).toEqual([]);
      expect(report.diffs).toContainEqual({
        field: "Bodovani",
        cell: null,
        row: null,
        col: null,
        asm: `[${LAYOUT.attack[5] + 1}] ${tables[LAYOUT.attack[5] + 1] - 1}`,
        ts: `[${LAYOUT.attack[5] + 1}] ${tables[LAYOUT.attack[5] + 1]}`,
      });
    } finally {
      await engine.close();
    }
  });
});
