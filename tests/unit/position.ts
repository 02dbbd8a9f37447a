/** Test helpers: positions written with human coordinates (docs/architecture.md section 5). */
import { CELLS, COMPUTER, Game, HUMAN, parseCell, type GameStateLike } from "../../engine-ts/index.js";

export interface Stones {
  /** Computer stones, e.g. ["K10", "L10"]. */
  X?: string[];
  /** Human stones. */
  O?: string[];
}

export function plochaOf(stones: Stones): Uint8Array {
  const p = new Uint8Array(CELLS);
  for (const c of stones.X ?? []) p[parseCell(c)] = COMPUTER;
  for (const c of stones.O ?? []) p[parseCell(c)] = HUMAN;
  return p;
}

/** A game whose stones were placed one by one with PlaceStone (so Info is what the engine keeps). */
export function gameWith(stones: Stones, random = 0): Game {
  const state: GameStateLike = {
    plocha: new Uint8Array(CELLS),
    info: new Uint16Array(CELLS),
    seed: random,
    random,
    lastPC: 0xffff,
    volnaPole: CELLS,
    phase: 2,
    moveCount: 0,
  };
  const g = Game.fromState(state);
  for (const c of stones.X ?? []) g.placeStone(parseCell(c), COMPUTER);
  for (const c of stones.O ?? []) g.placeStone(parseCell(c), HUMAN);
  return g;
}

/** A small deterministic generator for random positions (not the game's GetRandom). */
export function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x >>> 8;
  };
}

/** A random position: `n` stones of each side, near the centre or anywhere. */
export function randomPlocha(seed: number, n: number): Uint8Array {
  const next = lcg(seed);
  const p = new Uint8Array(CELLS);
  const spread = 5 + (seed % 10);
  for (let s = 0; s < 2 * n; s++) {
    for (;;) {
      const r = 9 - spread + (next() % (2 * spread + 1));
      const c = 9 - spread + (next() % (2 * spread + 1));
      if (r < 0 || r > 18 || c < 0 || c > 18) continue;
      const i = r * 19 + c;
      if (p[i] !== 0) continue;
      p[i] = s % 2 === 0 ? COMPUTER : HUMAN;
      break;
    }
  }
  return p;
}
