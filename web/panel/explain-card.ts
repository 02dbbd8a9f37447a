/** The pointed-at cell's score explained: per line through it the best window drawn, in words, summed. */
import { formatCell, type Explanation } from "../../engine-ts/index.js";
import { byId, el } from "../dom.js";
import { AXIS_WORDS, CLASS_WORDS, drawWindow, stoneOf } from "./pattern-words.js";

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

/** A window's side in a player's words: the computer's own chance, or your threat it blocks. */
const ROLE_WORDS = { attack: "attack", defence: "block" } as const;
const INTRO = "Point at a cell (or move over the score map with the arrow keys) to see why it has its score.";

export class ExplainCard {
  private readonly title = byId("explain-cell", HTMLSpanElement);
  private readonly body = byId("explain-body", HTMLDivElement);

  clear(): void {
    this.title.textContent = "point at a cell";
    this.body.replaceChildren(el("p", "muted", INTRO));
    delete this.body.dataset.cell;
  }

  show(view: ExplainView): void {
    const { explanation: e } = view;
    this.title.textContent = formatCell(view.cell);
    this.body.dataset.cell = String(view.cell);
    this.body.dataset.total = String(e.total);
    this.body.dataset.asm = String(view.asm);
    if (e.occupied) {
      this.body.replaceChildren(el("p", "muted", "A stone is here, so its score is 0."));
      return;
    }
    const table = el("table");
    const head = el("tr");
    head.append(
      el("th", "", "line"),
      el("th", "", "best window (+ is this cell)"),
      el("th", "", "what it is"),
      el("th", "num", "points"),
    );
    table.append(head);
    for (const a of e.axes) {
      const row = el("tr");
      row.dataset.axis = a.name;
      row.dataset.value = String(a.score);
      const u = a.unit;
      row.append(el("td", "", AXIS_WORDS[a.name] ?? a.name));
      if (u)
        row.append(
          el("td", `pattern ${u.role}`, drawWindow(u)),
          el("td", "", `${stoneOf(u)}: ${CLASS_WORDS[u.class]} (${ROLE_WORDS[u.role]})`),
        );
      else row.append(el("td", "muted", "no five-cell room"), el("td"));
      row.append(el("td", "num", String(a.score)));
      table.append(row);
    }
    const sum = el("tr", "sum");
    sum.append(
      el("td", "", "Score"),
      el("td", "muted", e.axes.map((a) => a.score).join(" + ")),
      el("td"),
      el("td", "num", String(e.total)),
    );
    table.append(sum);
    this.body.replaceChildren(table, ...this.verdicts(view));
  }

  private verdicts(view: ExplainView): HTMLElement[] {
    const fresh = view.explanation.total;
    const lines: HTMLElement[] = [];
    const stale = view.asm !== fresh;
    this.body.dataset.stale = String(stale);
    if (stale)
      lines.push(
        line(
          "warn",
          `The game still holds ${view.asm} here: it has not re-counted this cell since the board changed (counting now gives ${fresh}).`,
        ),
      );
    if (view.ts !== undefined && view.ts !== view.asm)
      lines.push(line("bad", `The reference engine says ${view.ts}, the game ${view.asm}: they differ ✗`));
    if (view.reply !== undefined) {
      const cell = formatCell(view.cell);
      lines.push(
        line(
          "",
          view.reply === null
            ? `O at ${cell} ends the game.`
            : `If you play ${cell}, the computer is predicted to answer ${formatCell(view.reply)}.`,
        ),
      );
    }
    return lines;
  }
}

function line(cls: string, text: string): HTMLElement {
  return el("p", `verdict ${cls}`.trim(), text);
}
