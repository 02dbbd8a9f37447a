/** The move list in the panel: numbered, coloured by side, newest kept in view. */
import { COMPUTER, formatCell } from "../../engine-ts/index.js";
import { byId, el } from "../dom.js";
import type { MoveRecord } from "../follower.js";

export class MoveList {
  private readonly list = byId("moves-list", HTMLOListElement);
  private readonly count = byId("moves-count", HTMLSpanElement);
  private shown = "";

  render(moves: readonly MoveRecord[], syncedAt: number): void {
    const key = `${syncedAt}:${moves.map((m) => `${m.side}${m.cell}`).join(",")}`;
    if (key === this.shown) return;
    this.shown = key;
    this.count.textContent = syncedAt > 0 ? `${moves.length} · order known after move ${syncedAt}` : String(moves.length);
    this.list.replaceChildren(
      ...moves.map((m, i) => {
        const item = el("li", m.side === COMPUTER ? "x" : "o");
        item.append(el("span", "n", `${i + 1}.`), `${m.side === COMPUTER ? "X" : "O"} ${formatCell(m.cell)}`);
        item.dataset.cell = String(m.cell);
        return item;
      }),
    );
    this.list.scrollTop = this.list.scrollHeight;
  }
}
