/**
 * The timeline card: a slider and buttons over the current line, the tree of variations (one dot per
 * stable state, a lane per variation, as in Sabaki), what changed in Info since the previous node
 * and the asm's and engine-ts's score of any cell at the current node.
 */
import { formatCell, parseCell } from "../../engine-ts/index.js";
import { actionButton, el } from "../dom.js";
import { engineStateAt } from "./engine-info.js";
import { infoChanges, RAY_NAMES, type CellChange } from "./ply-diff.js";
import { TIMELINE_KEYS, type TimelineMove } from "./timeline-keys.js";
import type { Timeline, TimelineNode } from "./timeline.js";
import { messageOf } from "../../util/error-message.js";

/** Changed cells listed (the largest changes first). */
const LISTED_CHANGES = 14;
/** One target per node, 24x24 px (the smallest target WCAG 2.5.8 allows without spacing), 44x44 on a touch screen (web/style.css). */
const STEP = "var(--dot-step)";
/** A length of `steps` node targets. */
const steps = (n: number): string => `calc(${n} * ${STEP})`;

export class TimelineView {
  /** Focusable (not a Tab stop) so that a click anywhere in the card gives it the timeline's keys. */
  readonly root = el("section", "card timeline", undefined, { tabIndex: -1 });
  private readonly label = el("span", "muted timeline-ply", "no game yet");
  private readonly slider = el("input", "timeline-slider", undefined, {
    id: "tl-slider",
    type: "range",
    min: "0",
    ariaLabel: "Ply of the current line",
  });
  private readonly tree = el("div", "timeline-tree", undefined, {
    role: "group",
    ariaLabel: "Tree of variations",
  });
  /** A scrolling list: a Tab stop of its own so that the keyboard can scroll it too. */
  private readonly changes = el("ol", "timeline-changes", undefined, { id: "tl-changes", tabIndex: 0 });
  private readonly cellInput = el("input", "timeline-cell", undefined, {
    id: "tl-cell",
    placeholder: "K10",
    size: 4,
    ariaLabel: "A cell to score at this ply",
  });
  private readonly cellOut = el("span", "timeline-cell-out muted", "");
  private readonly engineCache = new Map<number, Uint16Array>();

  constructor(private readonly timeline: Timeline) {
    this.root.setAttribute("aria-labelledby", "timeline-title");
    const head = el("h2", undefined, "Timeline ", { id: "timeline-title" });
    head.append(this.label);
    const button = (id: string, text: string, title: string, move: TimelineMove): HTMLButtonElement =>
      actionButton(text, title, () => this.move(move), { id, ariaLabel: title });
    const buttons = el("div", "timeline-buttons");
    buttons.append(
      button("tl-first", "«", "First ply (Home)", "first"),
      button("tl-prev", "◀", "Previous ply (←)", "previous"),
      button("tl-next", "▶", "Next ply (→)", "next"),
      button("tl-last", "»", "Last ply of this line (End)", "last"),
      this.slider,
    );
    this.slider.addEventListener("input", () => this.jump(Number(this.slider.value)));
    this.cellInput.addEventListener("input", () => this.showCell());
    const cellRow = el("div", "timeline-cell-row", "Score of ");
    cellRow.append(this.cellInput, this.cellOut);
    const changesHead = el("h3", undefined, "Info changed by the last stones", {
      id: "timeline-changes-title",
    });
    this.changes.setAttribute("aria-labelledby", "timeline-changes-title");
    this.root.append(head, buttons, this.tree, changesHead, this.changes, cellRow);
    timeline.listen(() => this.render());
    document.addEventListener("keydown", (event) => this.key(event));
    this.render();
  }

  private move(move: TimelineMove): void {
    const { index } = this.timeline.position();
    this.jump({ previous: index - 1, next: index + 1, first: 0, last: Infinity }[move]);
  }

  /** To node `index` of the current line (clamped to it). */
  private jump(index: number): void {
    const { line } = this.timeline.position();
    if (line.length === 0) return;
    void this.timeline.goTo(line[Math.max(0, Math.min(line.length - 1, index))]);
  }

  /** The timeline's keys move along the line while the focus is in the card (and not in its text field). */
  private key(event: KeyboardEvent): void {
    const target = event.target;
    if (
      !(target instanceof HTMLElement) ||
      !this.root.contains(target) ||
      target.matches("input:not([type=range]), textarea, select")
    )
      return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const key = TIMELINE_KEYS.find((k) => k.key === event.key);
    if (!key) return;
    event.preventDefault();
    this.move(key.move);
  }

  private render(): void {
    const { line, index } = this.timeline.position();
    const current = line[index];
    this.slider.max = String(Math.max(0, line.length - 1));
    this.slider.value = String(Math.max(0, index));
    this.slider.disabled = line.length < 2;
    this.label.textContent = current
      ? `ply ${current.moves.length} · node ${index + 1} of ${line.length} on this line`
      : "no game yet";
    this.renderTree(new Set(line));
    this.renderChanges(current);
    this.showCell();
  }

  /** One Tab stop for the whole tree (the current node's dot), which keeps the focus when the tree is drawn again. */
  private renderTree(onLine: ReadonlySet<TimelineNode>): void {
    const hadFocus = this.tree.contains(document.activeElement);
    const dots: HTMLElement[] = [];
    let lanes = 0;
    let depthMax = 0;
    const place = (node: TimelineNode, depth: number, lane: number): void => {
      depthMax = Math.max(depthMax, depth);
      const current = node === this.timeline.tree.current;
      const title = `ply ${node.moves.length}${node.moves.length > 0 ? `: ${node.moves.slice(-2).map(formatCell).join(" ")}` : ""}`;
      const dot = actionButton("", title, () => void this.timeline.goTo(node), {
        className: `dot${onLine.has(node) ? " on-line" : ""}${current ? " current" : ""}`,
        id: `tl-node-${node.id}`,
        tabIndex: current ? 0 : -1,
        ariaLabel: title,
      });
      dot.style.left = steps(depth);
      dot.style.top = steps(lane);
      dot.dataset.node = String(node.id);
      dots.push(dot);
      node.children.forEach((child, i) => place(child, depth + 1, i === 0 ? lane : ++lanes));
    };
    const root = this.timeline.tree.root;
    if (root) place(root, 0, 0);
    this.tree.style.height = steps(lanes + 1);
    this.tree.style.width = steps(depthMax + 1);
    if (dots.length > 0 && !dots.some((dot) => dot.tabIndex === 0)) dots[0].tabIndex = 0;
    this.tree.replaceChildren(...dots);
    if (hadFocus) dots.find((dot) => dot.tabIndex === 0)?.focus();
  }

  private renderChanges(node: TimelineNode | undefined): void {
    const parent = node?.parent;
    if (!node || !parent) {
      this.changes.replaceChildren(el("li", "muted", node ? "the game's first position" : "—"));
      return;
    }
    const stones = node.moves.slice(parent.moves.length);
    const all = infoChanges(parent.state.info, node.state.info, stones);
    const ts = this.engineInfo(node);
    const sorted = [...all].sort((a, b) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before));
    const items = sorted
      .slice(0, LISTED_CHANGES)
      .map((change) => el("li", undefined, describeChange(change, ts?.[change.cell])));
    if (all.length > LISTED_CHANGES)
      items.push(
        el("li", "muted", `… ${all.length - LISTED_CHANGES} more cells changed (${all.length} in all)`),
      );
    if (all.length === 0) items.push(el("li", "muted", "no Info word changed"));
    this.changes.replaceChildren(
      el("li", "muted", `stones ${stones.map(formatCell).join(", ")}: ${all.length} cells changed`),
      ...items,
    );
  }

  private showCell(): void {
    const node = this.timeline.tree.current;
    const text = this.cellInput.value.trim();
    if (!node || text === "") {
      this.cellOut.textContent = node ? "type a cell" : "";
      return;
    }
    let cell: number;
    try {
      cell = parseCell(text);
    } catch (error) {
      this.cellOut.textContent = messageOf(error);
      return;
    }
    const ts = this.engineInfo(node);
    this.cellOut.textContent = `${formatCell(cell)} at ply ${node.moves.length}: asm ${node.state.info[cell]}, engine-ts ${ts ? ts[cell] : "? (game not followed from its start)"}`;
  }

  /** engine-ts's Info at `node`, replayed from the seed (undefined for a tree started mid-game). */
  private engineInfo(node: TimelineNode): Uint16Array | undefined {
    const start = this.timeline.tree.start;
    if (!start?.fromStart) return undefined;
    const info = this.engineCache.get(node.id) ?? engineStateAt(start.seed, start.first, node.moves).info;
    this.engineCache.set(node.id, info);
    return info;
  }
}

/** The compass words of RAY_NAMES ("NE" -> "north-east"). */
const COMPASS: Readonly<Record<string, string>> = { N: "north", S: "south", E: "east", W: "west" };

function rayWords(ray: number, distance: number, stone: number): string {
  const name = RAY_NAMES[ray];
  const direction = name.length === 2 ? `${COMPASS[name[0]]}-${COMPASS[name[1]]}` : COMPASS[name];
  return `${distance} ${distance === 1 ? "cell" : "cells"} ${direction} of ${formatCell(stone)}`;
}

function describeChange(change: CellChange, ts: number | undefined): string {
  const delta = change.after - change.before;
  const sign = delta > 0 ? "+" : "";
  const why = change.isStone
    ? "a stone was placed here (no score)"
    : change.rays.length > 0
      ? change.rays.map((r) => rayWords(r.ray, r.distance, r.stone)).join(", ")
      : "out of reach of the new stones";
  const check =
    ts === undefined
      ? ""
      : ts === change.after
        ? " · the reference engine agrees"
        : ` · the reference engine says ${ts}`;
  return `${formatCell(change.cell)}: ${change.before} → ${change.after} (${sign}${delta}), ${why}${check}`;
}
