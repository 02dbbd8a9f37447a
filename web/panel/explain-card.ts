/** The hovered cell's breakdown: engine-ts explain() per axis, the sum, and how the asm's value relates. */
import { formatCell, type Explanation } from "../../engine-ts/index.js";
import { byId, el } from "../dom.js";

export interface ExplainView {
  cell: number;
  explanation: Explanation;
  /** The asm's stored Info of the cell. */
  asm: number;
  /** engine-ts's followed Info of the cell, when a game is followed. */
  ts: number | undefined;
  /** engine-ts's answer if the human played this cell now (null: the game would end; undefined: not the human's turn). */
  reply: number | null | undefined;
}

const AXIS_LABEL: Readonly<Record<string, string>> = {
  horizontal: "— horizontal",
  vertical: "| vertical",
  diagonal: "\\ diagonal",
  "anti-diagonal": "/ anti-diag.",
};

export class ExplainCard {
  private readonly title = byId("explain-cell", HTMLSpanElement);
  private readonly body = byId("explain-body", HTMLDivElement);

  clear(): void {
    this.title.textContent = "hover a cell";
    this.body.replaceChildren(el("p", "muted", "Hover a cell of the heat map (or the board on the screen) to see how engine-ts scores it, axis by axis."));
    delete this.body.dataset.cell;
  }

  show(view: ExplainView): void {
    const { explanation: e } = view;
    this.title.textContent = formatCell(view.cell);
    this.body.dataset.cell = String(view.cell);
    this.body.dataset.total = String(e.total);
    this.body.dataset.asm = String(view.asm);
    if (e.occupied) {
      this.body.replaceChildren(el("p", "muted", "Occupied: Info is 0 for a stone (evaluator.md §5)."));
      return;
    }
    const table = el("table");
    const head = el("tr");
    for (const [text, cls] of [["axis", ""], ["unit", ""], ["pattern", ""], ["class", ""], ["value", "num"]]) head.append(el("th", cls, text));
    table.append(head);
    for (const a of e.axes) {
      const row = el("tr");
      row.dataset.axis = a.name;
      row.dataset.value = String(a.score);
      const u = a.unit;
      row.append(el("td", "", AXIS_LABEL[a.name] ?? a.name));
      if (u) {
        row.append(el("td", u.role, `${u.role} L${u.length} k${u.k} @${formatCell(u.start.cell)}`));
        row.append(el("td", "pattern", u.pattern));
        row.append(el("td", "", u.class));
      } else {
        row.append(el("td", "muted", "no window counts"), el("td"), el("td"));
      }
      row.append(el("td", "num", String(a.score)));
      table.append(row);
    }
    const sum = el("tr", "sum");
    sum.append(el("td", "", "CountScore"), el("td"), el("td"), el("td", "muted", e.axes.map((a) => a.score).join(" + ")), el("td", "num", String(e.total)));
    table.append(sum);
    this.body.replaceChildren(table, ...this.verdicts(view));
  }

  private verdicts(view: ExplainView): HTMLElement[] {
    const fresh = view.explanation.total;
    const lines: HTMLElement[] = [];
    const stale = view.asm !== fresh;
    this.body.dataset.stale = String(stale);
    lines.push(
      stale
        ? line("warn", `asm Info ${view.asm} is stale: freshScores() gives ${fresh} (not re-scored since the board changed)`)
        : line("ok", `asm Info ${view.asm} = freshScores() ✓ current`),
    );
    if (view.ts !== undefined) {
      lines.push(view.ts === view.asm ? line("ok", `engine-ts Info ${view.ts} = asm ✓`) : line("bad", `engine-ts Info ${view.ts} ≠ asm ${view.asm} ✗`));
    }
    if (view.reply !== undefined) {
      const cell = formatCell(view.cell);
      lines.push(line("", view.reply === null ? `O at ${cell} ends the game` : `O at ${cell} → engine-ts answers X at ${formatCell(view.reply)}`));
    }
    return lines;
  }
}

function line(cls: string, text: string): HTMLElement {
  return el("p", `verdict ${cls}`.trim(), text);
}
