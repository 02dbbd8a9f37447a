/** A game as the asm plays it: NewBoard, PlaceStone, the human's click and the computer's answer. */
import { BOARD_SIZE, COMPUTER, EMPTY, formatCell, HUMAN, NO_CELL, type Side } from "./board.js";
import type { Engine, GameResult, MoveOutcome } from "./engine.js";
import { explain, type Explanation } from "./explain.js";
import { freshScores } from "./fresh.js";
import { firstMove, pcMove } from "./pcmove.js";
import { Phase } from "./phase.js";
import { cloneState, emptyState, stateFrom, type EngineState, type GameStateLike } from "./state.js";
import { buildBodovani } from "./tables.js";
import { update } from "./update.js";

export type WhoStarts = "human" | "computer";
/** Who moves when a set-up position is handed over to play (menu key 4, then Enter or Tab). */
export type ToMove = "human" | "computer";

export interface GameOptions {
  /** The score tables; built from docs/evaluator.md section 7 when omitted. Shared, never written. */
  bodovani?: Uint16Array;
  /**
   * Square board size, MIN_GAME_SIZE..MAX_GAME_SIZE; 19 (PISKASM.COM's board) when omitted. Cells are
   * numbered size*row + col; explain() works on 19x19 only.
   */
  size?: number;
}

/** The first-move rule needs the 5x5 square around the centre; the 13-cell windows fit any board. */
export const MIN_GAME_SIZE = 5;
export const MAX_GAME_SIZE = 32;

function resultOf(phase: number): GameResult {
  if (phase === Phase.COMPUTER_WON) return "computer";
  if (phase === Phase.HUMAN_WON) return "human";
  if (phase === Phase.DRAW) return "draw";
  return "playing";
}

export class Game implements Engine {
  readonly bodovani: Uint16Array;
  readonly state: EngineState;
  readonly size: number;

  private constructor(state: EngineState, options: GameOptions) {
    this.state = state;
    this.bodovani = options.bodovani ?? buildBodovani();
    this.size = options.size ?? BOARD_SIZE;
    if (!Number.isInteger(this.size) || this.size < MIN_GAME_SIZE || this.size > MAX_GAME_SIZE) {
      throw new RangeError(`board size ${this.size} is not in ${MIN_GAME_SIZE}..${MAX_GAME_SIZE}`);
    }
  }

  /** A fresh game: NewBoard with Random = seed; with whoStarts = "computer" the first-move rule. */
  static newGame(seed: number, whoStarts: WhoStarts, options: GameOptions = {}): Game {
    const g = new Game(emptyState(options.size), options);
    g.newGame(seed, whoStarts);
    return g;
  }

  /** NewBoard with Random = seed, then the set-up mode of menu key 4 (Phase SETUP, no first move). */
  static setUp(seed: number, options: GameOptions = {}): Game {
    const g = new Game(emptyState(options.size), options);
    g.setUp(seed);
    return g;
  }

  /** Continues from a state observed in the emulator (or saved); the source is copied. */
  static fromState(src: GameStateLike, options: GameOptions = {}): Game {
    return new Game(stateFrom(src), options);
  }

  /** NewBoard (section 3) in this object; GameCount goes up as in the asm. */
  newGame(seed: number, whoStarts: WhoStarts): void {
    this.newBoard(seed);
    const s = this.state;
    if (whoStarts === "computer") {
      s.phase = Phase.COMPUTER_TURN;
      this.placeStone(firstMove(s, this.size), COMPUTER);
    } else {
      s.phase = Phase.HUMAN_TURN;
    }
  }

  /**
   * Menu key 4: NewBoard, then Phase SETUP. Stones go in with placeStone (either side, any order);
   * handOver() starts the play.
   */
  setUp(seed: number): void {
    this.newBoard(seed);
    this.state.phase = Phase.SETUP;
  }

  /**
   * Ends the set-up (key Enter: the computer moves now with PCMove; key Tab: the human moves).
   * Returns the computer's cell, or null when the human is to move.
   */
  handOver(toMove: ToMove): number | null {
    if (this.state.phase !== Phase.SETUP)
      throw new Error(`handOver: the game is not being set up (phase ${this.state.phase})`);
    if (toMove === "human") {
      this.state.phase = Phase.HUMAN_TURN;
      return null;
    }
    this.state.phase = Phase.COMPUTER_TURN;
    return this.computerMove();
  }

  /** NewBoard (section 3): the empty board, Random = seed, GameCount + 1. */
  private newBoard(seed: number): void {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff)
      throw new RangeError(`seed ${seed} is not a 16-bit word`);
    const s = this.state;
    s.plocha.fill(EMPTY);
    s.info.fill(0);
    s.volnaPole = s.plocha.length;
    s.lastPC = NO_CELL;
    s.moveCount = 0;
    s.seed = seed;
    s.random = seed;
    s.gameCount = (s.gameCount + 1) & 0xffff;
  }

  get result(): GameResult {
    return resultOf(this.state.phase);
  }

  /**
   * PlaceStone (section 4). Sets Phase to the result, or to the next turn (in the set-up mode it stays
   * SETUP).
   */
  placeStone(cell: number, side: Side): GameResult {
    this.assertCell(cell);
    const s = this.state;
    if (this.result !== "playing")
      throw new Error(`the game is over (${this.result}); cannot play ${this.cellName(cell)}`);
    if (s.plocha[cell] !== EMPTY) throw new Error(`${this.cellName(cell)} is occupied`);
    s.plocha[cell] = side;
    if (side === COMPUTER) s.lastPC = cell;
    const won = update(s, this.bodovani, cell, this.size);
    s.moveCount = (s.moveCount + 1) & 0xffff;
    if (won) s.phase = side === COMPUTER ? Phase.COMPUTER_WON : Phase.HUMAN_WON;
    else if (s.volnaPole === 0) s.phase = Phase.DRAW;
    else if (s.phase !== Phase.SETUP) s.phase = side === COMPUTER ? Phase.HUMAN_TURN : Phase.COMPUTER_TURN;
    return this.result;
  }

  /** The computer moves: PlaceStone(PCMove(), computer). Returns its cell. */
  computerMove(): number {
    if (this.result !== "playing") throw new Error(`the game is over (${this.result})`);
    const cell = pcMove(this.state);
    this.placeStone(cell, COMPUTER);
    return cell;
  }

  humanMove(cell: number): MoveOutcome {
    this.placeStone(cell, HUMAN);
    if (this.result !== "playing") return { human: cell, computer: null, result: this.result };
    const computer = this.computerMove();
    return { human: cell, computer, result: this.result };
  }

  predictComputerMove(): number {
    return pcMove({ info: this.state.info, plocha: this.state.plocha, random: this.state.random });
  }

  explain(cell: number): Explanation {
    this.assertCell(cell);
    if (this.size !== BOARD_SIZE)
      throw new RangeError(`explain works on the 19x19 board only, not ${this.size}x${this.size}`);
    return explain(this.state.plocha, this.bodovani, cell);
  }

  freshScores(): Uint16Array {
    return freshScores(this.state.plocha, this.bodovani, this.size);
  }

  /** An independent copy (the tables are shared: they are never written). */
  clone(): Game {
    return new Game(cloneState(this.state), { bodovani: this.bodovani, size: this.size });
  }

  private assertCell(cell: number): void {
    const cells = this.state.plocha.length;
    if (!Number.isInteger(cell) || cell < 0 || cell >= cells)
      throw new RangeError(`cell index ${cell} is not in 0..${cells - 1}`);
  }

  /** K10 on the 19x19 board, (row r, col c) on others. */
  private cellName(cell: number): string {
    if (this.size === BOARD_SIZE) return formatCell(cell);
    return `(row ${Math.floor(cell / this.size)}, col ${cell % this.size})`;
  }

  /** A copy of the state, shaped like the harness's GameState. */
  toState(): EngineState {
    return cloneState(this.state);
  }
}
