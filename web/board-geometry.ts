/** Board cells <-> text-screen cells, through the geometry in the game's debug header. */
import { BOARD_SIZE } from "../engine-ts/index.js";
import { cellToScreen, type BoardGeometry } from "../guest/game-view.js";
import type { TextCell } from "./screen-input.js";

export function boardCellToText(geometry: BoardGeometry, cell: number): TextCell {
  return cellToScreen(geometry, cell);
}

/** The board cell drawn at a text cell, undefined when the text cell shows no board cell. */
export function textToBoardCell(geometry: BoardGeometry, text: TextCell): number | undefined {
  const dc = text.col - geometry.left;
  const dr = text.row - geometry.top;
  if (dc < 0 || dr < 0 || dc % geometry.cellWidth !== 0 || dr % geometry.cellHeight !== 0) return undefined;
  const col = dc / geometry.cellWidth;
  const row = dr / geometry.cellHeight;
  if (col >= BOARD_SIZE || row >= BOARD_SIZE) return undefined;
  return row * BOARD_SIZE + col;
}
