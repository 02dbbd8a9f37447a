import { describe, expect, it } from "vitest";
import {
  BOARD_SIZE,
  buildBodovani,
  CELLS,
  COMPUTER,
  EMPTY,
  firstMove,
  Game,
  HUMAN,
  NO_CELL,
  Phase,
  parseCell,
  pcMoveScan,
  rowOf,
  colOf,
} from "../../engine-ts/index.js";
import { lcg } from "./position.js";

const bodovani = buildBodovani();

/** A simple seeded opponent: a random empty cell within 3 of the last stone (K10 to open). */
function play(g: Game, seed: number, maxMoves = 200): number[] {
  const next = lcg(seed);
  const moves: number[] = [];
  const pick = (near: number): number => {
    if (g.state.plocha[near] === EMPTY) return near;
    for (let tries = 0; tries < 200; tries++) {
      const r = rowOf(near) + (next() % 7) - 3;
      const c = colOf(near) + (next() % 7) - 3;
      const i = r * BOARD_SIZE + c;
      if (r >= 0 && r < 19 && c >= 0 && c < 19 && g.state.plocha[i] === EMPTY) return i;
    }
    return g.state.plocha.indexOf(EMPTY);
  };
  let near = g.state.lastPC === NO_CELL ? parseCell("K10") : g.state.lastPC;
  while (g.result === "playing" && moves.length < maxMoves) {
    const out = g.humanMove(pick(near));
    moves.push(out.human);
    if (out.computer !== null) moves.push(out.computer);
    near = out.computer ?? out.human;
  }
  return moves;
}

describe("a new game", () => {
  it("when the computer starts, its first stone is cell r mod 25 of the 5x5 square around J10, r = GetRandom()", () => {
    const wrong: number[] = [];
    for (let seed = 0; seed < 65536; seed++) {
      const st = { random: seed };
      const cell = firstMove(st);
      const k = seed % 25;
      const ok =
        rowOf(cell) === 7 + Math.floor(k / 5) &&
        colOf(cell) === 7 + (k % 5) &&
        st.random === ((seed + 4567) & 0xffff);
      if (!ok) wrong.push(seed);
    }
    expect(wrong).toEqual([]);
  });

  it("over all 65,536 seeds each of the 25 opening cells comes up within 1 % of 1/25 of the time", () => {
    const counts = new Map<number, number>();
    for (let seed = 0; seed < 65536; seed++) {
      const cell = firstMove({ random: seed });
      counts.set(cell, (counts.get(cell) ?? 0) + 1);
    }
    expect(counts.size).toBe(25);
    for (const [cell, n] of counts) {
      expect(rowOf(cell) >= 7 && rowOf(cell) <= 11 && colOf(cell) >= 7 && colOf(cell) <= 11).toBe(true);
      expect(Math.abs(n / 65536 - 1 / 25), `cell ${cell}: ${n} seeds`).toBeLessThan(0.01 / 25);
    }
  });

  it("seeds counted from menu waits of 0.5 to 10 s (18.2 timer ticks per second) open on all 25 cells", () => {
    // The menu counts one per wake-up: once before its first HLT, then once per timer tick until the
    // key's interrupt (docs/evaluator.md section 3). The first game counts from Seed = 0, later games
    // from the previous game's seed.
    const TICKS_PER_SECOND = 1193182 / 65536;
    const menuSeed = (previous: number, seconds: number): number =>
      (previous + 1 + Math.floor(seconds * TICKS_PER_SECOND)) & 0xffff;
    for (const previous of [0, 1234, 65500]) {
      const cells = new Set<number>();
      for (let ms = 500; ms <= 10_000; ms += 50)
        cells.add(firstMove({ random: menuSeed(previous, ms / 1000) }));
      expect(cells.size, `after Seed ${previous}`).toBe(25);
    }
  });

  it("newGame with the computer first places that stone, and GameCount counts every NewBoard", () => {
    const g = Game.newGame(0, "human", { bodovani });
    for (let seed = 0; seed < 65536; seed += 131) {
      g.newGame(seed, "computer");
      expect(g.state.lastPC).toBe(firstMove({ random: seed }));
      expect(g.state.plocha[g.state.lastPC]).toBe(COMPUTER);
    }
    expect(g.state.gameCount).toBe(1 + Math.ceil(65536 / 131));
  });

  it("the computer's first stone is scored like any other: Info around it is set, the board has one X", () => {
    const g = Game.newGame(1234, "computer", { bodovani });
    expect(g.state.plocha.filter((p) => p === COMPUTER).length).toBe(1);
    expect(g.state.moveCount).toBe(1);
    expect(g.state.volnaPole).toBe(360);
    expect(g.state.phase).toBe(Phase.HUMAN_TURN);
    expect(g.state.info.filter((v) => v > 0).length).toBeGreaterThan(0);
  });

  it("when the human starts, nothing is placed and Random = Seed; the computer's first answer comes from PCMove", () => {
    const g = Game.newGame(500, "human", { bodovani });
    expect(g.state.plocha.every((p) => p === EMPTY)).toBe(true);
    expect(g.state.lastPC).toBe(NO_CELL);
    expect(g.state.random).toBe(500);
    const info = g.state.info;
    g.placeStone(parseCell("K10"), HUMAN);
    const expected = pcMoveScan(info, g.state.plocha, 500 % CELLS);
    g.computerMove();
    expect(g.state.lastPC).toBe(expected);
    expect(g.state.random).toBe(500 + 4567);
  });
});

describe("playing", () => {
  it("a game from a seed is deterministic", () => {
    for (const seed of [0, 1, 4242, 65535]) {
      const a = play(Game.newGame(seed, "computer", { bodovani }), seed);
      const b = play(Game.newGame(seed, "computer", { bodovani }), seed);
      expect(a).toEqual(b);
      expect(a.length).toBeGreaterThan(4);
    }
  });

  it("keeps MoveCount, VolnaPole, LastPC and Phase consistent after every move, and Info is 0 on every stone", () => {
    for (let seed = 0; seed < 30; seed++) {
      const g = Game.newGame(seed * 977, seed % 2 ? "human" : "computer", { bodovani });
      play(g, seed);
      const s = g.state;
      const stones = s.plocha.filter((p) => p !== EMPTY).length;
      expect(s.moveCount).toBe(stones);
      expect(s.volnaPole).toBe(CELLS - stones);
      expect(s.plocha[s.lastPC]).toBe(COMPUTER);
      for (let i = 0; i < CELLS; i++) if (s.plocha[i] !== EMPTY) expect(s.info[i]).toBe(0);
      expect([Phase.COMPUTER_WON, Phase.HUMAN_WON, Phase.HUMAN_TURN]).toContain(s.phase);
      expect(g.result).toBe(
        s.phase === Phase.COMPUTER_WON ? "computer" : s.phase === Phase.HUMAN_WON ? "human" : "playing",
      );
    }
  });

  it("predictComputerMove changes nothing and names the stone the computer then plays", () => {
    const g = Game.newGame(31337, "computer", { bodovani });
    play(g, 5, 6);
    expect(g.result).toBe("playing");
    const before = g.toState();
    const predicted = g.predictComputerMove();
    expect(g.toState()).toEqual(before);
    g.placeStone(g.state.plocha.indexOf(EMPTY), HUMAN);
    const g2 = g.clone();
    const p2 = g2.predictComputerMove();
    expect(g2.computerMove()).toBe(p2);
    expect(predicted).toBeGreaterThanOrEqual(0);
  });

  it("fromState continues an observed game exactly like the original", () => {
    const g = Game.newGame(777, "computer", { bodovani });
    play(g, 3, 6);
    expect(g.result).toBe("playing");
    const observed = { ...g.toState(), phase: Phase.HUMAN_TURN as number };
    const copy = Game.fromState(observed, { bodovani });
    expect(copy.toState()).toEqual(g.toState());
    expect(play(copy, 11)).toEqual(play(g, 11));
    expect(copy.toState()).toEqual(g.toState());
  });

  it("fromState rejects states of the wrong size or with bad values", () => {
    const s = Game.newGame(1, "human", { bodovani }).toState();
    expect(() => Game.fromState({ ...s, plocha: new Uint8Array(360) })).toThrow(/360 cells/);
    expect(() => Game.fromState({ ...s, plocha: new Uint8Array(CELLS).fill(3) })).toThrow(/plocha\[0\] = 3/);
    expect(() => Game.fromState({ ...s, random: 70000 })).toThrow(/random/);
  });

  it("clone is independent of the original", () => {
    const g = Game.newGame(9, "computer", { bodovani });
    const c = g.clone();
    c.humanMove(parseCell("A1"));
    expect(g.state.plocha[0]).toBe(EMPTY);
    expect(c.state.plocha[0]).toBe(HUMAN);
  });

  it("refuses a move on a stone or after the end", () => {
    const g = Game.newGame(9, "computer", { bodovani });
    expect(() => g.humanMove(g.state.lastPC)).toThrow(/occupied/);
    expect(() => g.humanMove(361)).toThrow(RangeError);
    const won = Game.newGame(9, "human", { bodovani });
    for (const c of ["A1", "A2", "A3", "A4"]) won.placeStone(parseCell(c), HUMAN);
    expect(won.placeStone(parseCell("A5"), HUMAN)).toBe("human");
    expect(won.state.phase).toBe(Phase.HUMAN_WON);
    expect(() => won.humanMove(parseCell("S19"))).toThrow(/over/);
  });

  it("a full board without five is a draw", () => {
    const g = Game.newGame(0, "human", { bodovani });
    // (col + 2*row) mod 4 in {0, 1}: runs of at most 2 on every axis.
    for (let i = 0; i < CELLS; i++) {
      const side = (colOf(i) + 2 * rowOf(i)) % 4 < 2 ? COMPUTER : HUMAN;
      const r = g.placeStone(i, side);
      expect(r).toBe(i === CELLS - 1 ? "draw" : "playing");
    }
    expect(g.state.volnaPole).toBe(0);
    expect(g.state.phase).toBe(Phase.DRAW);
  });
});

describe("the set-up mode (menu key 4)", () => {
  const stones = [
    { cell: parseCell("J10"), side: HUMAN },
    { cell: parseCell("K10"), side: COMPUTER },
    { cell: parseCell("J11"), side: HUMAN },
    { cell: parseCell("K12"), side: COMPUTER },
  ] as const;

  it("starts like NewBoard (Random = Seed, GameCount + 1) in Phase SETUP and keeps SETUP after each stone", () => {
    const g = Game.setUp(77, { bodovani });
    expect(g.state).toMatchObject({
      seed: 77,
      random: 77,
      gameCount: 1,
      moveCount: 0,
      volnaPole: CELLS,
      lastPC: NO_CELL,
      phase: Phase.SETUP,
    });
    expect(g.result).toBe("playing");
    for (const stone of stones) {
      g.placeStone(stone.cell, stone.side);
      expect(g.state.phase).toBe(Phase.SETUP);
    }
    expect(g.state.lastPC).toBe(parseCell("K12"));
    expect(g.state.moveCount).toBe(4);
    expect(g.state.random).toBe(77);
  });

  it("places each stone exactly as PlaceStone in a game: the same Info as the same stones played in that order", () => {
    const g = Game.setUp(5, { bodovani });
    const played = Game.newGame(5, "human", { bodovani });
    for (const stone of stones) {
      g.placeStone(stone.cell, stone.side);
      played.placeStone(stone.cell, stone.side);
    }
    expect(Array.from(g.state.info)).toEqual(Array.from(played.state.info));
    expect(Array.from(g.state.plocha)).toEqual(Array.from(played.state.plocha));
  });

  it("hands over to the computer (PCMove now, then the human's turn) or to the human", () => {
    const computer = Game.setUp(9, { bodovani });
    const human = Game.setUp(9, { bodovani });
    for (const stone of stones) {
      computer.placeStone(stone.cell, stone.side);
      human.placeStone(stone.cell, stone.side);
    }
    const predicted = computer.predictComputerMove();
    expect(computer.handOver("computer")).toBe(predicted);
    expect(computer.state).toMatchObject({ phase: Phase.HUMAN_TURN, lastPC: predicted, moveCount: 5 });
    expect(human.handOver("human")).toBeNull();
    expect(human.state).toMatchObject({ phase: Phase.HUMAN_TURN, moveCount: 4 });
    expect(() => human.handOver("human")).toThrow(/not being set up/);
  });

  it("a set-up stone that completes five ends the game with that side's win", () => {
    const g = Game.setUp(0, { bodovani });
    for (let col = 0; col < 4; col++) expect(g.placeStone(col, HUMAN)).toBe("playing");
    expect(g.placeStone(4, HUMAN)).toBe("human");
    expect(g.state.phase).toBe(Phase.HUMAN_WON);
    expect(() => g.placeStone(20, COMPUTER)).toThrow(/over/);
  });
});
