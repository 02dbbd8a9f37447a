/**
 * The panel beside the PC screen: the state's facts, the score map, the explanation of the cell under
 * the pointer, the move list and where the program differs from its model (web/check/mismatch-view.ts),
 * drawn from the observed state, engine-ts's followed game and the one checker's status.
 */
import { buildBodovani, CELLS, explain, freshScores } from "../../engine-ts/index.js";
import { Phase, type GameState } from "../../guest/game-view.js";
import { byId } from "../dom.js";
import type { FollowedGame, Follower } from "../follower.js";
import { agreementView } from "../check/agreement.js";
import { MismatchView } from "../check/mismatch-view.js";
import type { CheckStatus } from "../check/page-check.js";
import { ExplainCard } from "./explain-card.js";
import { Facts } from "./facts.js";
import { HeatMap, type HeatMapHandlers } from "./heatmap.js";
import { MoveList } from "./moves.js";
import { winningLine } from "./winning-line.js";

/** A move the player made whose answer has not been seen yet, with engine-ts's predicted answer. */
export interface PendingMove {
  human: number;
  predicted: number | null | undefined;
}

export class Panel {
  private readonly bodovani = buildBodovani();
  private readonly heat: HeatMap;
  private readonly explainCard = new ExplainCard();
  private readonly facts = new Facts();
  private readonly moves = new MoveList();
  private readonly mismatch = new MismatchView();
  private state: GameState | undefined;
  private fresh: Uint16Array | undefined;
  private hovered: number | undefined;
  private check: CheckStatus = { kind: "off", why: "no game yet" };

  constructor(
    private readonly follower: Follower,
    handlers: Pick<HeatMapHandlers, "click">,
  ) {
    this.heat = new HeatMap(byId("heatmap", HTMLDivElement), {
      hover: (cell) => this.hover(cell),
      click: handlers.click,
    });
    byId("panel-slot", HTMLElement).prepend(this.mismatch.root);
  }

  /** A new stable state (undefined: no game) to show. */
  show(state: GameState | undefined): void {
    this.state = state;
    this.fresh = state && freshScores(state.plocha, this.bodovani);
  }

  render(pending: PendingMove | undefined, game: FollowedGame | undefined = this.follower.game): void {
    const state = this.state;
    this.facts.state(state);
    if (!state) {
      this.facts.prediction(undefined);
      this.showCheck(this.check);
      this.moves.render([], []);
      this.heat.render({ asm: new Uint16Array(CELLS), plocha: new Uint8Array(CELLS), win: [] });
      this.explainCard.clear();
      return;
    }
    const over = state.phase === Phase.COMPUTER_WON || state.phase === Phase.HUMAN_WON;
    this.heat.render({
      asm: state.info,
      ts: game?.engine.state.info,
      fresh: this.fresh,
      plocha: state.plocha,
      lastPC: state.lastPC < CELLS ? state.lastPC : undefined,
      win: over ? winningLine(state.plocha) : [],
    });
    const waiting =
      pending?.predicted === undefined ? undefined : { predicted: pending.predicted, actual: undefined };
    this.facts.prediction(pending ? waiting : game?.lastCheck);
    this.showCheck(this.check, game);
    this.moves.render(game?.before ?? [], game?.moves ?? []);
    this.hover(this.hovered);
  }

  /** The one checker's status: the agreement line (with what engine-ts follows) and a mismatch's screens. */
  showCheck(status: CheckStatus, game: FollowedGame | undefined = this.follower.game): void {
    this.check = status;
    this.mismatch.show(status);
    const followed =
      game === undefined
        ? ""
        : game.origin === "seed"
          ? `scores followed from seed ${game.engine.state.seed}`
          : `scores synced from the asm at move ${game.syncedAt}`;
    this.facts.agreement(agreementView(status, followed));
  }

  /** The cell under the pointer or the keyboard (undefined: none): highlighted, with its explanation. */
  hover(cell: number | undefined): void {
    this.hovered = cell;
    const state = this.state;
    if (cell === undefined || !state) {
      this.heat.highlight(undefined, undefined);
      if (!state) this.explainCard.clear();
      return;
    }
    const reply = state.phase === Phase.HUMAN_TURN ? this.follower.predictReply(cell) : undefined;
    this.heat.highlight(cell, reply ?? undefined);
    this.explainCard.show({
      cell,
      explanation: explain(state.plocha, this.bodovani, cell),
      asm: state.info[cell],
      ts: this.follower.game?.engine.state.info[cell],
      reply,
    });
  }
}
