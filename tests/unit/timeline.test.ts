import { describe, expect, it } from "vitest";
import { COMPUTER, Game, HUMAN, parseCell } from "../../engine-ts/index.js";
import { rescoredCells } from "../../testkit/engine-helpers.js";
import type { GameState } from "../../guest/game-view.js";
import { GameTree } from "../../web/timeline/game-tree.js";
import { infoChanges, RAY_NAMES, rayTo } from "../../web/timeline/ply-diff.js";

const cells = (...names: string[]): number[] => names.map(parseCell);

/** States as the asm shows them between clicks, made with engine-ts. */
function states(seed: number, humanMoves: readonly number[]): GameState[] {
  const game = Game.newGame(seed, "human");
  const out = [game.toState()];
  for (const cell of humanMoves) {
    game.humanMove(cell);
    out.push(game.toState());
  }
  return out;
}

describe("the timeline's game tree", () => {
  it("adds a node per stable state, each with the human's stone and the computer's answer", () => {
    const tree = new GameTree<number>();
    const seen = states(5, cells("K10", "C3", "Q17"));
    let snapshots = 0;
    const kinds = seen.map((s) => tree.observe(s, () => ++snapshots).kind);
    expect(kinds).toEqual(["new-tree", "added", "added", "added"]);
    expect(snapshots).toBe(4);
    expect(tree.start).toEqual({ seed: 5, first: "human", fromStart: true });
    expect(tree.line().map((n) => n.moves.length)).toEqual([0, 2, 4, 6]);
    expect(tree.current?.moves.filter((_, i) => i % 2 === 0)).toEqual(cells("K10", "C3", "Q17"));
  });

  it("sees the same state again without a new snapshot", () => {
    const tree = new GameTree<number>();
    const [start, one] = states(5, cells("K10"));
    tree.observe(start, () => 1);
    tree.observe(one, () => 2);
    expect(tree.observe(one, () => 3)).toMatchObject({ kind: "same", node: { snapshot: 2 } });
  });

  it("keeps the old line when a variation is played from an earlier ply, and both can be returned to", () => {
    const tree = new GameTree<string>();
    const main = states(5, cells("K10", "C3", "Q17"));
    main.forEach((s, i) => tree.observe(s, () => `main${i}`));
    const mainLeaf = tree.current;
    const branchPoint = tree.line()[1];
    tree.goTo(branchPoint);
    const variation = states(5, cells("K10", "A1"));
    expect(tree.observe(variation[1], () => "x").kind).toBe("same");
    expect(tree.observe(variation[2], () => "var2").kind).toBe("added");
    expect(branchPoint.children.map((c) => c.snapshot)).toEqual(["main2", "var2"]);
    expect(tree.line().map((n) => n.snapshot)).toEqual(["main0", "main1", "var2"]);
    tree.goTo(branchPoint);
    expect(tree.observe(main[2], () => "again").kind).toBe("known");
    expect(tree.line().map((n) => n.snapshot)).toEqual(["main0", "main1", "main2", "main3"]);
    expect(tree.line().at(-1)).toBe(mainLeaf);
    expect(tree.nodes()).toHaveLength(5);
  });

  it("starts a new tree for a new game, and knows a computer start", () => {
    const tree = new GameTree<number>();
    tree.observe(states(5, cells("K10"))[1], () => 1);
    const computerStart = Game.newGame(9, "computer").toState();
    expect(tree.observe(computerStart, () => 2).kind).toBe("new-tree");
    expect(tree.start).toEqual({ seed: 9, first: "computer", fromStart: true });
    expect(tree.root?.moves).toEqual([computerStart.lastPC]);
  });
});

describe("Info between plies", () => {
  it("names the ray and distance from a stone to a cell in Update's reach, and nothing beyond", () => {
    const stone = parseCell("K10");
    expect(rayTo(stone, parseCell("K9"))).toEqual({ stone, ray: RAY_NAMES.indexOf("N"), distance: 1 });
    expect(rayTo(stone, parseCell("O14"))).toEqual({ stone, ray: RAY_NAMES.indexOf("SE"), distance: 4 });
    expect(rayTo(stone, parseCell("P15"))).toBeUndefined();
    expect(rayTo(stone, parseCell("L12"))).toBeUndefined();
    expect(rayTo(stone, stone)).toBeUndefined();
  });

  it("explains every changed cell of a real ply by a ray of one of its two stones", () => {
    const [before, after] = states(3, cells("K10"));
    const stones = [parseCell("K10"), after.lastPC];
    const changes = infoChanges(before.info, after.info, stones);
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      if (change.isStone) expect(change.after).toBe(0);
      else expect(change.rays.length, `cell ${change.cell}`).toBeGreaterThan(0);
    }
    const reach = new Set(stones.flatMap((s) => rescoredCells(after.plocha, s)));
    for (const change of changes.filter((c) => !c.isStone)) expect(reach.has(change.cell)).toBe(true);
    expect(after.plocha[stones[0]]).toBe(HUMAN);
    expect(after.plocha[stones[1]]).toBe(COMPUTER);
  });
});
