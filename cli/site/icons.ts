/**
 * The page's icon, drawn once as shapes: a wooden board with a grid, five dark stones in a diagonal
 * row (five in a row wins) and two light ones. The same shapes give the SVG and, through a small
 * anti-aliased rasteriser, the PNGs a phone's home screen needs. Everything stays inside the central
 * circle of 80 % of the square's width, so the icon also works as a "maskable" one (cut to a circle or squircle).
 */
import { encodePng } from "./png.js";

interface Circle {
  x: number;
  y: number;
  r: number;
  fill: string;
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
}

/** The drawing on a 100 x 100 canvas. */
const BOARD = "#d4a24c";
const LINE = "#6b4518";
const DARK = "#1b1b1f";
const LIGHT = "#f4f1e8";
const GRID = [26, 38, 50, 62, 74];
const LINE_WIDTH = 1.8;
const STONE_R = 5.4;

function shapes(): { rects: Rect[]; circles: Circle[] } {
  const rects: Rect[] = [{ x: 0, y: 0, w: 100, h: 100, fill: BOARD }];
  for (const at of GRID) {
    rects.push({ x: at - LINE_WIDTH / 2, y: GRID[0], w: LINE_WIDTH, h: GRID[4] - GRID[0], fill: LINE });
    rects.push({ x: GRID[0], y: at - LINE_WIDTH / 2, w: GRID[4] - GRID[0], h: LINE_WIDTH, fill: LINE });
  }
  const circles: Circle[] = GRID.map((at) => ({ x: at, y: 100 - at, r: STONE_R, fill: DARK }));
  circles.push(
    { x: GRID[1], y: GRID[1], r: STONE_R, fill: LIGHT },
    { x: GRID[3], y: GRID[3], r: STONE_R, fill: LIGHT },
  );
  return { rects, circles };
}

export function iconSvg(): string {
  const { rects, circles } = shapes();
  const body = [
    ...rects.map((r) => `<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" fill="${r.fill}"/>`),
    ...circles.map((c) => `<circle cx="${c.x}" cy="${c.y}" r="${c.r}" fill="${c.fill}"/>`),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${body.join("")}</svg>\n`;
}

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** The colour of point (x, y) of the 100 x 100 drawing: the last shape that covers it. */
function colourAt(x: number, y: number, rects: readonly Rect[], circles: readonly Circle[]): string {
  let fill = BOARD;
  for (const r of rects) if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) fill = r.fill;
  for (const c of circles) if ((x - c.x) ** 2 + (y - c.y) ** 2 <= c.r ** 2) fill = c.fill;
  return fill;
}

/** The icon as a `size` x `size` PNG, each pixel the mean of 4 x 4 samples. */
export function iconPng(size: number): Uint8Array {
  const { rects, circles } = shapes();
  const samples = 4;
  const rgba = new Uint8Array(size * size * 4);
  const scale = 100 / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = rgb(
            colourAt(
              (px + (sx + 0.5) / samples) * scale,
              (py + (sy + 0.5) / samples) * scale,
              rects,
              circles,
            ),
          );
          for (let i = 0; i < 3; i++) sum[i] += colour[i];
        }
      }
      const at = (py * size + px) * 4;
      for (let i = 0; i < 3; i++) rgba[at + i] = Math.round(sum[i] / samples ** 2);
      rgba[at + 3] = 255;
    }
  }
  return encodePng(size, size, rgba);
}
