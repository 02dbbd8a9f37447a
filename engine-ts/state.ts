/**
 * The game state exactly as the asm keeps it (docs/evaluator.md section 1, docs/architecture.md
 * section 1), and loading one observed in the emulator.
 */
import { BOARD_SIZE, CELLS, NO_CELL } from "./board.js";
import { Phase } from "./phase.js";

export interface EngineState {
  /** 361 bytes: 0 empty, 1 computer X, 2 human O. */
  plocha: Uint8Array;
  /** 361 unsigned words: each cell's (possibly stale) score as a computer move. */
  info: Uint16Array;
  seed: number;
  random: number;
  /** Index of the computer's last stone, or FFFFh. */
  lastPC: number;
  volnaPole: number;
  /** A Phase value (architecture.md section 1). */
  phase: number;
  moveCount: number;
  gameCount: number;
}

/** What the harness reads from the emulator (guest/game-view.ts GameState), structurally. */
export type GameStateLike = Omit<EngineState, "plocha" | "info" | "gameCount"> & {
  plocha: ArrayLike<number>;
  info: ArrayLike<number>;
  gameCount?: number;
};

/** The state before the first game, on a `size` x `size` board (plocha and info have size * size entries). */
export function emptyState(size = BOARD_SIZE): EngineState {
  const cells = size * size;
  return {
    plocha: new Uint8Array(cells),
    info: new Uint16Array(cells),
    seed: 0,
    random: 0,
    lastPC: NO_CELL,
    volnaPole: cells,
    phase: Phase.STARTING,
    moveCount: 0,
    gameCount: 0,
  };
}

function word(name: string, v: number): number {
  if (!Number.isInteger(v) || v < 0 || v > 0xffff)
    throw new RangeError(`${name} = ${v} is not a 16-bit word`);
  return v;
}

/** A deep copy of a state read elsewhere (the emulator, a saved report); validates sizes and values. */
export function stateFrom(src: GameStateLike): EngineState {
  if (src.plocha.length !== CELLS)
    throw new RangeError(`plocha has ${src.plocha.length} cells, expected ${CELLS}`);
  if (src.info.length !== CELLS) throw new RangeError(`info has ${src.info.length} words, expected ${CELLS}`);
  const plocha = new Uint8Array(CELLS);
  const info = new Uint16Array(CELLS);
  for (let i = 0; i < CELLS; i++) {
    const p = src.plocha[i];
    if (p !== 0 && p !== 1 && p !== 2) throw new RangeError(`plocha[${i}] = ${p}, expected 0, 1 or 2`);
    plocha[i] = p;
    info[i] = word(`info[${i}]`, src.info[i]);
  }
  return {
    plocha,
    info,
    seed: word("seed", src.seed),
    random: word("random", src.random),
    lastPC: word("lastPC", src.lastPC),
    volnaPole: word("volnaPole", src.volnaPole),
    phase: src.phase,
    moveCount: word("moveCount", src.moveCount),
    gameCount: word("gameCount", src.gameCount ?? 0),
  };
}

export function cloneState(s: EngineState): EngineState {
  return { ...s, plocha: s.plocha.slice(), info: s.info.slice() };
}
