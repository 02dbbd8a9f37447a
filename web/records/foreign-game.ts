/**
 * A game PISKASM.COM did not play (another engine, another program, or a record without seed and
 * starter): a board to step through with engine-ts's Info at each ply. The emulator cannot
 * reproduce such a game (its computer would answer differently), and the card says so.
 */
import { formatCell } from "../../engine-ts/index.js";
import { actionButton, el } from "../dom.js";
import { engineStateAt } from "../timeline/engine-info.js";
import { MiniBoard } from "./mini-board.js";

export interface ForeignGameProbe {
  plies: number;
  ply: number;
  /** engine-ts's Info at the shown ply. */
  info: number[];
  plocha: number[];
  message: string;
}

export class ForeignGameView {
  readonly root = el("section", "card foreign-game", undefined, { hidden: true });
  private readonly title = el("h2", undefined, "Imported game");
  private readonly note = el("p", "foreign-note");
  private readonly slider = el("input", "foreign-slider", undefined, {
    type: "range",
    min: "0",
    ariaLabel: "Ply of the imported game",
  });
  private readonly plyLabel = el("span", "muted");
  private readonly board = new MiniBoard();
  private moves: readonly number[] = [];
  private ply = 0;

  constructor() {
    this.slider.addEventListener("input", () => this.show(Number(this.slider.value)));
    const close = actionButton("Close", "Close the imported game", () => this.hide());
    const row = el("div", "timeline-buttons");
    row.append(this.slider, this.plyLabel, close);
    this.root.append(this.title, this.note, row, this.board.root);
  }

  open(name: string, moves: readonly number[], why: string): void {
    this.moves = moves;
    this.title.textContent = `Imported game: ${name}`;
    this.note.textContent = `${why}. The emulator cannot reproduce this game; its board and engine-ts's Info (first player O, second X) are shown for each ply.`;
    this.slider.max = String(moves.length);
    this.root.hidden = false;
    this.show(moves.length);
  }

  hide(): void {
    this.root.hidden = true;
  }

  probe(): ForeignGameProbe | undefined {
    if (this.root.hidden) return undefined;
    const state = engineStateAt(0, "human", this.moves.slice(0, this.ply));
    return {
      plies: this.moves.length,
      ply: this.ply,
      info: [...state.info],
      plocha: [...state.plocha],
      message: this.note.textContent ?? "",
    };
  }

  show(ply: number): void {
    this.ply = Math.max(0, Math.min(this.moves.length, ply));
    this.slider.value = String(this.ply);
    const state = engineStateAt(0, "human", this.moves.slice(0, this.ply));
    const last = this.ply > 0 ? this.moves[this.ply - 1] : undefined;
    this.plyLabel.textContent = `ply ${this.ply} of ${this.moves.length}${last === undefined ? "" : ` · ${formatCell(last)}`}`;
    this.board.render(state.plocha, state.info, last);
  }
}
