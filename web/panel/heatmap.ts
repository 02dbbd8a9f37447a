/**
 * The 19x19 map of the asm's Info scores: numbers, stones in the game screen's colours, engine-ts
 * differences, stale cells, the computer's last stone, the hovered cell, engine-ts's reply to it and
 * the winning line. A keyboard user moves over it with the arrow keys (one cell in the Tab order at a
 * time) and plays the cell with Enter or Space; a finger held on a cell explains it instead of playing
 * it (web/panel/long-press.ts). Built once; each render only updates text, classes,
 * names and one custom property per cell.
 */
import { BOARD_SIZE, CELLS, formatCell } from "../../engine-ts/index.js";
import { el } from "../dom.js";
import { heat, shortValue } from "./heat-format.js";
import { attachLongPress } from "./long-press.js";

export interface HeatMapView {
  /** The asm's Info. */
  asm: Uint16Array;
  /** engine-ts's Info for the same game, when it follows one. */
  ts?: Uint16Array;
  /** From-scratch scores, to mark stale Info. */
  fresh?: Uint16Array;
  plocha: Uint8Array;
  /** The computer's last stone, undefined before it has played. */
  lastPC?: number;
  /** The five (or more) cells of a finished game's winning line. */
  win: readonly number[];
}

export interface HeatMapHandlers {
  hover(cell: number | undefined): void;
  click(cell: number): void;
}

/** The cell the keyboard starts on: the middle of the board. */
const START_CELL = 9 * BOARD_SIZE + 9;

export class HeatMap {
  private readonly cells: HTMLDivElement[] = [];
  private hovered: number | undefined;
  private best: number | undefined;
  private focusable = START_CELL;

  constructor(root: HTMLElement, handlers: HeatMapHandlers) {
    root.replaceChildren();
    const header = el("div", "row", undefined, { role: "row" });
    header.append(el("div", "label corner"));
    for (let c = 0; c < BOARD_SIZE; c++)
      header.append(el("div", "label col", formatCell(c).replace(/\d+$/, ""), { role: "columnheader" }));
    root.append(header);
    for (let r = 0; r < BOARD_SIZE; r++) {
      const row = el("div", "row", undefined, { role: "row" });
      row.append(el("div", "label rowlabel", String(r + 1), { role: "rowheader" }));
      for (let c = 0; c < BOARD_SIZE; c++) {
        const index = r * BOARD_SIZE + c;
        const cell = el("div", "cell", undefined, {
          role: "gridcell",
          tabIndex: index === this.focusable ? 0 : -1,
        });
        cell.dataset.cell = String(index);
        this.cells.push(cell);
        row.append(cell);
      }
      root.append(row);
    }
    const cellOf = (event: Event): number | undefined => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target.dataset.cell === undefined) return undefined;
      return Number(target.dataset.cell);
    };
    root.addEventListener("mouseover", (event) => handlers.hover(cellOf(event)));
    root.addEventListener("mouseleave", () => handlers.hover(undefined));
    root.addEventListener("focusin", (event) => {
      const cell = cellOf(event);
      if (cell === undefined) return;
      this.cells[this.focusable].tabIndex = -1;
      this.cells[cell].tabIndex = 0;
      this.focusable = cell;
      handlers.hover(cell);
    });
    root.addEventListener("click", (event) => {
      const cell = cellOf(event);
      if (cell !== undefined) handlers.click(cell);
    });
    attachLongPress(root, {
      cellOf,
      inspect: (cell) => handlers.hover(cell),
      describe: (cell) => this.cells[cell].getAttribute("aria-label") ?? formatCell(cell),
    });
    root.addEventListener("keydown", (event) => {
      const cell = cellOf(event);
      if (cell === undefined) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        handlers.click(cell);
        return;
      }
      const next = step(cell, event.key);
      if (next === undefined) return;
      event.preventDefault();
      this.cells[next].focus();
    });
  }

  /** Outline the hovered cell (also when hovered on the screen) and engine-ts's reply to it. */
  highlight(cell: number | undefined, reply: number | undefined): void {
    if (this.hovered !== undefined) this.cells[this.hovered].classList.remove("hover");
    if (this.best !== undefined) this.cells[this.best].classList.remove("best");
    this.hovered = cell;
    this.best = reply;
    if (cell !== undefined) this.cells[cell].classList.add("hover");
    if (reply !== undefined) this.cells[reply].classList.add("best");
  }

  render(view: HeatMapView): void {
    let top = 0;
    for (let i = 0; i < CELLS; i++) if (view.plocha[i] === 0 && view.asm[i] > top) top = view.asm[i];
    const win = new Set(view.win);
    for (let i = 0; i < CELLS; i++) {
      const cell = this.cells[i];
      const asm = view.asm[i];
      const ts = view.ts?.[i];
      const stone = view.plocha[i];
      const differs = ts !== undefined && ts !== asm;
      const stale = view.fresh !== undefined && stone === 0 && asm !== 0 && view.fresh[i] !== asm;
      const h = stone === 0 ? heat(asm) : 0;
      const last = i === view.lastPC && stone === 1;
      const best = stone === 0 && asm > 0 && asm === top;
      cell.textContent = stone === 1 ? "X" : stone === 2 ? "O" : shortValue(asm);
      cell.style.setProperty("--h", h.toFixed(3));
      cell.dataset.asm = String(asm);
      if (ts === undefined) delete cell.dataset.ts;
      else cell.dataset.ts = String(ts);
      cell.className = "cell";
      if (stone !== 0) cell.classList.add("stone", stone === 1 ? "stone-x" : "stone-o");
      if (h > 0.75) cell.classList.add("hot");
      if (differs) cell.classList.add("diff");
      if (stale) cell.classList.add("stale");
      if (last) cell.classList.add("last");
      if (win.has(i)) cell.classList.add("win");
      if (i === this.best) cell.classList.add("best");
      if (i === this.hovered) cell.classList.add("hover");
      cell.setAttribute("aria-label", cellName(i, stone, asm, best, last, win.has(i)));
      cell.title = tooltip(asm, ts, view.fresh?.[i], stone, stale);
    }
  }
}

/** The cell an arrow, Home or End key moves to from `cell`, undefined for other keys or at the edge. */
function step(cell: number, key: string): number | undefined {
  const row = Math.floor(cell / BOARD_SIZE);
  const col = cell % BOARD_SIZE;
  const moves: Record<string, [number, number]> = {
    ArrowUp: [row - 1, col],
    ArrowDown: [row + 1, col],
    ArrowLeft: [row, col - 1],
    ArrowRight: [row, col + 1],
    Home: [row, 0],
    End: [row, BOARD_SIZE - 1],
  };
  const target = moves[key];
  if (!target) return undefined;
  const [r, c] = target;
  if (r < 0 || c < 0 || r >= BOARD_SIZE || c >= BOARD_SIZE) return undefined;
  return r * BOARD_SIZE + c;
}

/** What a screen reader says for a cell: "J10, score 250, best move". */
function cellName(
  cell: number,
  stone: number,
  asm: number,
  best: boolean,
  last: boolean,
  win: boolean,
): string {
  const parts = [formatCell(cell)];
  if (stone === 1) parts.push(last ? "X, the computer's last move" : "X, computer");
  else if (stone === 2) parts.push("O, yours");
  else parts.push(asm === 0 ? "empty, score 0" : `score ${asm}`);
  if (best) parts.push("best move");
  if (win) parts.push("winning line");
  return parts.join(", ");
}

function tooltip(
  asm: number,
  ts: number | undefined,
  fresh: number | undefined,
  stone: number,
  stale: boolean,
): string {
  if (stone !== 0) return stone === 1 ? "computer (X)" : "you (O)";
  const parts = [`score ${asm}`];
  if (ts !== undefined && ts !== asm) parts.push(`reference engine ${ts} (differs)`);
  if (stale && fresh !== undefined) parts.push(`not re-scored: counting again gives ${fresh}`);
  return parts.join(" · ");
}
