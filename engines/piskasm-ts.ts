/**
 * engine-ts as a player: PISKASM.COM's evaluator in TypeScript on any square board from 15 to 22 (the
 * first-move rule around the board's centre, docs/evaluator.md). The engine is the computer (X), its
 * opponent the human (O), as in the COM program.
 *
 * Under the standard rule (INFO rule 1) the evaluator stays PISKASM's, which values six in a row as
 * five: PCMove's scan then skips the cells where the computer would make only an overline, and an
 * overline (no win) does not end engine-ts's game (its Phase goes on to the next turn).
 */
import { buildBodovani, COMPUTER, Game, getRandom, HUMAN, pcMoveScan, Phase } from "../engine-ts/index.js";
import {
  cellOf,
  EngineError,
  pointOf,
  RULE_FREESTYLE,
  type CellScores,
  type Engine,
  type GameSettings,
  type Point,
  type PositionStone,
} from "./engine.js";
import { PISKASM_ABOUT } from "./piskasm-about.js";
import { makesOverlineOnly, ruleRefusal, winsAt } from "./rules.js";

/** Board sizes this engine plays: Gomocup's 15 and 20, PISKASM.COM's 19 and the sizes between. */
export const TS_MIN_SIZE = 15;
export const TS_MAX_SIZE = 22;

export class PiskasmTsEngine implements Engine {
  readonly about = { ...PISKASM_ABOUT, name: `${PISKASM_ABOUT.name}-ts` };
  private readonly bodovani = buildBodovani();
  private settings: GameSettings | undefined;
  private game: Game | undefined;
  /** The game before each stone of the current game, for TAKEBACK. */
  private readonly history: Game[] = [];

  refuse(settings: GameSettings): string | undefined {
    if (!Number.isInteger(settings.size) || settings.size < TS_MIN_SIZE || settings.size > TS_MAX_SIZE) {
      return `engine-ts plays square boards from ${TS_MIN_SIZE} to ${TS_MAX_SIZE}, not ${settings.size}`;
    }
    return ruleRefusal(settings.rule);
  }

  async newGame(settings: GameSettings): Promise<void> {
    this.settings = settings;
    this.game = this.emptyGame("human");
    this.history.length = 0;
  }

  async opponentMove(at: Point): Promise<void> {
    this.play(at, HUMAN);
  }

  async ownMove(): Promise<Point> {
    const game = this.current();
    if (game.result !== "playing") throw new EngineError(`the game is over (${game.result} won)`);
    this.history.push(game.clone());
    if (game.state.volnaPole === game.state.plocha.length) {
      // The empty board: the first-move rule, as PISKASM.COM's menu key 2 plays it.
      this.game = this.emptyGame("computer");
      return this.point(this.game.state.lastPC);
    }
    if (this.started().rule === RULE_FREESTYLE) return this.point(game.computerMove());
    return this.point(this.computerMoveWithoutOverline(game));
  }

  /**
   * PCMove (one GetRandom, then the scan) with the cells that would make only an overline for the
   * computer left out of the scan, then PlaceStone: under freestyle rules it is game.computerMove().
   */
  private computerMoveWithoutOverline(game: Game): number {
    const { plocha, info } = game.state;
    const { size, rule } = this.started();
    const scanned = Uint16Array.from(info, (value, cell) =>
      plocha[cell] === 0 && makesOverlineOnly(plocha, size, cell, COMPUTER, rule) ? 0 : value,
    );
    const cell = pcMoveScan(scanned, plocha, getRandom(game.state) % info.length);
    this.place(game, this.point(cell), COMPUTER);
    return cell;
  }

  async setPosition(stones: readonly PositionStone[]): Promise<void> {
    const game = this.emptyGame("human");
    this.history.length = 0;
    for (const stone of stones) {
      this.history.push(game.clone());
      this.place(game, stone.at, stone.own ? COMPUTER : HUMAN, true);
    }
    this.game = game;
  }

  async takeBack(at: Point): Promise<void> {
    const game = this.current();
    const before = this.history.pop();
    if (!before || game.state.plocha[this.cell(at)] === 0)
      throw new EngineError(`there is no stone at ${at.x},${at.y} to take back`);
    this.game = before;
  }

  async forcedMove(at: Point): Promise<void> {
    this.play(at, COMPUTER);
  }

  scores(): CellScores | undefined {
    return this.game && { size: this.game.size, values: this.game.state.info };
  }

  async close(): Promise<void> {}

  /** A stone of `side` at `at`, the game before it kept for TAKEBACK. */
  private play(at: Point, side: typeof COMPUTER | typeof HUMAN): void {
    const game = this.current();
    this.history.push(game.clone());
    this.place(game, at, side);
  }

  private emptyGame(who: "human" | "computer"): Game {
    const settings = this.started();
    return Game.newGame(settings.seed & 0xffff, who, { bodovani: this.bodovani, size: settings.size });
  }

  private started(): GameSettings {
    if (!this.settings) throw new EngineError("no game: START first");
    return this.settings;
  }

  private current(): Game {
    if (!this.game) throw new EngineError("no game: START first");
    return this.game;
  }

  /**
   * PlaceStone; under the standard rule an overline that is no five does not end the game, nor does a
   * five on the way to a position (`inPosition`: BOARD's order is free, so five stones of a six may
   * come first; the protocol refuses positions that hold a five).
   */
  private place(game: Game, at: Point, side: typeof COMPUTER | typeof HUMAN, inPosition = false): void {
    const cell = this.cell(at);
    const { size, rule } = this.started();
    try {
      game.placeStone(cell, side);
    } catch (error) {
      throw new EngineError((error as Error).message);
    }
    const state = game.state;
    if (game.result === "playing" || game.result === "draw" || rule === RULE_FREESTYLE) return;
    if (!inPosition && winsAt(state.plocha, size, cell, rule)) return;
    if (state.volnaPole === 0) state.phase = Phase.DRAW;
    else state.phase = side === COMPUTER ? Phase.HUMAN_TURN : Phase.COMPUTER_TURN;
  }

  private cell(at: Point): number {
    return cellOf(at, this.started().size);
  }

  private point(cell: number): Point {
    return pointOf(cell, this.started().size);
  }
}
