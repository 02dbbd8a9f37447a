/**
 * BOARD with 40 stones: the position reaches PISKASM.COM through its own set-up mode (clicks), its state
 * (Info included) equals engine-ts applying the stones in the BOARD order, and the next move equals
 * engine-ts's, both at the engine and through the protocol.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BOARD_SIZE, COMPUTER, Game, HUMAN, isWin } from "../../engine-ts/index.js";
import type { PositionStone } from "../../engines/engine.js";
import { PiskasmAsmEngine } from "../../engines/piskasm-asm.js";
import { compareStates } from "../../checks/compare.js";
import { ROOT, withBrain } from "../../testkit/brain-process.js";

const SEED = 2024;
const STONES = 40;

/** 40 stones, 20 each, no five anywhere, in a shuffled order (BOARD's order is free in gomoku). */
function position(seed: number): PositionStone[] {
  let x = seed;
  const next = (): number => {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    return x >> 8;
  };
  const board = new Uint8Array(BOARD_SIZE * BOARD_SIZE);
  const stones: PositionStone[] = [];
  while (stones.length < STONES) {
    const own = stones.length % 2 === 1;
    const cell = 4 * BOARD_SIZE + 4 + (next() % 11) * BOARD_SIZE + (next() % 11);
    if (board[cell] !== 0) continue;
    board[cell] = own ? 1 : 2;
    if (isWin(board, cell)) {
      board[cell] = 0;
      continue;
    }
    stones.push({ at: { x: cell % BOARD_SIZE, y: Math.floor(cell / BOARD_SIZE) }, own });
  }
  for (let i = stones.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [stones[i], stones[j]] = [stones[j], stones[i]];
  }
  return stones;
}

/** engine-ts: the set-up mode with the stones in order, then Enter (the computer moves). */
function reference(stones: readonly PositionStone[]): Game {
  const game = Game.setUp(SEED);
  for (const s of stones) game.placeStone(s.at.y * BOARD_SIZE + s.at.x, s.own ? COMPUTER : HUMAN);
  game.handOver("computer");
  return game;
}

describe("a 40-stone BOARD", () => {
  const stones = position(7);
  const expected = reference(stones);
  const answer = `${expected.state.lastPC % BOARD_SIZE},${Math.floor(expected.state.lastPC / BOARD_SIZE)}`;

  it("loads into PISKASM.COM through its set-up mode with the state and next move of engine-ts", async () => {
    const engine = new PiskasmAsmEngine({
      boot: { image: join(ROOT, "build", "piskasm.img"), dos: "builtin", timeoutMs: 20_000 },
      check: true,
      reportsDir: join(ROOT, "reports"),
      message: (text) => {
        throw new Error(`the engine's own check spoke up: ${text}`);
      },
      log: () => undefined,
    });
    try {
      await engine.newGame({ size: BOARD_SIZE, rule: 0, seed: SEED });
      await engine.setPosition(stones);
      const move = await engine.ownMove();
      const state = await engine.programState();
      expect(state.moveCount).toBe(STONES + 1);
      expect(compareStates(state, expected.state)).toEqual([]);
      expect(`${move.x},${move.y}`).toBe(answer);
    } finally {
      await engine.close();
    }
  });

  it.each(["asm", "ts"])(
    "is answered through the protocol by --engine %s with engine-ts's move",
    async (engine) => {
      await withBrain(["--engine", engine, "--seed", String(SEED)], async (brain) => {
        expect(await brain.ask("START 19")).toBe("OK");
        brain.send(["BOARD", ...stones.map((s) => `${s.at.x},${s.at.y},${s.own ? 1 : 2}`)]);
        brain.send("DONE");
        expect(await brain.next()).toBe(answer);
      });
    },
  );
});
