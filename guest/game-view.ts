/**
 * GameView: the running PISKASM.COM seen through its debug header (docs/architecture.md section 1).
 * Nothing here hard-codes an address or a screen layout: everything is found through the header.
 */
import type { GuestMemory } from "../emu/types.js";
import { BOARD_SIZE, CELLS } from "../engine-ts/board.js";
import type { PhaseValue } from "../engine-ts/phase.js";
import type { EngineState } from "../engine-ts/state.js";
import { BODOVANI_WORDS } from "../engine-ts/tables.js";

export { BOARD_SIZE, CELLS } from "../engine-ts/board.js";
export { Phase, phaseName, type PhaseValue } from "../engine-ts/phase.js";

export const GAME_SIGNATURE = "PISKDBG1";
/** The header follows the 2-byte `jmp short` at 100h. */
const HEADER_OFFSET = 0x102;
/** Conventional memory ends at A0000h; the program cannot be above it. */
const CONVENTIONAL_END = 0xa0000;
/** CD 20: the INT 20h every PSP starts with, to tell the program from a copy in a disk buffer. */
const PSP_INT20 = 0x20cd;

/** Screen column and row (left, top) of the character of cell (0,0), and a cell's width and height. */
export type BoardGeometry = Record<keyof typeof HEADER.geometry, number>;

/** Linear addresses of the game's variables (each HeaderPointer), resolved once from the header. */
export interface GameLayout extends Record<HeaderPointer, number> {
  segmentBase: number;
  version: number;
  geometry: BoardGeometry;
}

/** The header version with the forced-seed fields (docs/architecture.md section 1). */
export const HEADER_VERSION = 2;

/** A complete copy of the game state at one moment: the same shape as engine-ts keeps. */
export type GameState = EngineState;

function matchesSignature(mem: GuestMemory, linear: number): boolean {
  return String.fromCharCode(...mem.read(linear, GAME_SIGNATURE.length)) === GAME_SIGNATURE;
}

/** Is the game found earlier still loaded where `layout` says (not exited and overwritten)? */
export function isGameStillAt(mem: GuestMemory, layout: GameLayout): boolean {
  return matchesSignature(mem, layout.segmentBase + HEADER_OFFSET);
}

/**
 * Scans conventional memory for the running game; undefined when it is not (yet) loaded. A header of
 * another version than HEADER_VERSION is an Error (headerVersionProblem says it).
 */
export function findGame(mem: GuestMemory): GameLayout | undefined {
  const layout = locateGame(mem);
  const problem = layout && headerVersionProblem(layout);
  if (problem) throw new Error(problem);
  return layout;
}

/**
 * Why a header of this version is not the one this harness reads (a stale build), undefined when it is.
 */
export function headerVersionProblem(layout: GameLayout): string | undefined {
  return layout.version === HEADER_VERSION
    ? undefined
    : `PISKASM.COM's debug header has version ${layout.version}; this harness reads version ${HEADER_VERSION} (rebuild with make)`;
}

/**
 * findGame for the checker, which reports a header of another version as a difference from the model:
 * the header's fields read at this version's offsets whatever its version.
 */
export function locateGame(mem: GuestMemory): GameLayout | undefined {
  // Byte by byte, not a copy of all 640 KiB: the boot runs this probe after every slice.
  const first = GAME_SIGNATURE.charCodeAt(0);
  for (let seg = 0; seg * 16 + HEADER_OFFSET + 64 < CONVENTIONAL_END; seg++) {
    const base = seg * 16;
    const at = base + HEADER_OFFSET;
    if (mem.readU8(at) !== first) continue;
    if (mem.readU16(base) !== PSP_INT20) continue;
    if (!matchesSignature(mem, at)) continue;
    return readLayout(mem, base);
  }
  return undefined;
}

/**
 * The debug header's fields at their offsets in the COM (from the PSP, like the table of
 * docs/architecture.md section 1, the one description of the layout; asm/piskasm.asm's debug_header
 * checks its size).
 */
const HEADER = {
  version: 0x10a,
  /**
   * Near offsets in the COM's segment of the variables of the same names; the forced seed (/S:n or
   * menu key S) and its flag byte (1 = forced) since header version 2.
   */
  pointers: {
    plocha: 0x10c,
    info: 0x10e,
    seed: 0x110,
    random: 0x112,
    lastPC: 0x114,
    volnaPole: 0x116,
    phase: 0x118,
    moveCount: 0x11a,
    gameCount: 0x11c,
    bodovani: 0x11e,
    forcedSeed: 0x124,
    seedIsForced: 0x126,
  },
  geometry: { left: 0x120, top: 0x121, cellWidth: 0x122, cellHeight: 0x123 },
} as const;

/** The variables the debug header points at (plocha: the asm's Plocha), in the header's order. */
export type HeaderPointer = keyof typeof HEADER.pointers;
export const HEADER_POINTERS = Object.keys(HEADER.pointers) as HeaderPointer[];

/** The header's fields of `offsets` in the segment at `base`, each read with `read`. */
function headerFields<K extends string>(
  base: number,
  offsets: Record<K, number>,
  read: (linear: number) => number,
): Record<K, number> {
  return Object.fromEntries(
    Object.entries<number>(offsets).map(([field, at]) => [field, read(base + at)]),
  ) as Record<K, number>;
}

function readLayout(mem: GuestMemory, base: number): GameLayout {
  return {
    segmentBase: base,
    version: mem.readU16(base + HEADER.version),
    ...headerFields(base, HEADER.pointers, (linear) => base + mem.readU16(linear)),
    geometry: headerFields(base, HEADER.geometry, (linear) => mem.readU8(linear)),
  };
}

export function readPhase(mem: GuestMemory, layout: GameLayout): PhaseValue {
  return mem.readU8(layout.phase) as PhaseValue;
}

/** The seed every game starts with (/S:n or menu key S), or undefined when seeds are counted. */
export function readForcedSeed(mem: GuestMemory, layout: GameLayout): number | undefined {
  return mem.readU8(layout.seedIsForced) === 1 ? mem.readU16(layout.forcedSeed) : undefined;
}

export function readMoveCount(mem: GuestMemory, layout: GameLayout): number {
  return mem.readU16(layout.moveCount);
}

/** `count` little-endian words of guest memory from `linear`. */
function readWords(mem: GuestMemory, linear: number, count: number): Uint16Array {
  const bytes = mem.read(linear, count * 2);
  // A loop: Uint16Array.from with a mapping function takes about nine times as long.
  const words = new Uint16Array(count);
  for (let i = 0; i < count; i++) words[i] = bytes[2 * i] | (bytes[2 * i + 1] << 8);
  return words;
}

export function readGameState(mem: GuestMemory, layout: GameLayout): GameState {
  return {
    plocha: mem.read(layout.plocha, CELLS).slice(),
    info: readWords(mem, layout.info, CELLS),
    seed: mem.readU16(layout.seed),
    random: mem.readU16(layout.random),
    lastPC: mem.readU16(layout.lastPC),
    volnaPole: mem.readU16(layout.volnaPole),
    phase: readPhase(mem, layout),
    moveCount: readMoveCount(mem, layout),
    gameCount: mem.readU16(layout.gameCount),
  };
}

/** Offset of a .COM program's first byte in its segment (after the PSP). */
export const PROGRAM_ORIGIN = 0x100;

/** INT 3, the one-byte breakpoint a debugger (or the coverage tracer) puts over a program byte. */
export const INT3_OPCODE = 0xcc;

/** The program's code and read-only data: its segment from PROGRAM_ORIGIN up to the BSS (Info is its first word). */
export function readProgramImage(mem: GuestMemory, layout: GameLayout): Uint8Array {
  return mem.read(layout.segmentBase + PROGRAM_ORIGIN, layout.info - layout.segmentBase - PROGRAM_ORIGIN);
}

/** Reads the asm's score tables, Bodovani, through the debug header. */
export function readBodovani(mem: GuestMemory, layout: GameLayout): Uint16Array {
  return readWords(mem, layout.bodovani, BODOVANI_WORDS);
}

/** Screen position (column, row) of the character that shows board cell `index`. */
export function cellToScreen(geometry: BoardGeometry, index: number): ScreenPosition {
  const r = Math.floor(index / BOARD_SIZE);
  const c = index % BOARD_SIZE;
  return { col: geometry.left + c * geometry.cellWidth, row: geometry.top + r * geometry.cellHeight };
}

/** A text-screen position (column, row), e.g. of the mouse pointer. */
export interface ScreenPosition {
  col: number;
  row: number;
}
