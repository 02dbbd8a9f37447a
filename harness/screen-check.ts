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
const X_CODE = 0x58;
const O_CODE = 0x4f;
const STONE_CODES = [-1, X_CODE, O_CODE];
/** A cell outside the screen's lines. */
const NO_CHAR = -1;

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
  // Runs after every checked move: character codes, no strings or objects per cell.
  for (let cell = 0; cell < CELLS; cell++) {
    const at = cellToScreen(geometry, cell);
    const line = screen.lines[at.row];
    const code = line === undefined || at.col >= line.length ? NO_CHAR : line.charCodeAt(at.col);
    const stone = plocha[cell];
    const isStoneChar = code === X_CODE || code === O_CODE;
    if (stone === 0 ? isStoneChar : code !== STONE_CODES[stone]) {
      const shown = code === NO_CHAR ? "" : String.fromCharCode(code);
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
