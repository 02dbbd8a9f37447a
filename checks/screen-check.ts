/**
 * The text screen must show exactly the stones of the asm's Plocha: `X` for the computer, `O` for the
 * human, neither on an empty cell; the stone at LastPC has foreground 0Ch and no other stone has.
 * The mouse pointer's cell may have an altered attribute, so its colour is not checked.
 */
import type { TextCells } from "../emu/types.js";
import { shownChar } from "../emu/vga-text.js";
import { cellDiff, type Diff } from "./diff-types.js";
import { BOARD_SIZE, type BoardGeometry, type ScreenPosition } from "../guest/game-view.js";

const HIGHLIGHT = 0x0c;
const STONE_CHARS = ["", "X", "O"];
const X_CODE = 0x58;
const O_CODE = 0x4f;
const STONE_CODES = [-1, X_CODE, O_CODE];

export function checkScreen(
  screen: TextCells,
  geometry: BoardGeometry,
  plocha: Uint8Array,
  lastPC: number,
  pointer: ScreenPosition | undefined,
): Diff[] {
  const diffs: Diff[] = [];
  // Runs after every checked move: the cells' words, no strings or objects per cell.
  for (let r = 0; r < BOARD_SIZE; r++) {
    const row = geometry.top + r * geometry.cellHeight;
    for (let c = 0; c < BOARD_SIZE; c++) {
      const cell = r * BOARD_SIZE + c;
      const col = geometry.left + c * geometry.cellWidth;
      const word = screen.at(col, row);
      const code = word & 0xff;
      const stone = plocha[cell];
      const isStoneChar = code === X_CODE || code === O_CODE;
      if (stone === 0 ? isStoneChar : code !== STONE_CODES[stone]) {
        diffs.push(cellDiff("Screen", cell, shownChar(code), stone === 0 ? "no stone" : STONE_CHARS[stone]));
        continue;
      }
      if (stone === 0 || (pointer && pointer.col === col && pointer.row === row)) continue;
      const foreground = (word >> 8) & 0x0f;
      const highlighted = foreground === HIGHLIGHT;
      if (highlighted !== (cell === lastPC)) {
        diffs.push(cellDiff("ScreenColour", cell, foreground, cell === lastPC ? HIGHLIGHT : "not 0Ch"));
      }
    }
  }
  return diffs;
}
