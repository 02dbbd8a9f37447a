/**
 * The timeline controller: keeps every stable state of the game the page's emulator plays (a node
 * of GameTree with a compressed machine snapshot) and moves the whole machine to any of them by
 * restoring its snapshot, so the emulated screen, Plocha, Info and everything else are the real
 * ones of that ply. It never writes guest memory.
 */
import type { Machine, TextScreen } from "../../emu/types.js";
import type { GameState } from "../../guest/game-view.js";
import { showsGame } from "../controls/phase-controls.js";
import type { PiskasmGame } from "../../records/piskasm-game.js";
import { GameTree, type PlyNode } from "./game-tree.js";
import { packSnapshot, unpackSnapshot, type StoredSnapshot } from "./snapshot-codec.js";

export type TimelineNode = PlyNode<Promise<StoredSnapshot>>;

export interface TimelineHost {
  /** Runs `step` on the page's machine after every queued input step. */
  run<T>(step: (machine: Machine) => Promise<T>): Promise<T>;
  /** The machine's state was replaced by a restore: the page reads the game again from scratch. */
  restored(machine: Machine): void;
}

export class Timeline {
  readonly tree = new GameTree<Promise<StoredSnapshot>>();
  private readonly listeners: (() => void)[] = [];
  private travelTarget: TimelineNode | undefined;
  /** The emulated screen each node showed, read when its snapshot was taken (the GIF's frames). */
  private readonly screens = new WeakMap<TimelineNode, TextScreen>();
  /** ms the last move to another ply took, from the request to the restored machine. */
  lastTravelMs: number | undefined;

  constructor(private readonly host: TimelineHost) {}

  /** `changed` is called whenever the tree or the current node changed. */
  listen(changed: () => void): void {
    this.listeners.push(changed);
  }

  /**
   * A stable state of the running game. Called in the same task as the state was read, so the
   * snapshot taken for a new node (v86 saves synchronously when asked) is of exactly this state.
   */
  observe(machine: Machine, state: GameState): void {
    if (!showsGame(state.phase)) return;
    let screen: TextScreen | undefined;
    const seen = this.tree.observe(state, () => {
      screen = machine.screen();
      return machine.snapshot().then((s) => packSnapshot(s.state));
    });
    if (screen) this.screens.set(seen.node, screen);
    if (seen.kind !== "same") this.notify();
  }

  /** The screens of the current line from its start up to the current node, one a node. */
  screensToCurrent(): TextScreen[] {
    const { line, index } = this.position();
    return line.slice(0, index + 1).flatMap((node) => this.screens.get(node) ?? []);
  }

  clear(): void {
    this.tree.clear();
    this.notify();
  }

  /** The line through the current node and the current node's index in it. */
  position(): { line: TimelineNode[]; index: number } {
    const line = this.tree.line();
    const current = this.tree.current;
    return { line, index: current ? line.indexOf(current) : -1 };
  }

  /**
   * Makes `node` current and restores its snapshot. Requests made while a restore waits replace its
   * target, so dragging the slider restores only where it stops.
   */
  async goTo(node: TimelineNode): Promise<void> {
    const started = performance.now();
    this.tree.goTo(node);
    this.notify();
    this.travelTarget = node;
    await this.host.run(async (machine) => {
      if (this.travelTarget !== node) return;
      const state = unpackSnapshot(await node.snapshot);
      await machine.restore({ state });
      this.host.restored(machine);
      this.lastTravelMs = performance.now() - started;
    });
  }

  /** The game up to the current node, as the share link and the records carry it. */
  currentGame(): PiskasmGame | undefined {
    const start = this.tree.start;
    const node = this.tree.current;
    if (!start || !node || !start.fromStart) return undefined;
    return { seed: start.seed, first: start.first, moves: node.moves };
  }

  /** Bytes the kept snapshots take (packed), and how many there are. */
  async memory(): Promise<{ nodes: number; packedBytes: number; rawBytes: number }> {
    const nodes = this.tree.nodes();
    const stored = await Promise.all(nodes.map((n) => n.snapshot));
    return {
      nodes: nodes.length,
      packedBytes: stored.reduce((s, x) => s + x.bytes.byteLength, 0),
      rawBytes: stored.reduce((s, x) => s + x.rawBytes, 0),
    };
  }

  private notify(): void {
    for (const changed of this.listeners) changed();
  }
}
