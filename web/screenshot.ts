/** The emulated text screen drawn into a PNG: 80x25 cells of 9x16 pixels in the 16 VGA colours. */
import type { TextScreen } from "../emu/types.js";

const CELL_W = 9;
const CELL_H = 16;
/** The VGA text palette (attribute nibble -> colour). */
export const VGA = [
  "#000000",
  "#0000aa",
  "#00aa00",
  "#00aaaa",
  "#aa0000",
  "#aa00aa",
  "#aa5500",
  "#aaaaaa",
  "#555555",
  "#5555ff",
  "#55ff55",
  "#55ffff",
  "#ff5555",
  "#ff55ff",
  "#ffff55",
  "#ffffff",
];

/** The screen drawn into a new canvas of 80x25 cells of CELL_W x CELL_H pixels. */
export function drawScreen(screen: TextScreen): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = screen.cols * CELL_W;
  canvas.height = screen.rows * CELL_H;
  const g = canvas.getContext("2d");
  if (!g) throw new Error("this browser cannot draw into a canvas");
  g.font = `${CELL_H - 2}px "DejaVu Sans Mono", "Liberation Mono", monospace`;
  g.textBaseline = "middle";
  g.textAlign = "center";
  for (let row = 0; row < screen.rows; row++) {
    for (let col = 0; col < screen.cols; col++) {
      const attr = screen.attrs[row * screen.cols + col];
      g.fillStyle = VGA[(attr >> 4) & 0x7];
      g.fillRect(col * CELL_W, row * CELL_H, CELL_W, CELL_H);
      const ch = screen.lines[row][col];
      if (ch === " ") continue;
      g.fillStyle = VGA[attr & 0xf];
      g.fillText(ch, col * CELL_W + CELL_W / 2, row * CELL_H + CELL_H / 2, CELL_W);
    }
  }
  return canvas;
}

export async function screenToPng(screen: TextScreen): Promise<Blob> {
  const canvas = drawScreen(screen);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("the screenshot could not be encoded as PNG"))),
      "image/png",
    ),
  );
}
