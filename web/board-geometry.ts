/** Board cells <-> text-screen cells, through the geometry in the game's debug header. */
import { BOARD_SIZE } from "../engine-ts/index.js";
import type { BoardGeometry, ScreenPosition } from "../guest/game-view.js";

/**
 * The board cell a click on a text cell plays, as the game's click_to_cell decides it: a cell answers
 * for its own screen row and for its character and the gap on either side (columns left + w*col - 1
 * to left + w*col + 1 with w = 3), so hover names exactly the cell a click there plays. Undefined off
 * the board.
 */
export function textToBoardCell(geometry: BoardGeometry, text: ScreenPosition): number | undefined {
  const dc = text.col - geometry.left + Math.floor(geometry.cellWidth / 2);
  const dr = text.row - geometry.top;
  if (dc < 0 || dr < 0 || dr % geometry.cellHeight !== 0) return undefined;
  const col = Math.floor(dc / geometry.cellWidth);
  const row = dr / geometry.cellHeight;
  if (col >= BOARD_SIZE || row >= BOARD_SIZE) return undefined;
  return row * BOARD_SIZE + col;
}
