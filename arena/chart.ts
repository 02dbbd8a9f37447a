import type { Standings } from "./model.js";
/** The ratings as an SVG chart: one row per player, a dot at its Elo and a bar over its 95 % interval. */

const ROW = 28;
const LEFT = 120;
const WIDTH = 640;
const TOP = 40;
const BOTTOM = 48;
const TICK_STEP = 100;

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function ratingsSvg(s: Standings, title: string): string {
  const lows = s.ratings.map((r) => r.elo - r.interval95);
  const highs = s.ratings.map((r) => r.elo + r.interval95);
  const min = Math.floor(Math.min(0, ...lows) / TICK_STEP) * TICK_STEP;
  const max = Math.ceil(Math.max(0, ...highs) / TICK_STEP) * TICK_STEP;
  const plotWidth = WIDTH - LEFT - 60;
  const x = (elo: number): number => LEFT + ((elo - min) / Math.max(1, max - min)) * plotWidth;
  const height = TOP + s.ratings.length * ROW + BOTTOM;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="13">`,
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    `<text x="${WIDTH / 2}" y="22" text-anchor="middle" font-weight="bold">${escape(title)}</text>`,
  ];
  const axisY = TOP + s.ratings.length * ROW + 4;
  for (let t = min; t <= max; t += TICK_STEP) {
    out.push(
      `<line x1="${x(t).toFixed(1)}" y1="${TOP - 6}" x2="${x(t).toFixed(1)}" y2="${axisY}" stroke="${t === 0 ? "#888" : "#ddd"}"/>`,
    );
    out.push(`<text x="${x(t).toFixed(1)}" y="${axisY + 16}" text-anchor="middle" fill="#444">${t}</text>`);
  }
  out.push(
    `<text x="${LEFT + plotWidth / 2}" y="${height - 4}" text-anchor="middle" fill="#444">Elo (${escape(s.anchor)} = 0), bars: 95 % interval</text>`,
  );
  s.ratings.forEach((r, i) => {
    const y = TOP + i * ROW + ROW / 2;
    out.push(`<text x="${LEFT - 10}" y="${y + 4}" text-anchor="end">${escape(r.player)}</text>`);
    out.push(
      `<line x1="${x(r.elo - r.interval95).toFixed(1)}" y1="${y}" x2="${x(r.elo + r.interval95).toFixed(1)}" y2="${y}" stroke="#4a7ab5" stroke-width="6" stroke-linecap="round" opacity="0.5"/>`,
    );
    out.push(`<circle cx="${x(r.elo).toFixed(1)}" cy="${y}" r="5" fill="#1d3f6e"/>`);
    out.push(
      `<text x="${(x(r.elo + r.interval95) + 8).toFixed(1)}" y="${y + 4}" fill="#1d3f6e">${Math.round(r.elo)}</text>`,
    );
  });
  out.push("</svg>");
  return out.join("\n") + "\n";
}
