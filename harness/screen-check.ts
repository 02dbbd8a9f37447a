/**
 * The text screen must show exactly the stones of the asm's Plocha: `X` for the computer, `O` for the
 * human, neither on an empty cell; the stone at LastPC has foreground 0Ch and no other stone has.
 * The mouse pointer's cell may have an altered attribute, so its colour is not checked.
 */
import type { TextScreen } from "../emu/types.js";
import { cellDiff, type Diff } from "./diff-types.js";
import { cellToScreen, CELLS, type BoardGeometry } from "./game-view.js";

const HIGHLIGHT = 0x0c;
const STONE_CHARS = ["", "X", "O"];

export interface ScreenPosition {
  col: number;
  row: number;
}

export function checkScreen(
  screen: TextScreen,
  geometry: BoardGeometry,
  plocha: Uint8Array,
  lastPC: number,
  pointer: ScreenPosition | undefined,
): Diff[] {
  const diffs: Diff[] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    const at = cellToScreen(geometry, cell);
    const shown = screen.lines[at.row]?.[at.col] ?? "";
    const stone = plocha[cell];
    const isStoneChar = shown === "X" || shown === "O";
    if (stone === 0 ? isStoneChar : shown !== STONE_CHARS[stone]) {
      diffs.push(cellDiff("Screen", cell, shown, stone === 0 ? "no stone" : STONE_CHARS[stone]));
      continue;
    }
    if (stone === 0 || (pointer && pointer.col === at.col && pointer.row === at.row)) continue;
    const foreground = screen.attrs[at.row * screen.cols + at.col] & 0x0f;
    const highlighted = foreground === HIGHLIGHT;
    if (highlighted !== (cell === lastPC)) {
      diffs.push(cellDiff("ScreenColour", cell, foreground, cell === lastPC ? HIGHLIGHT : "not 0Ch"));
    }
  }
  return diffs;
}
