/** A small 19x19 board of stones with a score in every empty cell (the foreign-game viewer's). */
import { BOARD_SIZE, CELLS, COMPUTER, formatCell, HUMAN } from "../../engine-ts/index.js";
import { el } from "../dom.js";

export class MiniBoard {
  readonly root = el("div", "mini-board");
  private readonly cells: HTMLDivElement[] = [];

  constructor() {
    // A picture for assistive technology (its name lists the stones): 361 bare cells are no grid.
    this.root.setAttribute("role", "img");
    this.root.setAttribute("aria-label", "Empty board");
    for (let i = 0; i < CELLS; i++) {
      const cell = el("div", "mini-cell");
      cell.dataset.cell = String(i);
      this.cells.push(cell);
      this.root.append(cell);
    }
    this.root.style.gridTemplateColumns = `repeat(${BOARD_SIZE}, 1fr)`;
  }

  render(plocha: ArrayLike<number>, scores: ArrayLike<number>, last: number | undefined): void {
    const stones = (side: number): string => Array.from({ length: CELLS }, (_, i) => i).filter((i) => plocha[i] === side).map(formatCell).join(" ") || "none";
    this.root.setAttribute("aria-label", `Board, X: ${stones(COMPUTER)}; O: ${stones(HUMAN)}`);
    let max = 1;
    for (let i = 0; i < CELLS; i++) if (plocha[i] === 0) max = Math.max(max, scores[i]);
    this.cells.forEach((cell, i) => {
      const side = plocha[i];
      cell.className = `mini-cell${side === COMPUTER ? " x" : side === HUMAN ? " o" : ""}${i === last ? " last" : ""}`;
      cell.textContent = side === COMPUTER ? "X" : side === HUMAN ? "O" : scores[i] > 0 ? String(scores[i]) : "";
      cell.style.setProperty("--heat", side === 0 ? (scores[i] / max).toFixed(3) : "0");
    });
  }
}
