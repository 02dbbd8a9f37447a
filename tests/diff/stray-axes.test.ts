/**
 * The argument of mutate/verdicts.json for is_win's stray axes: mutants that walk a fifth axis (the
 * code word after axis_steps_end) or step BX by 1 through axis_steps (the words that straddle two
 * steps) cannot find a false five, because from any stone those lines leave the board's memory at
 * once for memory no input writes (the program, the JIT gap, free memory). Checked here on the booted
 * program, at the menu and after games: the BSS (Plocha, Pad, Info, the scalars) counts as holding
 * whatever side is wanted; every other byte as it is.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOARD_SIZE, CELLS, COMPUTER, HUMAN } from "../../engine-ts/index.js";
import { openSession } from "../../guest/boot.js";
import type { GameSession } from "../../guest/session.js";
import { mutantGames } from "../../mutate/campaign.js";
import { playGame } from "../../harness/runner.js";
import { BOOT } from "./setup.js";

const SEGMENT = 0x10000;
/** Pad: BOARD_SIZE + 6 wall columns, 6 + 19 + 6 + 1 rows; cell (0,0) after 6 rows and 6 columns. */
const PAD_WIDTH = BOARD_SIZE + 6;
const PAD_SIZE = PAD_WIDTH * (6 + BOARD_SIZE + 6 + 1);
const PAD_ORIGIN = 6 * PAD_WIDTH + 6;
const WIN_LENGTH = 5;

function label(name: string): number {
  const symbols = JSON.parse(readFileSync(resolve("build/piskasm.sym.json"), "utf8")) as {
    labels: Array<{ name: string; offset: number }>;
  };
  const found = symbols.labels.find((l) => l.name === name);
  if (!found) throw new Error(`build/piskasm.sym.json has no label ${name}: run make`);
  return found.offset;
}

interface Memory {
  bytes: Uint8Array;
  /** Offsets [from, to) that count as holding any side (the BSS). */
  wild: { from: number; to: number };
}

/** The longest run of `side` along `stride` from offset `at` (not counting `at`), one way. */
function run(memory: Memory, at: number, stride: number, side: number): number {
  let n = 0;
  for (let k = 1; k < WIN_LENGTH; k++) {
    const x = (at + k * stride) & 0xffff;
    const wild = x >= memory.wild.from && x < memory.wild.to;
    if (!wild && memory.bytes[x] !== side) break;
    n++;
  }
  return n;
}

/** The most stones in a line a stray axis can count through any stone of either side. */
function longestStrayLine(memory: Memory, pad: number, strides: readonly number[]): number {
  let longest = 0;
  for (const stride of strides) {
    for (let cell = 0; cell < CELLS; cell++) {
      const at = pad + PAD_ORIGIN + PAD_WIDTH * Math.floor(cell / BOARD_SIZE) + (cell % BOARD_SIZE);
      for (const side of [COMPUTER, HUMAN]) {
        const line = 1 + run(memory, at, stride, side) + run(memory, at, -stride, side);
        longest = Math.max(longest, line);
      }
    }
  }
  return longest;
}

describe("is_win's stray axes (the verdicts of its fifth-axis and step-of-1 mutants)", () => {
  let session: GameSession;
  const word = (bytes: Uint8Array, at: number): number => bytes[at] | (bytes[at + 1] << 8);
  const memory = (): Memory => {
    const base = session.layout.segmentBase;
    const bytes = session.machine.memory.read(base, SEGMENT);
    return { bytes, wild: { from: session.layout.info - base, to: label("Pad") + PAD_SIZE } };
  };
  const check = (): void => {
    const m = memory();
    const steps = label("axis_steps");
    const end = label("axis_steps_end");
    const fifth = [word(m.bytes, end)];
    const straddling = [1, 3, 5, 7].map((k) => word(m.bytes, steps + k));
    expect(fifth).toEqual([0x06c7]);
    // The control: the same scan along a real axis (horizontal) finds the five a board can hold.
    expect(longestStrayLine(m, label("Pad"), [word(m.bytes, steps)])).toBeGreaterThanOrEqual(WIN_LENGTH);
    expect(longestStrayLine(m, label("Pad"), fifth)).toBeLessThan(WIN_LENGTH);
    expect(longestStrayLine(m, label("Pad"), straddling)).toBeLessThan(WIN_LENGTH);
  };

  beforeAll(async () => {
    session = await openSession(BOOT);
  }, 60_000);
  afterAll(async () => {
    await session.machine.destroy();
  });

  it("find fewer than five in a line from any stone at the menu: the memory they reach holds no run of a side", () => {
    check();
  });

  it("still find fewer than five after the campaign's first games and its set-up probes", async () => {
    const plan = {
      games: 4,
      policies: ["engine", "random"],
      seed: 1,
      maxComputerMoves: 100,
      probes: 5,
    } as const;
    for (const spec of mutantGames(plan)) {
      const outcome = await playGame(session, spec);
      expect(outcome.mismatch).toBeUndefined();
    }
    check();
  }, 120_000);
});
