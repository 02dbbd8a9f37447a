/**
 * The priority order of docs/evaluator.md 7.3: win > block a four > make an open four or a double four
 * (on two axes or one line) > make a four > block a human win in two (an open three or a line double
 * four) > make a double three > the rest. First proved from the table
 * values, then checked on every computer move of generated games against the harness's opponents.
 */
import { describe, expect, it } from "vitest";
import {
  buildBodovani,
  CELLS,
  classify,
  COMPUTER,
  countScore,
  EMPTY,
  Game,
  HUMAN,
  type Side,
  type UnitClass,
} from "../../engine-ts/index.js";
import { TABLE_SIZES, tableOffset, WINDOW_LENGTHS } from "../../engine-ts/tables.js";
import { rescoredCells } from "../../testkit/engine-helpers.js";
import { PRIORITY_LEVELS, priorityLevel, priorityRank, type PriorityLevel } from "../../testkit/priority.js";
import { enginePolicy, randomPolicy, type Policy } from "../../harness/policies.js";
import { Prng } from "../../util/prng.js";

const bodovani = buildBodovani();

interface Entry {
  side: Side;
  cls: UnitClass;
  value: number;
}

const entries: Entry[] = [];
for (const side of [COMPUTER, HUMAN] as const)
  for (const length of WINDOW_LENGTHS)
    for (let mask = 0; mask < TABLE_SIZES[length]; mask++)
      entries.push({ side, cls: classify(length, mask), value: bodovani[tableOffset(side, length) + mask] });

type Unit = readonly [Side, UnitClass];
const value = ([side, cls]: Unit): number =>
  entries.find((e) => e.side === side && e.cls === cls)?.value ?? Number.NaN;
/** The largest table entry that is none of `excluded`: a bound for an axis that has none of them. */
const maxExcept = (excluded: readonly Unit[]): number =>
  Math.max(
    ...entries
      .filter((e) => !excluded.some(([side, cls]) => e.side === side && e.cls === cls))
      .map((e) => e.value),
  );

const A = (cls: UnitClass): Unit => [COMPUTER, cls];
const D = (cls: UnitClass): Unit => [HUMAN, cls];
const FIVES = [A("FIVE"), D("FIVE")];
const FOURS = [...FIVES, A("OPEN_FOUR"), A("LINE_DOUBLE_FOUR"), A("FOUR")];
const THREE_BLOCK = [...FOURS, D("OPEN_FOUR"), D("LINE_DOUBLE_FOUR")];
const THREES = [...THREE_BLOCK, A("OPEN_THREE"), A("WIDE_THREE")];

/**
 * For each level: the least score of a cell of that level, and the most a cell of every lower level
 * can score (four axes; at most one axis may hold the unit that a "double" level needs twice).
 */
const BOUNDS: ReadonlyArray<{ level: PriorityLevel; least: number; mostBelow: number }> = [
  { level: "WIN", least: value(A("FIVE")), mostBelow: 4 * maxExcept([A("FIVE")]) },
  { level: "BLOCK_FOUR", least: value(D("FIVE")), mostBelow: 4 * maxExcept(FIVES) },
  {
    level: "OPEN_OR_DOUBLE_FOUR",
    least: Math.min(value(A("OPEN_FOUR")), value(A("LINE_DOUBLE_FOUR")), 2 * value(A("FOUR"))),
    mostBelow: Math.max(value(A("FOUR")), maxExcept(FOURS)) + 3 * maxExcept(FOURS),
  },
  { level: "FOUR", least: value(A("FOUR")), mostBelow: 4 * maxExcept(FOURS) },
  {
    level: "BLOCK_WIN_IN_TWO",
    least: Math.min(value(D("OPEN_FOUR")), value(D("LINE_DOUBLE_FOUR"))),
    mostBelow: 4 * maxExcept(THREE_BLOCK),
  },
  {
    level: "DOUBLE_THREE",
    least: 2 * Math.min(value(A("OPEN_THREE")), value(A("WIDE_THREE"))),
    mostBelow:
      Math.max(value(A("OPEN_THREE")), value(A("WIDE_THREE")), maxExcept(THREES)) + 3 * maxExcept(THREES),
  },
];

describe("the priority order of section 7.3, proved from the values", () => {
  it.each(BOUNDS.map((b) => [b.level, b.least, b.mostBelow] as const))(
    "level %s: a cell scores at least %i, more than any cell of a lower level can (at most %i)",
    (_level, least, mostBelow) => {
      expect(Number.isFinite(least)).toBe(true);
      expect(least).toBeGreaterThan(mostBelow);
    },
  );

  it("so a cell's level is the range its fresh score falls in, on a board of any size (15 to 25 cells a side)", () => {
    const fromScore = (score: number): PriorityLevel =>
      BOUNDS.find((b) => score >= b.least)?.level ?? "OTHER";
    let checked = 0;
    for (const size of [15, 19, 20, 21, 25]) {
      for (const plocha of gamePositions(size, 6)) {
        for (let cell = 0; cell < size * size; cell++) {
          if (plocha[cell] !== EMPTY) continue;
          expect(priorityLevel(plocha, cell, size), `${size}x${size} cell ${cell}`).toBe(
            fromScore(countScore(plocha, bodovani, cell, size)),
          );
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50_000);
  });

  it("names every level but OTHER once, highest first", () => {
    expect(BOUNDS.map((b) => b.level)).toEqual(PRIORITY_LEVELS.slice(0, -1));
    expect(PRIORITY_LEVELS.map(priorityRank)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

/**
 * The positions after every stone of `games` games of engine-ts on a `size` x `size` board against a
 * human who plays a random empty cell next to the computer's last stone (or anywhere when none is free).
 */
function gamePositions(size: number, games: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let seed = 0; seed < games; seed++) {
    const prng = new Prng(seed + size * 1000);
    const g = Game.newGame(seed, "computer", { bodovani, size });
    while (g.result === "playing") {
      const last = g.state.lastPC;
      const near = [-size - 1, -size, -size + 1, -1, 1, size - 1, size, size + 1]
        .map((d) => last + d)
        .filter(
          (c) =>
            c >= 0 &&
            c < size * size &&
            Math.abs((c % size) - (last % size)) <= 1 &&
            g.state.plocha[c] === EMPTY,
        );
      const free =
        near.length > 0 ? near : [...g.state.plocha.keys()].filter((c) => g.state.plocha[c] === EMPTY);
      g.placeStone(free[prng.below(free.length)], HUMAN);
      out.push(g.state.plocha.slice());
      if (g.result === "playing") g.computerMove();
      out.push(g.state.plocha.slice());
    }
  }
  return out;
}

const GAMES_PER_POLICY = 120;

interface Observed {
  /** Positions by the highest level present among the empty cells. */
  byBest: Map<PriorityLevel, number>;
  violations: string[];
}

/** Every computer move of one game: the chosen cell must have the highest level present. */
function checkGame(seed: number, policy: Policy, observed: Observed): void {
  const g = Game.newGame(seed & 0xffff, seed % 2 === 0 ? "human" : "computer", { bodovani });
  while (g.result === "playing") {
    const cell = policy.next(g.state.plocha);
    if (cell === undefined) return;
    g.placeStone(cell, HUMAN);
    if (g.result !== "playing") return;
    let best: PriorityLevel = "OTHER";
    for (const i of cellsNearStones(g.state.plocha)) {
      const level = priorityLevel(g.state.plocha, i);
      if (priorityRank(level) < priorityRank(best)) best = level;
    }
    const chosen = g.computerMove();
    observed.byBest.set(best, (observed.byBest.get(best) ?? 0) + 1);
    const got = priorityLevel(withoutStone(g.state.plocha, chosen), chosen);
    if (got !== best)
      observed.violations.push(
        `${policy.name} game ${seed}, move ${g.state.moveCount}: ${got} chosen, ${best} present`,
      );
  }
}

/**
 * The empty cells on a ray of some stone within distance 4. Every other cell is OTHER: a unit of a
 * named level needs a stone of its side at distance 1..4 on the axis (a scoring window of length 6
 * holds its stones within distance 3 of the cell, a WIDE one within 2, a LINE_DOUBLE_FOUR one at
 * distance 1 or 2 at least, section 7.1).
 */
function cellsNearStones(plocha: Uint8Array): Set<number> {
  const near = new Set<number>();
  for (let i = 0; i < CELLS; i++)
    if (plocha[i] !== EMPTY) for (const cell of rescoredCells(plocha, i)) near.add(cell);
  return near;
}

function withoutStone(plocha: Uint8Array, cell: number): Uint8Array {
  const before = plocha.slice();
  before[cell] = EMPTY;
  return before;
}

describe("the priority order in generated games (engine-ts against the harness's opponents)", () => {
  const observed: Observed = { byBest: new Map(), violations: [] };

  it.each(["random", "engine"] as const)(
    "against the %s policy the computer always plays a cell of the highest level present",
    (name) => {
      const before = [...observed.byBest.values()].reduce((n, v) => n + v, 0);
      for (let seed = 0; seed < GAMES_PER_POLICY; seed++) {
        checkGame(seed, name === "random" ? randomPolicy(seed) : enginePolicy(seed, bodovani), observed);
      }
      expect(observed.violations).toEqual([]);
      const after = [...observed.byBest.values()].reduce((n, v) => n + v, 0);
      expect(after - before).toBeGreaterThan(GAMES_PER_POLICY);
    },
  );

  it("the games of both policies hold positions of every level", () => {
    const seen = Object.fromEntries(PRIORITY_LEVELS.map((level) => [level, observed.byBest.get(level) ?? 0]));
    for (const level of PRIORITY_LEVELS) expect(seen[level], JSON.stringify(seen)).toBeGreaterThan(0);
  });
});
