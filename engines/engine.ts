/**
 * The one interface every gomoku player implements: engine-ts, the real PISKASM.COM in v86, the seed's
 * other engines (five, crossmix, pela) and external `pbrain-*` programs. The Gomocup brain protocol
 * (brain/), the arena (arena/) and the differential harness's opponent policies know players only
 * through it.
 *
 * Coordinates are the Gomocup protocol's: `x` is the column, `y` the row, both from 0 at the top left.
 * On the 19x19 board of PISKASM.COM, x = 0..18 is column A..S and y = 0..18 is row 1..19.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Gomocup's rule bit mask (INFO rule): 0 freestyle (five or more wins), 1 exactly five, 4 renju, 8 caro. */
export type RuleMask = number;
export const RULE_FREESTYLE: RuleMask = 0;
/** Standard gomoku: exactly five wins; six or more in a row wins for neither side. */
export const RULE_EXACT_FIVE: RuleMask = 1;

/** ABOUT's keys in the protocol's order; the last two, www and email, may be left out. */
export const ABOUT_KEYS = ["name", "version", "author", "country", "www", "email"] as const;
type OptionalAboutKey = "www" | "email";

/** ABOUT's fields, as the protocol describes them. */
export type EngineAbout = Readonly<
  Record<Exclude<(typeof ABOUT_KEYS)[number], OptionalAboutKey>, string> &
    Partial<Record<OptionalAboutKey, string>>
>;

export interface GameSettings {
  /** Square board size (the protocol's START n). */
  readonly size: number;
  readonly rule: RuleMask;
  /**
   * The seed of the engine's own randomness for this game (PISKASM.COM: its Seed word, 0..65535).
   * Engines without randomness ignore it.
   */
  readonly seed: number;
}

/**
 * How long past a move's time limit an answer still counts: Piskvork scores a loss about a second past
 * the limit (c-gomoku-cli allows 3 s). The arena and the pbrain engine both allow this much.
 */
export const DEFAULT_TOLERANCE_MS = 1000;

export interface MoveLimits {
  /** Time the engine may spend on this move, in ms; 0 = answer at once (the protocol's timeout_turn). */
  readonly turnMs: number;
  /** True once the answer is no longer wanted (the manager sent END): searches end at once. */
  readonly stop?: () => boolean;
}

/** A stone of a set-up position: `own` is a stone of the engine that will move next. */
export interface PositionStone {
  readonly at: Point;
  readonly own: boolean;
}

/** Per-cell scores for a panel: row-major, `size * size` entries; higher is better for the engine. */
export interface CellScores {
  readonly size: number;
  readonly values: ArrayLike<number>;
}

/** Why an engine could not do what it was asked (bad size, occupied cell, crashed child process...). */
export class EngineError extends Error {
  override readonly name = "EngineError";
}

/** The row-major cell of `at` on a size x size board; EngineError when `at` is off the board. */
export function cellOf(at: Point, size: number): number {
  const inside = (n: number): boolean => Number.isInteger(n) && n >= 0 && n < size;
  if (!inside(at.x) || !inside(at.y))
    throw new EngineError(`${at.x},${at.y} is off the ${size}x${size} board`);
  return at.y * size + at.x;
}

/** The point of the row-major `cell` of a size x size board. */
export function pointOf(cell: number, size: number): Point {
  return { x: cell % size, y: Math.floor(cell / size) };
}

export interface Engine {
  readonly about: EngineAbout;
  /** Why this engine cannot play `settings`, or undefined when it can. */
  refuse(settings: GameSettings): string | undefined;
  /** Starts a new game on an empty board (the protocol's START, and RESTART). */
  newGame(settings: GameSettings): Promise<void>;
  /** The opponent placed a stone at `at`. */
  opponentMove(at: Point): Promise<void>;
  /** The engine chooses its stone, places it on its own board and returns it. */
  ownMove(limits: MoveLimits): Promise<Point>;
  /**
   * Replaces the game by a position on an empty board, the stones placed in the given order (the
   * protocol's BOARD); the engine is to move next.
   */
  setPosition(stones: readonly PositionStone[]): Promise<void>;
  /** Removes the last stone, which is at `at` (the protocol's TAKEBACK). */
  takeBack(at: Point): Promise<void>;
  /**
   * The engine's own stone goes to `at`, chosen by the manager (the protocol's PLAY, the answer to a
   * SUGGEST); the opponent moves next. Engines that cannot be told their move leave it out.
   */
  forcedMove?(at: Point): Promise<void>;
  /** Per-cell scores of the current position, when the engine has them. */
  scores?(): CellScores | undefined;
  /** Releases what the engine holds (child processes, emulators). */
  close(): Promise<void>;
}
