/**
 * A small 19x19 board of stones with a score in every empty cell (the imported game's and the
 * debugger's): drawn like the score map (a grid, the same heat colours and short numbers), the
 * computer's last stone framed and a five marked, columns lettered A-S and rows numbered 1-19 as on
 * the score map. It fits the width it is given, down to a phone's.
 */
import { BOARD_SIZE, CELLS, COMPUTER, formatCell, HUMAN } from "../../engine-ts/index.js";
import { el } from "../dom.js";
import { heat, shortValue } from "../panel/heat-format.js";
import { winningLine } from "../panel/winning-line.js";

export class MiniBoard {
  /** A picture for assistive technology (its name lists the stones): 361 bare cells are no grid. */
  readonly root = el("div", "mini-board", undefined, { role: "img", ariaLabel: "Empty board" });
  private readonly cells: HTMLDivElement[] = [];

  constructor() {
    const grid = el("div", "mini-grid");
    const label = (text: string): HTMLDivElement => el("div", "mini-label", text);
    grid.append(label(""));
    for (let c = 0; c < BOARD_SIZE; c++) grid.append(label(formatCell(c).replace(/\d+$/, "")));
    for (let i = 0; i < CELLS; i++) {
      if (i % BOARD_SIZE === 0) grid.append(label(String(i / BOARD_SIZE + 1)));
      const cell = el("div", "mini-cell");
      cell.dataset.cell = String(i);
      this.cells.push(cell);
      grid.append(cell);
    }
    grid.style.gridTemplateColumns = `auto repeat(${BOARD_SIZE}, 1fr)`;
    this.root.append(grid);
  }

  render(plocha: ArrayLike<number>, scores: ArrayLike<number>, last: number | undefined): void {
    const stones = (side: number): string =>
      Array.from({ length: CELLS }, (_, i) => i)
        .filter((i) => plocha[i] === side)
        .map(formatCell)
        .join(" ") || "none";
    const five = new Set(winningLine(Uint8Array.from(plocha)));
    this.root.setAttribute(
      "aria-label",
      `Board, X: ${stones(COMPUTER)}; O: ${stones(HUMAN)}${five.size > 0 ? `; five in a row: ${[...five].map(formatCell).join(" ")}` : ""}`,
    );
    this.cells.forEach((cell, i) => {
      const side = plocha[i];
      const score = side === 0 ? scores[i] : 0;
      cell.className = `mini-cell${side === COMPUTER ? " x" : side === HUMAN ? " o" : score > 0 ? " scored" : ""}${i === last ? " last" : ""}${five.has(i) ? " win" : ""}`;
      cell.textContent = side === COMPUTER ? "X" : side === HUMAN ? "O" : shortValue(score);
      cell.style.setProperty("--h", heat(score).toFixed(3));
    });
  }
}
