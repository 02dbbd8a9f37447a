/**
 * Arena openings: a few stones placed before the engines move, so that deterministic engines do not
 * replay one game. An opening is a list of offsets from the board's centre, the first player's stone
 * first. Every opening is played twice per pair, once with each engine moving first.
 *
 * Built in: the 26 three-stone openings inside the centre 5x5 (the renju "26 openings"): the first
 * stone in the centre, the second next to it straight (13 "direct" openings) or diagonally (13
 * "indirect"), the third anywhere in the 5x5, one of each mirror pair. In freestyle most favour the
 * first player, which the colour swap evens out.
 *
 * File format (--openings FILE): one opening per line, stones as `dx,dy` offsets from the centre
 * separated by spaces (x to the right, y down), e.g. `0,0 0,-1 1,1`; blank lines and lines starting
 * with `#` are skipped.
 */
import { Board, OPP, OWN } from "../engines/common/board.js";
import type { Point } from "../engines/engine.js";
import { ArenaError } from "./errors.js";

export type Opening = readonly Point[];

const HALF = 2;

function builtInOpenings(): Opening[] {
  const out: Opening[] = [];
  const seconds: readonly [Point, (p: Point) => Point][] = [
    [{ x: 0, y: -1 }, (p) => ({ x: -p.x, y: p.y })],
    [{ x: 1, y: -1 }, (p) => ({ x: -p.y, y: -p.x })],
  ];
  for (const [second, mirror] of seconds) {
    const seen = new Set<string>();
    for (let y = -HALF; y <= HALF; y++) {
      for (let x = -HALF; x <= HALF; x++) {
        const third = { x, y };
        const id = `${x},${y}`;
        if ((x === 0 && y === 0) || (x === second.x && y === second.y) || seen.has(id)) continue;
        const m = mirror(third);
        seen.add(id);
        seen.add(`${m.x},${m.y}`);
        out.push([{ x: 0, y: 0 }, second, third]);
      }
    }
  }
  return out;
}

export const BUILT_IN_OPENINGS: readonly Opening[] = builtInOpenings();

export function formatOpening(opening: Opening): string {
  return opening.map((p) => `${p.x},${p.y}`).join(" ");
}

/** Reads an openings file's text; throws ArenaError naming the line of the first problem. */
export function parseOpenings(text: string, source: string): Opening[] {
  const out: Opening[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const stones = line.split(/\s+/).map((field) => {
      const m = /^(-?\d+),(-?\d+)$/.exec(field);
      if (!m)
        throw new ArenaError(
          `${source}:${i + 1}: expected stones like "0,0 0,-1 1,1", got ${JSON.stringify(field)}`,
        );
      return { x: Number(m[1]), y: Number(m[2]) };
    });
    const ids = new Set(stones.map((p) => `${p.x},${p.y}`));
    if (ids.size !== stones.length) throw new ArenaError(`${source}:${i + 1}: a stone is repeated`);
    out.push(stones);
  });
  if (out.length === 0) throw new ArenaError(`${source}: no openings in the file`);
  return out;
}

/**
 * The opening's stones on a board of `size` (Gomocup coordinates); throws ArenaError when one is off
 * it, or when the stones (placed alternately, first player's first) already make five in a row: the
 * game would be over before it began.
 */
export function placeOpening(opening: Opening, size: number): Point[] {
  const centre = Math.floor((size - 1) / 2);
  const board = new Board(size);
  return opening.map((p, i) => {
    const at = { x: centre + p.x, y: centre + p.y };
    if (at.x < 0 || at.y < 0 || at.x >= size || at.y >= size) {
      throw new ArenaError(`opening ${formatOpening(opening)} does not fit on a ${size}x${size} board`);
    }
    const cell = board.cell(at);
    board.place(cell, i % 2 === 0 ? OWN : OPP);
    if (board.makesFive(cell))
      throw new ArenaError(`opening ${formatOpening(opening)} already holds five in a row`);
    return at;
  });
}
