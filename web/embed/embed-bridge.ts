/**
 * The embedded frame's side (embed.html): at the game's menu it starts what its URL asks for, as a
 * player would (a new game: menu key S and the seed typed, then 1 or 2; a record: the same, then the
 * human's stones clicked through the emulated mouse, web/share/replay-game.ts), and tells the parent
 * window what happens (web/embed/messages.ts): ready, every stone after it, the end of each game. A
 * record is read-only: the frame refuses moves on it (its timeline still steps through it).
 */
import { COMPUTER, formatCell } from "../../engine-ts/index.js";
import { Phase, type GameState } from "../../guest/game-view.js";
import type { PiskasmGame } from "../../records/piskasm-game.js";
import type { MoveRecord } from "../follower.js";
import type { GameController } from "../game-controller.js";
import type { GameHistory } from "../timeline/features.js";
import type { EmbedRequest } from "./embed-request.js";
import type { EmbedEvent, GameResult } from "./messages.js";

/** What the frame needs of the page's App: its game (web/game-controller.ts) and its timeline. */
export interface EmbedApp {
  game: Pick<GameController, "listen" | "newGame" | "readOnly">;
  history: Pick<GameHistory, "replayRecord">;
}

const RESULTS: Partial<Record<number, GameResult>> = {
  [Phase.HUMAN_WON]: "human",
  [Phase.COMPUTER_WON]: "computer",
  [Phase.DRAW]: "draw",
};
/** Phases between games: the menu and its seed prompt. */
const BETWEEN = new Set<number>([Phase.MENU, Phase.SEED_ENTRY]);

type Stage = "waiting" | "starting" | "playing" | "shown";

export class EmbedBridge {
  private stage: Stage = "waiting";
  /** Which game of the frame (1 = the one `ready` announced). */
  private game = 1;
  /** Moves of the current game already told. */
  private told = 0;
  /** The current game's end was told (or there is no game: between games). */
  private ended = false;

  constructor(
    private readonly request: EmbedRequest,
    private readonly post: (event: EmbedEvent) => void,
  ) {}

  /** Starts following `app`'s states (call before the App boots, so the first menu is seen). */
  connect(app: EmbedApp): void {
    app.game.listen((state, moves) => this.onState(app, state, moves));
  }

  private onState(app: EmbedApp, state: GameState, moves: readonly MoveRecord[]): void {
    if (this.stage === "waiting" && state.phase === Phase.MENU) {
      this.stage = "starting";
      if (this.request.record) void this.showRecord(app, this.request.record);
      else app.game.newGame(this.request.first, this.request.seed);
      return;
    }
    if (this.stage === "starting" && !this.request.record && !BETWEEN.has(state.phase)) {
      this.stage = "playing";
      this.told = moves.length;
      this.post({
        type: "ready",
        seed: state.seed,
        first: this.request.first,
        moves: moves.map((m) => formatCell(m.cell)),
        readOnly: false,
      });
    }
    if (this.stage === "playing") this.follow(state, moves);
  }

  /** After `ready`: each new stone, each game's end, and a new game started in the frame. */
  private follow(state: GameState, moves: readonly MoveRecord[]): void {
    if (BETWEEN.has(state.phase)) {
      if (!this.ended && this.told > 0) this.endGame("given-up", moves);
      this.ended = true;
      return;
    }
    if (this.ended && state.phase !== Phase.SETUP && RESULTS[state.phase] === undefined) {
      this.game++;
      this.told = 0;
      this.ended = false;
    }
    for (; this.told < moves.length; this.told++) {
      const move = moves[this.told];
      this.post({
        type: "move",
        game: this.game,
        ply: this.told + 1,
        cell: formatCell(move.cell),
        player: move.side === COMPUTER ? "computer" : "human",
      });
    }
    const result = RESULTS[state.phase];
    if (result !== undefined && !this.ended) this.endGame(result, moves);
  }

  private endGame(result: GameResult, moves: readonly MoveRecord[]): void {
    this.ended = true;
    this.post({ type: "gameover", game: this.game, result, moves: moves.map((m) => formatCell(m.cell)) });
  }

  private async showRecord(app: EmbedApp, record: PiskasmGame): Promise<void> {
    app.game.readOnly("This game is a record shown read-only: step through it with the timeline");
    const { plies, stopped } = await app.history.replayRecord(record);
    if (stopped !== undefined) this.post({ type: "error", message: `the record stopped: ${stopped}` });
    this.stage = "shown";
    this.post({
      type: "ready",
      seed: record.seed,
      first: record.first,
      moves: record.moves.slice(0, plies).map(formatCell),
      readOnly: true,
    });
  }
}
