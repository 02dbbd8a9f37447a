/**
 * engine-ts following the game the asm plays, move by move from the seed, for the panel: its scores
 * beside the asm's in the score map, its predicted answer, the moves in order. Only when the page first
 * sees a game already under way, or after the engines chose different cells, does it take the asm's
 * state over ("synced"). Whether the program agrees with its reference is the one checker's to say
 * (web/check/page-check.ts), not this.
 */
import { COMPUTER, EMPTY, Game, HUMAN } from "../engine-ts/index.js";
import { CELLS, Phase, type GameState } from "../guest/game-view.js";
import { showsGame } from "./controls/phase-controls.js";
import { sameBytes } from "../util/bytes.js";
import { stonesAdded } from "./stones-added.js";

export interface MoveRecord {
  cell: number;
  side: typeof COMPUTER | typeof HUMAN;
}

/** engine-ts's computer answer to one human move, checked against the asm's. */
export interface PredictionCheck {
  human: number;
  /** engine-ts's answer, null when the human's stone ended the game. */
  predicted: number | null;
  /** The asm's answer once seen, null when it did not move. */
  actual: number | null;
}

export interface FollowedGame {
  engine: Game;
  /** Followed from the seed, or synced from the asm's board. */
  origin: "seed" | "synced";
  /** The asm's GameCount of this game. */
  gameCount: number;
  /** Stones already on the board when the page took the game over, whose order is unknown (cell order). */
  before: MoveRecord[];
  /** Moves in order after `before`, as far as they were seen. */
  moves: MoveRecord[];
  /** Move number the game was synced at (0 when followed from the seed). */
  syncedAt: number;
  lastCheck: PredictionCheck | undefined;
}

export type Observation =
  /** The asm is between the human's stone and its answer: read again on a later frame. */
  | { kind: "transient" }
  /** No game on the board (intro, menu before the first game). */
  | { kind: "idle" }
  | { kind: "game"; game: FollowedGame };

export class Follower {
  private current: FollowedGame | undefined;
  /** Moves whose order the page knows (a timeline ply): a game synced to them keeps that order. */
  private known: readonly MoveRecord[] = [];

  get game(): FollowedGame | undefined {
    return this.current;
  }

  /**
   * Forget the followed game (the machine was reset or replaced). `known`: the moves in order that led
   * to the new machine's position, when the page knows them (a timeline ply), so the order is kept.
   */
  reset(known: readonly MoveRecord[] = []): void {
    this.current = undefined;
    this.known = known;
  }

  /** engine-ts's answer if the human plays `cell` now; undefined when it cannot say. */
  predictReply(cell: number): number | null | undefined {
    const game = this.current;
    if (!game || game.engine.result !== "playing" || game.engine.state.plocha[cell] !== EMPTY)
      return undefined;
    return game.engine.clone().humanMove(cell).computer;
  }

  observe(asm: GameState): Observation {
    if (!showsGame(asm.phase)) return this.current ? { kind: "game", game: this.current } : { kind: "idle" };
    const game = this.current;
    if (!game || game.gameCount !== asm.gameCount) return { kind: "game", game: this.startGame(asm) };
    const fresh = stonesAdded(game.engine.state.plocha, asm.plocha);
    if (fresh === undefined) return { kind: "game", game: this.sync(asm, game.moves) };
    if (fresh.human.length === 0 && fresh.computer.length === 0) return { kind: "game", game };
    if (fresh.human.length === 1 && fresh.computer.length === 0 && asm.phase === Phase.HUMAN_TURN)
      return { kind: "transient" };
    if (fresh.human.length !== 1 || fresh.computer.length > 1 || game.engine.result !== "playing") {
      return { kind: "game", game: this.sync(asm, game.moves) };
    }
    const human = fresh.human[0];
    const actual = fresh.computer.length === 1 ? fresh.computer[0] : null;
    const outcome = game.engine.humanMove(human);
    game.moves.push({ cell: human, side: HUMAN });
    if (actual !== null) game.moves.push({ cell: actual, side: COMPUTER });
    game.lastCheck = { human, predicted: outcome.computer, actual };
    if (!sameBytes(game.engine.state.plocha, asm.plocha)) {
      // The engines chose different cells: show this move's check, then continue from the asm's board.
      const synced = this.sync(asm, game.moves);
      synced.lastCheck = game.lastCheck;
      return { kind: "game", game: synced };
    }
    return { kind: "game", game };
  }

  private startGame(asm: GameState): FollowedGame {
    const stones = stonesAdded(new Uint8Array(CELLS), asm.plocha);
    if (asm.moveCount === 0 && stones && stones.human.length + stones.computer.length === 0) {
      return this.follow(Game.newGame(asm.seed, "human"), asm, []);
    }
    if (asm.moveCount === 1 && stones && stones.computer.length === 1 && stones.human.length === 0) {
      const engine = Game.newGame(asm.seed, "computer");
      const game = this.follow(engine, asm, [{ cell: stones.computer[0], side: COMPUTER }]);
      game.lastCheck = { human: -1, predicted: engine.state.lastPC, actual: stones.computer[0] };
      return game;
    }
    return this.sync(asm, this.known);
  }

  /** `engine` follows the asm's game from here: from the seed, or (`synced`) from the asm's board. */
  private follow(
    engine: Game,
    asm: GameState,
    moves: MoveRecord[],
    synced: Pick<FollowedGame, "origin" | "before" | "syncedAt"> = {
      origin: "seed",
      before: [],
      syncedAt: 0,
    },
  ): FollowedGame {
    this.current = { engine, gameCount: asm.gameCount, moves, lastCheck: undefined, ...synced };
    return this.current;
  }

  private sync(asm: GameState, moves: readonly MoveRecord[]): FollowedGame {
    const { before, ordered } = splitByOrder(moves, asm.plocha);
    return this.follow(Game.fromState(asm), asm, ordered, {
      origin: "synced",
      before,
      syncedAt: asm.moveCount,
    });
  }
}

/** `moves` still on the board, in order; the board's other stones (order unknown) in cell order as `before`. */
function splitByOrder(
  moves: readonly MoveRecord[],
  plocha: Uint8Array,
): { before: MoveRecord[]; ordered: MoveRecord[] } {
  const ordered = moves.filter((m) => plocha[m.cell] === m.side);
  const known = new Set(ordered.map((m) => m.cell));
  const before: MoveRecord[] = [];
  for (let i = 0; i < CELLS; i++) {
    const side = plocha[i];
    if (!known.has(i) && (side === HUMAN || side === COMPUTER)) before.push({ cell: i, side });
  }
  return { before, ordered };
}
