/** The screen check on made-up screens: stones that are not in Plocha, and a wrong highlight. */
import { describe, expect, it } from "vitest";
import type { TextCells } from "../../emu/types.js";
import { CELLS, parseCell } from "../../engine-ts/index.js";
import type { BoardGeometry } from "../../guest/game-view.js";
import { checkScreen } from "../../checks/screen-check.js";

const GEOMETRY: BoardGeometry = { left: 4, top: 3, cellWidth: 3, cellHeight: 1 };
const NORMAL = 0x07;
const RED = 0x0c;

function screenOf(stones: ReadonlyMap<number, { char: string; attr: number }>): TextCells {
  const words = new Uint16Array(80 * 25).fill(".".charCodeAt(0) | (NORMAL << 8));
  for (const [cell, { char, attr }] of stones) {
    const row = GEOMETRY.top + Math.floor(cell / 19) * GEOMETRY.cellHeight;
    const col = GEOMETRY.left + (cell % 19) * GEOMETRY.cellWidth;
    words[row * 80 + col] = char.charCodeAt(0) | (attr << 8);
  }
  return { cols: 80, rows: 25, at: (col, row) => words[row * 80 + col] };
}

describe("the screen check", () => {
  const k10 = parseCell("K10");
  const l11 = parseCell("L11");
  const plocha = new Uint8Array(CELLS);
  plocha[k10] = 1;
  plocha[l11] = 2;

  it("accepts a screen with exactly Plocha's stones and only LastPC in bright red", () => {
    const screen = screenOf(
      new Map([
        [k10, { char: "X", attr: RED }],
        [l11, { char: "O", attr: NORMAL }],
      ]),
    );
    expect(checkScreen(screen, GEOMETRY, plocha, k10, undefined)).toEqual([]);
  });

  it("reports a stone shown on an empty cell and a missing stone", () => {
    const a1 = parseCell("A1");
    const screen = screenOf(
      new Map([
        [k10, { char: "X", attr: RED }],
        [a1, { char: "O", attr: NORMAL }],
      ]),
    );
    const diffs = checkScreen(screen, GEOMETRY, plocha, k10, undefined);
    expect(diffs).toEqual([
      { field: "Screen", cell: a1, row: 0, col: 0, asm: "O", ts: "no stone" },
      { field: "Screen", cell: l11, row: 10, col: 11, asm: ".", ts: "O" },
    ]);
  });

  it("reports a highlight on the wrong stone, except under the mouse pointer", () => {
    const screen = screenOf(
      new Map([
        [k10, { char: "X", attr: NORMAL }],
        [l11, { char: "O", attr: RED }],
      ]),
    );
    expect(checkScreen(screen, GEOMETRY, plocha, k10, undefined)).toEqual([
      { field: "ScreenColour", cell: k10, row: 9, col: 10, asm: NORMAL, ts: RED },
      { field: "ScreenColour", cell: l11, row: 10, col: 11, asm: RED, ts: "not 0Ch" },
    ]);
    const pointer = { col: GEOMETRY.left + 11 * GEOMETRY.cellWidth, row: GEOMETRY.top + 10 };
    expect(checkScreen(screen, GEOMETRY, plocha, k10, pointer).map((d) => d.cell)).toEqual([k10]);
  });
});
