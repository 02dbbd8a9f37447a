import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BODOVANI_WORDS,
  buildBodovani,
  CLASS_VALUES,
  CLASSES,
  classify,
  COMPUTER,
  HUMAN,
  LAYOUT,
  type UnitClass,
  type WindowLength,
  axisScore,
  AXES,
} from "../../engine-ts/index.js";
import { lonelyShortcutHolds, scorer, windowsBest } from "../../engine-ts/score.js";
import { maskPattern, TABLE_SIZES, tableOffset, WINDOW_LENGTHS } from "../../engine-ts/tables.js";

const DOC = readFileSync(new URL("../../docs/evaluator.md", import.meta.url), "utf8");

function mirror(length: number, mask: number): number {
  let m = 0;
  for (let t = 0; t < length; t++) if (mask & (1 << t)) m |= 1 << (length - 1 - t);
  return m;
}

interface DocRow {
  cls: string;
  masks: number[];
  patterns: string[];
}

/** The table under "#### Length L" of section 7.1.1. */
function docClassTable(length: WindowLength): DocRow[] {
  const start = DOC.indexOf(`#### Length ${length}:`);
  expect(start).toBeGreaterThan(0);
  const rest = DOC.slice(start);
  const end = rest.indexOf("\n\n", rest.indexOf("|---"));
  const rows = rest
    .slice(0, end)
    .split("\n")
    .filter((l) => /^\| [A-Z_]+ \|/.test(l) && !l.startsWith("| class"));
  return rows.map((l) => {
    const [cls, masks, patterns] = l
      .split("|")
      .slice(1, 4)
      .map((s) => s.trim());
    return {
      cls,
      masks: masks.split(/\s+/).map((h) => parseInt(h, 16)),
      patterns: [...patterns.matchAll(/`([X.]+)`/g)].map((m) => m[1]),
    };
  });
}

/** The rows of the section 7.2 values table: class -> attack, defence. */
function docValues(): Map<string, { attack: number; defence: number }> {
  const start = DOC.indexOf("### 7.2 Values");
  const end = DOC.indexOf("### 7.3");
  const out = new Map<string, { attack: number; defence: number }>();
  for (const line of DOC.slice(start, end).split("\n")) {
    const cells = line.split("|").map((s) => s.trim());
    if (cells.length < 6 || !/^[A-Z_]+$/.test(cells[1])) continue;
    out.set(cells[1], { attack: Number(cells[3]), defence: Number(cells[4]) });
  }
  return out;
}

const bodovani = buildBodovani();
const allEntries = (): Array<{ side: 1 | 2; length: WindowLength; mask: number; value: number }> => {
  const out = [];
  for (const side of [COMPUTER, HUMAN] as const)
    for (const length of WINDOW_LENGTHS)
      for (let mask = 0; mask < TABLE_SIZES[length]; mask++)
        out.push({ side, length, mask, value: bodovani[tableOffset(side, length) + mask] });
  return out;
};

describe("Bodovani layout", () => {
  it("has 32, 64 and 128 entries per side for L = 5, 6, 7: 448 words in all", () => {
    expect(TABLE_SIZES).toEqual({ 5: 32, 6: 64, 7: 128 });
    expect(BODOVANI_WORDS).toBe(448);
    expect(bodovani.length).toBe(448);
    expect(bodovani.byteLength).toBe(896);
  });

  it("is laid out attack L5, L6, L7 then defence L5, L6, L7, back to back", () => {
    expect(LAYOUT.attack).toEqual({ 5: 0, 6: 32, 7: 96 });
    expect(LAYOUT.defence).toEqual({ 5: 224, 6: 256, 7: 320 });
    let next = 0;
    for (const role of ["attack", "defence"] as const)
      for (const length of WINDOW_LENGTHS) {
        expect(LAYOUT[role][length]).toBe(next);
        next += TABLE_SIZES[length];
      }
    expect(next).toBe(448);
  });

  it("holds CLASS_VALUES[classify(L, mask)] at every word", () => {
    for (const e of allEntries()) {
      const v = CLASS_VALUES[classify(e.length, e.mask)];
      expect(e.value).toBe(e.side === COMPUTER ? v.attack : v.defence);
    }
  });
});

describe("the class rule of section 7.1", () => {
  it("classifies every mask of every length and rejects masks that do not fit", () => {
    for (const length of WINDOW_LENGTHS)
      for (let mask = 0; mask < 1 << length; mask++) expect(CLASSES).toContain(classify(length, mask));
    expect(() => classify(5, 32)).toThrow(RangeError);
    expect(() => classify(7, -1)).toThrow(RangeError);
  });

  it("gives a mask and its mirror image the same class and the same table value", () => {
    for (const e of allEntries()) {
      const m = mirror(e.length, e.mask);
      expect(classify(e.length, m)).toBe(classify(e.length, e.mask));
      expect(bodovani[tableOffset(e.side, e.length) + m]).toBe(e.value);
    }
  });

  it.each([5, 6, 7] as const)(
    "agrees with every row of the length-%i list in evaluator.md 7.1.1",
    (length) => {
      const rows = docClassTable(length);
      const listed = new Map<number, string>();
      for (const row of rows) {
        expect(row.patterns.length).toBe(row.masks.length);
        row.masks.forEach((mask, i) => {
          expect(listed.has(mask)).toBe(false);
          listed.set(mask, row.cls);
          expect(maskPattern(length, mask)).toBe(row.patterns[i]);
        });
      }
      for (let mask = 0; mask < 1 << length; mask++) {
        expect(classify(length, mask)).toBe(listed.get(mask) ?? "NONE");
      }
      const heading = new RegExp(`#### Length ${length}: (\\d+) entries, (\\d+) non-zero`).exec(DOC);
      expect(heading).not.toBeNull();
      expect(Number(heading?.[1])).toBe(1 << length);
      expect(Number(heading?.[2])).toBe(listed.size);
    },
  );

  it("matches the value table of evaluator.md 7.2 class by class", () => {
    const doc = docValues();
    expect([...doc.keys()].sort()).toEqual([...CLASSES].sort());
    for (const cls of CLASSES) expect(CLASS_VALUES[cls]).toEqual(doc.get(cls));
  });

  it("makes every non-NONE entry non-zero and every NONE entry zero, on both sides", () => {
    for (const e of allEntries()) expect(e.value > 0).toBe(classify(e.length, e.mask) !== "NONE");
  });
});

describe("the 16-bit bound", () => {
  it("no sum of four table entries reaches 65536 (every combination of distinct values)", () => {
    const values = [...new Set(bodovani)].sort((a, b) => a - b);
    let max = 0;
    for (const a of values)
      for (const b of values)
        for (const c of values)
          for (const d of values) {
            const s = a + b + c + d;
            if (s > max) max = s;
          }
    expect(max).toBe(4 * 16000);
    expect(max).toBeLessThan(65536);
  });
});

describe("attack and defence of section 7.2", () => {
  const a = (c: UnitClass): number => CLASS_VALUES[c].attack;
  const d = (c: UnitClass): number => CLASS_VALUES[c].defence;

  it("attack always outranks the same shape in defence", () => {
    for (const c of CLASSES) if (c !== "NONE") expect(a(c)).toBeGreaterThan(d(c));
  });
});

describe("the lonely shortcut of CountScore", () => {
  it("gives the windows' own answer for every lonely side of the built tables", () => {
    expect(lonelyShortcutHolds(buildBodovani())).toBe(true);
  });

  it("is caught when a table scores a single stone in a length-6 window", () => {
    const broken = buildBodovani();
    // .X.... (mask 02): one stone inside a length-6 window, NONE by section 7.1.
    broken[LAYOUT.attack[6] + 0x02] = CLASS_VALUES.OPEN_FOUR.attack;
    expect(lonelyShortcutHolds(broken)).toBe(false);
  });

  it("scores like the windows on whole games", () => {
    const bodovani = buildBodovani();
    const plocha = new Uint8Array(19 * 19);
    let x = 12345;
    for (let i = 0; i < 120; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      plocha[x % plocha.length] = i % 2 === 0 ? COMPUTER : HUMAN;
    }
    for (let cell = 0; cell < plocha.length; cell++) {
      if (plocha[cell] !== 0) continue;
      for (let axis = 0; axis < 4; axis++) {
        const { own, opp, off } = readLine(plocha, cell, axis);
        const attack = windowsBest(
          bodovani,
          own | (1 << 6),
          opp | off,
          LAYOUT.attack[5],
          LAYOUT.attack[6],
          LAYOUT.attack[7],
        );
        const defence = windowsBest(
          bodovani,
          opp | (1 << 6),
          own | off,
          LAYOUT.defence[5],
          LAYOUT.defence[6],
          LAYOUT.defence[7],
        );
        expect(axisScore(plocha, bodovani, cell, axis)).toBe(Math.max(attack, defence));
      }
    }
  });
});

/** The tables with a lone stone at a length-6 window's second cell scored: the lonely shortcut then differs from the windows. */
function lonelyBreakingTables(): Uint16Array {
  const tables = buildBodovani();
  tables[LAYOUT.attack[6] + 0x02] = CLASS_VALUES.OPEN_FOUR.attack;
  tables[LAYOUT.defence[6] + 0x02] = CLASS_VALUES.OPEN_FOUR.defence;
  return tables;
}

describe("CountScore's caches", () => {
  it("score an occupied cell as the windows do (its own stone blocks the other side)", () => {
    const plocha = new Uint8Array(19 * 19);
    const cell = 9 * 19 + 9;
    plocha[cell] = HUMAN;
    plocha[cell + 1] = COMPUTER;
    const tables = buildBodovani();
    const a = LAYOUT.attack,
      d = LAYOUT.defence;
    const attack = windowsBest(tables, (1 << 6) | (1 << 7), 1 << 6, a[5], a[6], a[7]);
    const defence = windowsBest(tables, 1 << 6, 1 << 7, d[5], d[6], d[7]);
    expect(axisScore(plocha, tables, cell, 0)).toBe(Math.max(attack, defence));
  });

  it.each([
    ["its own", () => new Uint8Array(19 * 19)],
    ["one byte into its buffer", () => new Uint8Array(19 * 19 + 1).subarray(1)],
  ])(
    "follow a board (%s) whose stones come, change sides and go, and tables of other words",
    (_where, board) => {
      const plocha = board();
      const built = buildBodovani();
      const other = lonelyBreakingTables();
      let x = 4242;
      let differ = 0;
      for (let step = 0; step < 300; step++) {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        plocha[x % plocha.length] = (x >> 12) % 3;
        // The built tables every few changes (the lines' remembered scores kept in between), now and
        // then the other tables too (the remembered scores dropped and made again).
        if (step % 5 !== 0) continue;
        for (const tables of step % 25 === 0 ? [built, other] : [built]) {
          const score = scorer(plocha, tables);
          // A copy of the board and of the tables: planes made from nothing, nothing remembered.
          const fresh = scorer(plocha.slice(), tables.slice());
          const freshBuilt = scorer(plocha.slice(), built.slice());
          for (let cell = 0; cell < plocha.length; cell++) {
            if (plocha[cell] !== 0) continue;
            const expected = fresh(cell);
            expect(score(cell)).toBe(expected);
            if (tables === other && expected !== freshBuilt(cell)) differ++;
          }
        }
      }
      expect(differ).toBeGreaterThan(0);
    },
  );
});

/** The computer's stones, the human's and the off-board positions of a line: bit j = offset j - 6 on `axis`. */
function readLine(plocha: Uint8Array, cell: number, axis: number): { own: number; opp: number; off: number } {
  const row = Math.floor(cell / 19);
  const col = cell % 19;
  const { dr, dc } = AXES[axis];
  let own = 0,
    opp = 0,
    off = 0;
  for (let j = 0; j < 13; j++) {
    const r = row + (j - 6) * dr,
      c = col + (j - 6) * dc;
    if (r < 0 || r >= 19 || c < 0 || c >= 19) off |= 1 << j;
    else if (plocha[r * 19 + c] === COMPUTER) own |= 1 << j;
    else if (plocha[r * 19 + c] === HUMAN) opp |= 1 << j;
  }
  return { own, opp, off };
}
