/**
 * The 19x19 heat map of the asm's Info: numbers, stones, engine-ts differences in red, stale cells
 * marked, the computer's last stone and engine-ts's reply to the hovered cell outlined. Built once; each
 * render only updates text, classes and one custom property per cell.
 */
import { BOARD_SIZE, CELLS, formatCell } from "../../engine-ts/index.js";
import { el } from "../dom.js";
import { heat, shortValue } from "./heat-format.js";

export interface HeatMapView {
  /** The asm's Info. */
  asm: Uint16Array;
  /** engine-ts's Info for the same game, when it follows one. */
  ts: Uint16Array | undefined;
  /** From-scratch scores, to mark stale Info. */
  fresh: Uint16Array | undefined;
  plocha: Uint8Array;
  lastPC: number;
}

export interface HeatMapHandlers {
  hover(cell: number | undefined): void;
  click(cell: number): void;
}

export class HeatMap {
  private readonly cells: HTMLDivElement[] = [];
  private hovered: number | undefined;
  private best: number | undefined;

  constructor(root: HTMLElement, handlers: HeatMapHandlers) {
    root.replaceChildren();
    root.append(el("div", "label corner"));
    for (let c = 0; c < BOARD_SIZE; c++) root.append(el("div", "label col", formatCell(c).replace(/\d+$/, "")));
    for (let r = 0; r < BOARD_SIZE; r++) {
      root.append(el("div", "label row", String(r + 1)));
      for (let c = 0; c < BOARD_SIZE; c++) {
        const cell = el("div", "cell");
        const index = r * BOARD_SIZE + c;
        cell.dataset.cell = String(index);
        cell.setAttribute("role", "gridcell");
        this.cells.push(cell);
        root.append(cell);
      }
    }
    const cellOf = (event: Event): number | undefined => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target.dataset.cell === undefined) return undefined;
      return Number(target.dataset.cell);
    };
    root.addEventListener("mouseover", (event) => handlers.hover(cellOf(event)));
    root.addEventListener("mouseleave", () => handlers.hover(undefined));
    root.addEventListener("click", (event) => {
      const cell = cellOf(event);
      if (cell !== undefined) handlers.click(cell);
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
    for (let i = 0; i < CELLS; i++) {
      const cell = this.cells[i];
      const asm = view.asm[i];
      const ts = view.ts?.[i];
      const stone = view.plocha[i];
      const differs = ts !== undefined && ts !== asm;
      const stale = view.fresh !== undefined && stone === 0 && view.fresh[i] !== asm;
      const h = stone === 0 ? heat(asm) : 0;
      cell.textContent = stone === 1 ? "X" : stone === 2 ? "O" : shortValue(asm);
      cell.style.setProperty("--h", h.toFixed(3));
      cell.dataset.asm = String(asm);
      if (ts === undefined) delete cell.dataset.ts;
      else cell.dataset.ts = String(ts);
      cell.className = "cell";
      if (stone !== 0) cell.classList.add("stone", stone === 1 ? "stone-x" : "stone-o");
      if (h > 0.75) cell.classList.add("hot");
      else if (h > 0.45) cell.classList.add("warm");
      if (differs) cell.classList.add("diff");
      if (stale) cell.classList.add("stale");
      if (i === view.lastPC && stone === 1) cell.classList.add("last");
      if (i === this.best) cell.classList.add("best");
      if (i === this.hovered) cell.classList.add("hover");
      cell.title = tooltip(asm, ts, view.fresh?.[i], stone);
    }
  }
}

function tooltip(asm: number, ts: number | undefined, fresh: number | undefined, stone: number): string {
  if (stone !== 0) return stone === 1 ? "computer (X)" : "human (O)";
  const parts = [`asm Info ${asm}`];
  if (ts !== undefined) parts.push(`engine-ts ${ts}${ts === asm ? "" : " (differs)"}`);
  if (fresh !== undefined && fresh !== asm) parts.push(`stale: fresh ${fresh}`);
  return parts.join(" · ");
}
