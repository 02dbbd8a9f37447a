/**
 * The move list in the panel: numbered, coloured by side, newest kept in view. Stones whose order the
 * page does not know (a loaded state, a game joined under way) come first, unnumbered, in cell order.
 */
import { COMPUTER, formatCell } from "../../engine-ts/index.js";
import { byId, el } from "../dom.js";
import type { MoveRecord } from "../follower.js";

export class MoveList {
  private readonly list = byId("moves-list", HTMLOListElement);
  private readonly count = byId("moves-count", HTMLSpanElement);
  private shown = "";

  render(before: readonly MoveRecord[], moves: readonly MoveRecord[]): void {
    const key = `${before.map((m) => `${m.side}${m.cell}`).join(",")}|${moves.map((m) => `${m.side}${m.cell}`).join(",")}`;
    if (key === this.shown) return;
    this.shown = key;
    const total = before.length + moves.length;
    this.count.textContent =
      before.length > 0 ? `${total} · the first ${before.length} in unknown order` : String(total);
    const stone = (m: MoveRecord, number: string): HTMLLIElement => {
      const item = el("li", m.side === COMPUTER ? "x" : "o");
      item.append(el("span", "n", number), `${m.side === COMPUTER ? "X" : "O"} ${formatCell(m.cell)}`);
      item.dataset.cell = String(m.cell);
      return item;
    };
    this.list.replaceChildren(
      ...before.map((m) => stone(m, "·")),
      ...moves.map((m, i) => stone(m, `${before.length + i + 1}.`)),
    );
    this.list.scrollTop = this.list.scrollHeight;
  }
}
