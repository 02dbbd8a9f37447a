/**
 * A whole game through the protocol alone: the asm brain (PISKASM.COM in v86) against the ts brain
 * (engine-ts), two child processes and a small manager here. The test plays engine-ts itself beside
 * them: every move of the asm brain must be the move engine-ts makes as the computer in the same game.
 */
import { describe, expect, it } from "vitest";
import { BOARD_SIZE, Game, isWin } from "../../engine-ts/index.js";
import { BrainProcess, parseMove } from "../../testkit/brain-process.js";

const ASM_SEED = 1234;
const TS_SEED = 4321;
const MAX_STONES = BOARD_SIZE * BOARD_SIZE;

const cellOf = (move: { x: number; y: number }): number => move.y * BOARD_SIZE + move.x;
const moveOf = (cell: number): string => `${cell % BOARD_SIZE},${Math.floor(cell / BOARD_SIZE)}`;

describe("a game between two brains", () => {
  it("plays --engine asm against --engine ts to the end, and every asm move equals engine-ts's", async () => {
    const asm = BrainProcess.start(["--engine", "asm", "--seed", String(ASM_SEED)]);
    const ts = BrainProcess.start(["--engine", "ts", "--seed", String(TS_SEED)]);
    const messages: string[] = [];
    try {
      expect(await asm.ask("START 19")).toBe("OK");
      expect(await ts.ask("START 19")).toBe("OK");
      // engine-ts as the asm brain's computer: the same seed, the computer opens.
      const reference = Game.newGame(ASM_SEED, "computer");
      const board = new Uint8Array(MAX_STONES);
      let asmMove = await asm.ask("BEGIN");
      expect(asmMove).toBe(moveOf(reference.state.lastPC));
      let stones = 0;
      for (;;) {
        const asmCell = cellOf(parseMove(asmMove));
        board[asmCell] = 1;
        stones++;
        if (isWin(board, asmCell) || stones === MAX_STONES) break;
        ts.send(`TURN ${asmMove}`);
        const tsMove = await ts.answer(messages);
        const tsCell = cellOf(parseMove(tsMove));
        board[tsCell] = 2;
        stones++;
        if (isWin(board, tsCell) || stones === MAX_STONES) break;
        const outcome = reference.humanMove(tsCell);
        asm.send(`TURN ${tsMove}`);
        asmMove = await asm.answer(messages);
        expect(outcome.computer === null ? "none" : moveOf(outcome.computer), `after ${stones} stones`).toBe(
          asmMove,
        );
      }
      expect(stones).toBeGreaterThan(8);
      // The asm brain's own check found no difference either (it would have said so in a MESSAGE).
      expect(messages).toEqual([]);
      asm.send("END");
      ts.send("END");
      expect(await asm.exited).toBe(0);
      expect(await ts.exited).toBe(0);
    } catch (error) {
      if (error instanceof Error)
        error.message += `\nasm brain:\n${asm.exchange()}\nts brain:\n${ts.exchange()}`;
      throw error;
    } finally {
      asm.kill();
      ts.kill();
    }
  });
});
