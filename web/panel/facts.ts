/** The state fields of the panel in plain words: state, stones, last move, empty cells, seed, prediction, the checker's agreement. */
import { COMPUTER, formatCell } from "../../engine-ts/index.js";
import { Phase, type GameState } from "../../guest/game-view.js";
import type { AgreementView } from "../check/agreement.js";
import { byId } from "../dom.js";

export interface PredictionView {
  /** engine-ts's answer; null when the human's move ended the game. */
  predicted: number | null;
  /** The asm's answer once seen (undefined while waiting). */
  actual: number | null | undefined;
}

const PHASE_NAMES: Readonly<Record<number, string>> = {
  [Phase.STARTING]: "starting",
  [Phase.MENU]: "menu",
  [Phase.HUMAN_TURN]: "your turn",
  [Phase.COMPUTER_TURN]: "computer thinking",
  [Phase.COMPUTER_WON]: "computer won",
  [Phase.HUMAN_WON]: "you won",
  [Phase.DRAW]: "draw",
  [Phase.EXITING]: "quit to DOS",
};

export class Facts {
  private readonly phase = byId("f-phase", HTMLElement);
  private readonly move = byId("f-move", HTMLElement);
  private readonly seed = byId("f-seed", HTMLElement);
  private readonly random = byId("f-random", HTMLElement);
  private readonly lastPC = byId("f-lastpc", HTMLElement);
  private readonly volna = byId("f-volna", HTMLElement);
  private readonly predict = byId("f-predict", HTMLElement);
  private readonly diff = byId("f-diff", HTMLElement);

  state(s: GameState | undefined): void {
    if (!s) {
      for (const e of [this.phase, this.move, this.seed, this.random, this.lastPC, this.volna])
        e.textContent = "—";
      return;
    }
    this.phase.textContent = PHASE_NAMES[s.phase] ?? `unknown (${s.phase})`;
    this.phase.dataset.phase = String(s.phase);
    // Before the first game the game's fields are its zeroed memory, not a seed or a board: not shown.
    const noGameYet = s.gameCount === 0 && (s.phase === Phase.MENU || s.phase === Phase.STARTING);
    const shown = (value: number): string => (noGameYet ? "—" : String(value));
    this.move.textContent = shown(s.moveCount);
    this.seed.textContent = shown(s.seed);
    this.random.textContent = shown(s.random);
    // Before the computer's first stone of a game there is no last move to show.
    const played = s.lastPC < s.plocha.length && s.plocha[s.lastPC] === COMPUTER;
    this.lastPC.textContent = played ? formatCell(s.lastPC) : "—";
    this.lastPC.dataset.cell = played ? String(s.lastPC) : "";
    this.volna.textContent = shown(s.volnaPole);
  }

  prediction(p: PredictionView | undefined): void {
    const e = this.predict;
    e.className = "";
    delete e.dataset.predicted;
    delete e.dataset.ok;
    if (!p) {
      e.textContent = "—";
      return;
    }
    e.dataset.predicted = p.predicted === null ? "none" : String(p.predicted);
    const what = p.predicted === null ? "no answer (game over)" : `X at ${formatCell(p.predicted)}`;
    if (p.actual === undefined) {
      e.textContent = `${what} · waiting for the game…`;
      e.className = "pending";
      return;
    }
    const ok = p.actual === p.predicted;
    e.dataset.ok = String(ok);
    e.className = ok ? "ok" : "bad";
    const played = p.actual === null ? "did not move" : `played ${formatCell(p.actual)}`;
    e.textContent = `${what} · the game ${played} ${ok ? "✓" : "✗"}`;
  }

  /** The one checker's agreement line (web/check/agreement.ts); data-count 0 when the program agrees. */
  agreement(view: AgreementView): void {
    const e = this.diff;
    e.textContent = view.text;
    e.title = view.text;
    if (view.count === undefined) {
      e.className = "";
      delete e.dataset.count;
      return;
    }
    e.dataset.count = String(view.count);
    e.className = view.count === 0 ? "ok" : "bad";
  }
}
