/**
 * The timeline's tree of plies (Sabaki-like variations). A node is one stable state of the real
 * game (the human's turn again, or a result): the root is the game's start, each child adds the
 * human's stone and the computer's answer. Playing another move at an earlier node adds a second
 * child, a variation; the old line stays. Every node keeps the asm's state as it was observed and an
 * opaque machine snapshot `S` (so it is testable without an emulator).
 */
import { COMPUTER, EMPTY, type WhoStarts } from "../../engine-ts/index.js";
import type { GameState } from "../../guest/game-view.js";
import { sameBytes } from "../../util/bytes.js";
import { stonesAdded } from "../stones-added.js";

export interface PlyNode<S> {
  readonly id: number;
  readonly parent: PlyNode<S> | undefined;
  readonly children: PlyNode<S>[];
  /** Every stone from the game's start, in order. */
  readonly moves: readonly number[];
  /** The asm's state at this node (a copy). */
  readonly state: GameState;
  readonly snapshot: S;
  /** The child the line goes on with (the last one visited). */
  preferred: PlyNode<S> | undefined;
}

export interface GameStart {
  readonly seed: number;
  readonly first: WhoStarts;
  /** False when the tree was started from a game already under way: `moves` then lists the stones in cell order. */
  readonly fromStart: boolean;
}

export type Observed<S> = { node: PlyNode<S>; kind: "same" | "known" | "added" | "new-tree" };

export class GameTree<S> {
  private nextId = 0;
  private rootNode: PlyNode<S> | undefined;
  private currentNode: PlyNode<S> | undefined;
  private startInfo: GameStart | undefined;

  get root(): PlyNode<S> | undefined {
    return this.rootNode;
  }

  get current(): PlyNode<S> | undefined {
    return this.currentNode;
  }

  get start(): GameStart | undefined {
    return this.startInfo;
  }

  /** Forget everything (a new floppy or a machine reset). */
  clear(): void {
    this.rootNode = undefined;
    this.currentNode = undefined;
    this.startInfo = undefined;
  }

  /**
   * A stable state seen in the running game. It is the current node again ("same"), an existing
   * child ("known"), a new child of the current node ("added"), or the start of a new tree. Only a
   * new node calls `snapshot`, at once, so the snapshot is of exactly this state.
   */
  observe(state: GameState, snapshot: () => S): Observed<S> {
    const current = this.currentNode;
    if (current && current.state.gameCount === state.gameCount) {
      if (sameBytes(current.state.plocha, state.plocha)) return { node: current, kind: "same" };
      const added = stonesAdded(current.state.plocha, state.plocha);
      if (added && added.human.length === 1 && added.computer.length <= 1) {
        const moves = [...current.moves, added.human[0], ...added.computer];
        const known = current.children.find((child) => sameMoves(child.moves, moves));
        if (known) {
          this.goTo(known);
          return { node: known, kind: "known" };
        }
        const node = this.makeNode({ parent: current, moves, state, snapshot: snapshot() });
        current.children.push(node);
        this.goTo(node);
        return { node, kind: "added" };
      }
    }
    const start = startOf(state);
    const node = this.makeNode({ parent: undefined, moves: start.moves, state, snapshot: snapshot() });
    this.rootNode = node;
    this.startInfo = { seed: state.seed, first: start.first, fromStart: start.fromStart };
    this.currentNode = node;
    return { node, kind: "new-tree" };
  }

  /** Makes `node` current and the line through it the preferred one. */
  goTo(node: PlyNode<S>): void {
    for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent)
      parent.preferred = child;
    this.currentNode = node;
  }

  /** The line through the current node: root, ..., current, then the preferred children to a leaf. */
  line(): PlyNode<S>[] {
    const out: PlyNode<S>[] = [];
    for (let n = this.currentNode; n; n = n.parent) out.unshift(n);
    for (let n = this.currentNode?.preferred; n; n = n.preferred) out.push(n);
    return out;
  }

  /** Every node, depth first, first children first. */
  nodes(): PlyNode<S>[] {
    const out: PlyNode<S>[] = [];
    const walk = (n: PlyNode<S>): void => {
      out.push(n);
      n.children.forEach(walk);
    };
    if (this.rootNode) walk(this.rootNode);
    return out;
  }

  /** A new node of `fields`, with a copy of its state. */
  private makeNode(fields: Pick<PlyNode<S>, "parent" | "moves" | "state" | "snapshot">): PlyNode<S> {
    return {
      ...fields,
      id: this.nextId++,
      children: [],
      state: copyState(fields.state),
      preferred: undefined,
    };
  }
}

function copyState(s: GameState): GameState {
  return { ...s, plocha: s.plocha.slice(), info: s.info.slice() };
}

function sameMoves(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((m, i) => m === b[i]);
}

/** The root's stones: none, the computer's first stone, or (a game under way) every stone in cell order. */
function startOf(state: GameState): { moves: number[]; first: WhoStarts; fromStart: boolean } {
  const stones = [...state.plocha.keys()].filter((i) => state.plocha[i] !== EMPTY);
  const computerStones = stones.filter((i) => state.plocha[i] === COMPUTER).length;
  if (stones.length === 0) return { moves: [], first: "human", fromStart: true };
  if (stones.length === 1 && computerStones === 1)
    return { moves: stones, first: "computer", fromStart: true };
  return {
    moves: stones,
    first: computerStones > stones.length - computerStones ? "computer" : "human",
    fromStart: false,
  };
}
