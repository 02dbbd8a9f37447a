/**
 * pela's incremental shape board (engines/pela/shape-board.ts) against the plain window reads it
 * replaces, and pela's look-ahead (engines/pela/lookahead.ts) on positions with a known answer.
 */
import { describe, expect, it } from "vitest";
import { Board, DIRECTIONS, EMPTY, OPP, OWN, type Stone } from "../../engines/common/board.js";
import { shapeTable, windowKey } from "../../engines/common/shapes.js";
import { lookahead, WIN } from "../../engines/pela/lookahead.js";
import { ShapeBoard } from "../../engines/pela/shape-board.js";
import { Prng } from "../../util/prng.js";
import { stonesOf } from "./engine-position.js";

function shapesOf(size: number, rows: readonly string[]): ShapeBoard {
  const board = new ShapeBoard(size);
  for (const s of stonesOf(rows)) board.put(s.at.y * size + s.at.x, s.own ? OWN : OPP);
  return board;
}

/** Every cell's levels read from the window itself, and the cells near the stones, on a plain Board. */
function expectSameShapes(shapes: ShapeBoard, board: Board): void {
  const table = shapeTable();
  for (let c = 0; c < board.cells.length; c++) {
    for (const who of [OWN, OPP] as const) {
      DIRECTIONS.forEach(([dx, dy], d) => {
        if (shapes.level(c, d, who) !== table[windowKey(board, c, dx, dy, who)])
          throw new Error(`cell ${c} direction ${d} stone ${who}`);
      });
    }
  }
  expect(shapes.nearCells()).toEqual(board.cellsNearStones(2));
}

describe("pela's shape board", () => {
  it("keeps every cell's window levels and near cells equal to reading the windows, through puts and takes", () => {
    const rng = new Prng(2026);
    for (const size of [10, 15, 19]) {
      const board = new Board(size);
      const shapes = new ShapeBoard(size);
      for (let step = 0; step < 120; step++) {
        const take = board.stones > 0 && rng.below(3) === 0;
        if (take) {
          const last = board.history[board.history.length - 1];
          board.removeLast(last);
          shapes.take(last);
        } else {
          const empty = [...board.cells.keys()].filter((c) => board.cells[c] === EMPTY);
          const cell = empty[rng.below(empty.length)];
          const who: Stone = rng.below(2) === 0 ? OWN : OPP;
          board.place(cell, who);
          shapes.put(cell, who);
        }
        if (step % 10 === 9) expectSameShapes(shapes, board);
      }
      expectSameShapes(shapes, board);
    }
  });

  it("finds the cells that complete a five through a stone, and none for a stone with no four", () => {
    const shapes = shapesOf(15, ["", "", ".oxxx.x", "", ".....x"]);
    expect(shapes.completionsThrough(2 * 15 + 3)).toEqual([2 * 15 + 5]);
    expect(shapes.completionsThrough(4 * 15 + 5)).toEqual([]);
  });
});

/**
 * x to move. At F6 (x = 5, y = 5) x makes a four along row 6 (its end at B6 is blocked) and an open
 * three down column F: a four and a three, which wins.
 */
const FOUR_THREE = ["", "", "", "", "", ".oxxx", ".....x", ".....x"];

describe("pela's look-ahead", () => {
  it("scores the four-and-three cell as a forced win and a far cell not", () => {
    const board = shapesOf(19, FOUR_THREE);
    const winning = 5 * 19 + 5;
    const far = 15 * 19 + 15;
    const { scores, depth } = lookahead(board, OWN, [far, winning], {
      maxDepth: 4,
      width: 8,
      maxNodes: 100_000,
      deadlineMs: Infinity,
    });
    expect(depth).toBe(4);
    expect(scores[1]).toBeGreaterThanOrEqual(WIN / 2);
    expect(scores[0]).toBeLessThan(WIN / 2);
  });

  it("scores a move that leaves the opponent the four-and-three as lost, and the cell that takes it away as not", () => {
    const board = shapesOf(
      19,
      FOUR_THREE.map((row) => row.replace(/[xo]/g, (c) => (c === "x" ? "o" : "x"))),
    );
    const block = 5 * 19 + 5;
    const far = 15 * 19 + 15;
    const { scores } = lookahead(board, OWN, [far, block], {
      maxDepth: 4,
      width: 8,
      maxNodes: 100_000,
      deadlineMs: Infinity,
    });
    expect(scores[0]).toBeLessThanOrEqual(-WIN / 2);
    expect(scores[1]).toBeGreaterThan(-WIN / 2);
  });

  it("leaves the board as it found it and stops at its node budget", () => {
    const board = shapesOf(19, FOUR_THREE);
    const before = [...board.history];
    const { nodes, depth } = lookahead(board, OWN, board.nearCells(), {
      maxDepth: 8,
      width: 8,
      maxNodes: 50,
      deadlineMs: Infinity,
    });
    expect(board.history).toEqual(before);
    expect(nodes).toBeLessThanOrEqual(51);
    expect(depth).toBeLessThan(8);
  });
});
