/**
 * The timeline card: a slider and buttons over the current line, the tree of variations (one dot per
 * stable state, a lane per variation, as in Sabaki), what changed in Info since the previous node
 * and the asm's and engine-ts's score of any cell at the current node.
 */
import { formatCell, parseCell } from "../../engine-ts/index.js";
import { el } from "../dom.js";
import { actionButton } from "./button.js";
import { engineStateAt } from "./engine-info.js";
import { infoChanges, RAY_NAMES, type CellChange } from "./ply-diff.js";
import type { Timeline, TimelineNode } from "./timeline.js";

/** Changed cells listed (the largest changes first). */
const LISTED_CHANGES = 14;
const DOT_STEP_PX = 9;
const LANE_STEP_PX = 12;

export class TimelineView {
  readonly root = el("section", "card timeline");
  private readonly label = el("span", "muted timeline-ply", "no game yet");
  private readonly slider = el("input", "timeline-slider");
  private readonly tree = el("div", "timeline-tree");
  private readonly changes = el("ol", "timeline-changes");
  private readonly cellInput = el("input", "timeline-cell");
  private readonly cellOut = el("span", "timeline-cell-out muted", "");
  private readonly engineCache = new Map<number, Uint16Array>();

  constructor(private readonly timeline: Timeline) {
    const head = el("h2", undefined, "Timeline ");
    head.append(this.label);
    const buttons = el("div", "timeline-buttons");
    const button = (text: string, title: string, action: () => void): void => void buttons.append(actionButton(text, title, action));
    button("«", "First ply (Home)", () => this.jump(0));
    button("◀", "Previous ply (←)", () => void timeline.step(-1));
    button("▶", "Next ply (→)", () => void timeline.step(1));
    button("»", "Last ply of this line (End)", () => this.jump(Infinity));
    this.slider.type = "range";
    this.slider.min = "0";
    this.slider.setAttribute("aria-label", "Ply of the current line");
    this.slider.addEventListener("input", () => this.jump(Number(this.slider.value)));
    buttons.append(this.slider);
    this.cellInput.placeholder = "K10";
    this.cellInput.size = 4;
    this.cellInput.setAttribute("aria-label", "A cell to score at this ply");
    this.cellInput.addEventListener("input", () => this.showCell());
    const cellRow = el("div", "timeline-cell-row", "Score of ");
    cellRow.append(this.cellInput, this.cellOut);
    const changesHead = el("h3", undefined, "Info changed by the last stones");
    this.root.append(head, buttons, this.tree, changesHead, this.changes, cellRow);
    timeline.listen({ changed: () => this.render() });
    document.addEventListener("keydown", (event) => this.key(event));
    this.render();
  }

  private jump(index: number): void {
    const { line } = this.timeline.position();
    if (line.length === 0) return;
    void this.timeline.goTo(line[Math.max(0, Math.min(line.length - 1, index))]);
  }

  /** Arrow keys, Home and End move along the line, unless the emulated screen or a field has the keys. */
  private key(event: KeyboardEvent): void {
    const target = event.target;
    if (target instanceof HTMLElement && (target.closest("#screen") || target.matches("input:not([type=range]), textarea, select"))) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves: Record<string, () => void> = {
      ArrowLeft: () => void this.timeline.step(-1),
      ArrowRight: () => void this.timeline.step(1),
      Home: () => this.jump(0),
      End: () => this.jump(Infinity),
    };
    const action = moves[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  private render(): void {
    const { line, index } = this.timeline.position();
    const current = line[index];
    this.slider.max = String(Math.max(0, line.length - 1));
    this.slider.value = String(Math.max(0, index));
    this.slider.disabled = line.length < 2;
    this.label.textContent = current ? `ply ${current.moves.length} · node ${index + 1} of ${line.length} on this line` : "no game yet";
    this.renderTree(new Set(line));
    this.renderChanges(current);
    this.showCell();
  }

  private renderTree(onLine: ReadonlySet<TimelineNode>): void {
    const dots: HTMLElement[] = [];
    let lanes = 0;
    let depthMax = 0;
    const place = (node: TimelineNode, depth: number, lane: number): void => {
      depthMax = Math.max(depthMax, depth);
      const dot = el("button", `dot${onLine.has(node) ? " on-line" : ""}${node === this.timeline.tree.current ? " current" : ""}`);
      dot.type = "button";
      dot.style.left = `${depth * DOT_STEP_PX}px`;
      dot.style.top = `${lane * LANE_STEP_PX}px`;
      dot.title = `ply ${node.moves.length}${node.moves.length > 0 ? `: ${node.moves.slice(-2).map(formatCell).join(" ")}` : ""}`;
      dot.dataset.node = String(node.id);
      dot.addEventListener("click", () => void this.timeline.goTo(node));
      dots.push(dot);
      node.children.forEach((child, i) => place(child, depth + 1, i === 0 ? lane : ++lanes));
    };
    const root = this.timeline.tree.root;
    if (root) place(root, 0, 0);
    this.tree.style.height = `${(lanes + 1) * LANE_STEP_PX}px`;
    this.tree.style.width = `${(depthMax + 1) * DOT_STEP_PX}px`;
    this.tree.replaceChildren(...dots);
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
    const items = sorted.slice(0, LISTED_CHANGES).map((change) => el("li", undefined, describeChange(change, ts?.[change.cell])));
    if (all.length > LISTED_CHANGES) items.push(el("li", "muted", `… ${all.length - LISTED_CHANGES} more cells changed (${all.length} in all)`));
    if (all.length === 0) items.push(el("li", "muted", "no Info word changed"));
    this.changes.replaceChildren(el("li", "muted", `stones ${stones.map(formatCell).join(", ")}: ${all.length} cells changed`), ...items);
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
      cell = parseCell(text.toUpperCase());
    } catch (error) {
      this.cellOut.textContent = error instanceof Error ? error.message : String(error);
      return;
    }
    const ts = this.engineInfo(node);
    this.cellOut.textContent = `${formatCell(cell)} at ply ${node.moves.length}: asm ${node.state.info[cell]}, engine-ts ${ts ? ts[cell] : "? (game not followed from its start)"}`;
  }

  /** engine-ts's Info at `node`, replayed from the seed (undefined for a tree started mid-game). */
  private engineInfo(node: TimelineNode): Uint16Array | undefined {
    const start = this.timeline.tree.start;
    if (!start?.fromStart) return undefined;
    let info = this.engineCache.get(node.id);
    if (!info) {
      info = engineStateAt(start.seed, start.first, node.moves).info;
      this.engineCache.set(node.id, info);
    }
    return info;
  }
}

function describeChange(change: CellChange, ts: number | undefined): string {
  const delta = change.after - change.before;
  const sign = delta > 0 ? "+" : "";
  const why = change.isStone
    ? "stone placed (zeroed)"
    : change.rays.length > 0
      ? change.rays.map((r) => `${RAY_NAMES[r.ray]}${r.distance} of ${formatCell(r.stone)}`).join(", ")
      : "no ray of the new stones reaches it";
  const check = ts === undefined ? "" : ts === change.after ? " · ts =" : ` · ts ${ts}`;
  return `${formatCell(change.cell)} ${change.before}→${change.after} (${sign}${delta}) · ${why}${check}`;
}
