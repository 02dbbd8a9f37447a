/** What the harness and the browser need from an engine. */
import type { Explanation } from "./explain.js";
import type { EngineState } from "./state.js";

export type GameResult = "playing" | "computer" | "human" | "draw";

export interface MoveOutcome {
  /** The human's cell. */
  human: number;
  /** The computer's answer, or null when the human's stone ended the game. */
  computer: number | null;
  result: GameResult;
}

export interface Engine {
  /** The live state (read it, do not write it). */
  readonly state: Readonly<EngineState>;
  readonly result: GameResult;
  /** The human plays `cell`; if the game goes on the computer answers at once. */
  humanMove(cell: number): MoveOutcome;
  /** The cell PCMove would choose now, without changing any state (Random included). */
  predictComputerMove(): number;
  explain(cell: number): Explanation;
  /** CountScore of every empty cell from scratch (0 for occupied cells). */
  freshScores(): Uint16Array;
}
