/** The storm policy's plans: deterministic, and its noise never places a stone by the game's click rule. */
import { describe, expect, it } from "vitest";
import { BOARD_SIZE, CELLS, COMPUTER, EMPTY, HUMAN } from "../../engine-ts/index.js";
import type { BoardGeometry } from "../../guest/game-view.js";
import { stormPolicy, type ScreenCell, type StormTurn } from "../../harness/policies.js";
import { Prng } from "../../util/prng.js";

const GEOMETRY: BoardGeometry = { left: 4, top: 2, cellWidth: 3, cellHeight: 1 };

/** docs/piskasm.md: a click counts for the cell whose character is at most one column away, on its row. */
function cellUnder(at: ScreenCell): number | undefined {
  const row = at.row - GEOMETRY.top;
  const col = Math.floor((at.col - GEOMETRY.left + 1) / GEOMETRY.cellWidth);
  const inBoard = row >= 0 && row < BOARD_SIZE && at.col - GEOMETRY.left + 1 >= 0 && col < BOARD_SIZE;
  return inBoard ? row * BOARD_SIZE + col : undefined;
}

function randomBoard(prng: Prng, stones: number): Uint8Array {
  const plocha = new Uint8Array(CELLS);
  for (let placed = 0; placed < stones;) {
    const cell = prng.below(CELLS);
    if (plocha[cell] !== EMPTY) continue;
    plocha[cell] = placed % 2 === 0 ? HUMAN : COMPUTER;
    placed++;
  }
  return plocha;
}

function turns(seed: number): StormTurn[] {
  const policy = stormPolicy(seed);
  const prng = new Prng(seed);
  return Array.from({ length: 300 }, (_, i) => policy.turn(randomBoard(prng, i % 60), GEOMETRY));
}

describe("the storm policy", () => {
  it("plans the same turns for the same seed and board", () => {
    expect(turns(5)).toEqual(turns(5));
    expect(turns(5)).not.toEqual(turns(6));
  });

  it("never clicks an empty cell with the left button except for its move, which lands on the move's cell", () => {
    const policy = stormPolicy(11);
    const prng = new Prng(11);
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const plocha = randomBoard(prng, i % 120);
      const turn = policy.turn(plocha, GEOMETRY);
      for (const noise of turn.noise) {
        seen.add(noise.kind === "click" ? `click-${noise.target}` : noise.kind);
        if (noise.kind === "click" || noise.kind === "drag") {
          const cell = cellUnder(noise.at);
          const leftOnEmpty =
            cell !== undefined &&
            plocha[cell] === EMPTY &&
            (noise.kind === "drag" || noise.button === "left");
          expect(leftOnEmpty, JSON.stringify(noise)).toBe(false);
        }
        if (noise.kind === "key") expect(noise.scancodes).not.toContain(0x01);
        if (noise.kind === "wander" || noise.kind === "drag") {
          for (const [dx, dy] of noise.deltas)
            expect(dx !== 0 || dy !== 0, "a (0, 0) movement is never sent").toBe(true);
        }
      }
      if (!turn.escape) {
        expect(cellUnder(turn.move.at)).toBe(turn.move.cell);
        expect(plocha[turn.move.cell]).toBe(EMPTY);
        seen.add(
          turn.move.at.col === GEOMETRY.left + (turn.move.cell % BOARD_SIZE) * 3
            ? "move-on-char"
            : "move-between",
        );
      } else {
        seen.add("escape");
      }
    }
    expect([...seen].sort()).toEqual(
      [
        "click-empty",
        "click-outside",
        "click-stone",
        "drag",
        "escape",
        "key",
        "move-between",
        "move-on-char",
        "wander",
      ].sort(),
    );
  });
});
