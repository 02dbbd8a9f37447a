/**
 * engine-ts, the reference TypeScript port of docs/evaluator.md, as the package exports it
 * (`import { Game } from "piskasm/engine"`): what ships is named here, module by module.
 */
export {
  assertCell,
  BOARD_SIZE,
  CELLS,
  colOf,
  COMPUTER,
  EMPTY,
  formatCell,
  HUMAN,
  index,
  NO_CELL,
  opponent,
  parseCell,
  rowOf,
  type Side,
} from "./board.js";
export { Phase, phaseName, type PhaseValue } from "./phase.js";
export { AXES, DIRECTIONS, type Axis } from "./axes.js";
export {
  BODOVANI_WORDS,
  buildBodovani,
  CLASS_VALUES,
  CLASSES,
  classify,
  LAYOUT,
  LINE_DOUBLE_FOUR_MASK,
  type ClassValue,
  type UnitClass,
  type WindowLength,
} from "./tables.js";
export { getRandom, type RandomState } from "./random.js";
export { axisScore, countScore, scorer, type Scorer } from "./score.js";
export { isWin, rayCells, update, type UpdateState } from "./update.js";
export { firstMove, pcMove, pcMoveScan, type PCMoveState } from "./pcmove.js";
export { cloneState, emptyState, stateFrom, type EngineState, type GameStateLike } from "./state.js";
export { explain, type AxisExplanation, type Explanation, type Unit } from "./explain.js";
export { freshScores } from "./fresh.js";
export type { Engine, GameResult, MoveOutcome } from "./engine.js";
export { Game, MAX_GAME_SIZE, MIN_GAME_SIZE, type GameOptions, type ToMove, type WhoStarts } from "./game.js";
