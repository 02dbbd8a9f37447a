/**
 * Menu key 4 under FreeDOS: a position of 20 stones set up by mouse clicks (left O, right X, through
 * MOUSE.COM and the emulated PS/2 mouse) has the state of engine-ts's set-up with the same stones in
 * the same order: Plocha, Info, Random, LastPC, VolnaPole, MoveCount and Phase, after Tab (the human
 * moves) and after Enter (the computer answers at once); the screen shows exactly those stones.
 */
import { describe, expect, it } from "vitest";
import { BOARD_SIZE, COMPUTER, Game, HUMAN, isWin, type ToMove } from "../../engine-ts/index.js";
import { compareStates } from "../../checks/compare.js";
import { Prng } from "../../util/prng.js";
import { ProgramChecker } from "../../checks/checker.js";
import type { GameSession, SetUpStone } from "../../guest/session.js";
import { freedosGameForDescribe, noFreedos, tierName } from "./tier.js";

/** Generous: the FreeDOS tier often shares the machine with other emulators. */
const STEP_TIMEOUT_MS = 60_000;
const SEED = 3107;
const STONES = 20;
/** The stones go into the 9x9 square around the centre, where a real game's stones are. */
const SQUARE = 9;
const SQUARE_CORNER = 5 * BOARD_SIZE + 5;

/** 20 stones, alternately O and X, in the central square, in a seeded order, with no five. */
function twentyStones(seed: number): SetUpStone[] {
  const prng = new Prng(seed);
  const board = new Uint8Array(BOARD_SIZE * BOARD_SIZE);
  const stones: SetUpStone[] = [];
  while (stones.length < STONES) {
    const side = stones.length % 2 === 0 ? HUMAN : COMPUTER;
    const cell = SQUARE_CORNER + prng.below(SQUARE) * BOARD_SIZE + prng.below(SQUARE);
    if (board[cell] !== 0) continue;
    board[cell] = side;
    if (isWin(board, cell)) board[cell] = 0;
    else stones.push({ cell, side });
  }
  return stones;
}

/** engine-ts: menu key 4 with the forced seed, the stones in order, then the hand-over. */
function reference(stones: readonly SetUpStone[], toMove: ToMove): Game {
  const game = Game.setUp(SEED);
  for (const stone of stones) expect(game.placeStone(stone.cell, stone.side)).toBe("playing");
  game.handOver(toMove);
  return game;
}

describe.skipIf(noFreedos)(tierName("FreeDOS: the set-up mode (menu key 4)"), () => {
  const game = freedosGameForDescribe(STEP_TIMEOUT_MS, (session) => session.useSeed(SEED));
  const opened = (): GameSession => game.session();

  it.each(["human", "computer"] as const)(
    "a 20-stone position set up by clicks, then %s to move, has the state and Info of engine-ts",
    async (toMove) => {
      const stones = twentyStones(SEED);
      const expected = reference(stones, toMove);
      // The whole program against its model after every click and key of the set-up.
      const checker = ProgramChecker.for(opened(), { settleTimeoutMs: STEP_TIMEOUT_MS, sink: "throw" });
      const state = await opened().setUpPosition(stones, toMove);
      const screen = opened().machine.screen();
      const diffs = [...compareStates(state, expected.state), ...checker.compare()];
      expect(diffs, `the screen:\n${screen.lines.join("\n")}`).toEqual([]);
      expect(state.seed).toBe(SEED);
      expect(state.moveCount).toBe(toMove === "computer" ? STONES + 1 : STONES);
      expect(state.info.some((value) => value !== 0)).toBe(true);
      await opened().backToMenu();
    },
    STEP_TIMEOUT_MS * 3,
  );
});
