/**
 * The sweep policy: the storm policy's turns, and before them, by the game's index, an opening that
 * takes the program where plain games never go: keys the menu must ignore, the seed entry of menu key
 * S (bad seeds, Backspace, Esc, an empty line, characters it refuses, a line too long, and last a line
 * refused for its ':', so that the board is drawn while the bad-seed message is up), and the set-up
 * mode of menu key 4 with its noise (keys, clicks on stones and off the board): a full board that ends
 * in a draw while it is set up, a board full but for its four corners handed to the computer (where
 * no empty cell scores, so PCMove takes the first empty cell) and played out to a draw, five in a row
 * set up (O's on the bottom rows or X's, whose result must leave the pointer hidden, answered with
 * Backspace, Ctrl-A or Ctrl-G: DOS input functions flush_keys must not run), a few stones handed to
 * the human (Tab), a few stones and Esc (the few stones with an O beside the bottom right corner,
 * whose Info score the next game's NewBoard must clear). In every other ten games, slots 3 and 7 hand
 * their stones to the computer instead (Enter with a Space typed ahead: read at the human's turn, or
 * in slot 7 dropped by the result of the computer's open four set up with them). Slots 2 and 4 quit
 * with key 3 and run the program again with bad (`/S:1:` among them), good and empty command lines.
 * Slot 6 is a plain game started with the pointer resting on the status line (as the menu noise ends
 * too: the game's prompt must be drawn before the pointer is shown), whose first turn starts with a
 * right click on an empty cell and a left click beside the board, both to be ignored. Slot 8 hands a
 * few stones to the computer with an Esc typed ahead, which the human's turn after the computer's
 * answer reads (the game given up: a key typed during the computer's move is not dropped), or in the
 * odd tens sets up a board full but for one cell whose O makes five: a win, not a draw. Everything goes through the emulated keyboard and mouse; every
 * set-up stone and every noise action is followed by the full check against engine-ts
 * (harness/runner.ts).
 */
import { BOARD_SIZE, CELLS, COMPUTER, EMPTY, HUMAN, type Side, type ToMove } from "../engine-ts/index.js";
import { cellToScreen, type BoardGeometry } from "../guest/game-view.js";
import {
  stormPolicy,
  type ScreenCell,
  type StormNoise,
  type StormPolicy,
  type StormTurn,
} from "./policies.js";
import { Prng } from "../util/prng.js";
import { BOARD_LEFT, STATUS_ROW } from "../program-ts/index.js";

/** What is typed at the menu before the game; each item ends back at the menu. */
export type MenuNoise =
  /** No input for this many BIOS timer ticks: the menu wakes on each and waits again. */
  | { kind: "idle"; ticks: number }
  /** Keys the menu ignores (not 1-4 or S). */
  | { kind: "keys"; scancodes: readonly number[] }
  /**
   * Keys typed ahead (all in the BIOS buffer before the program reads one): key S, Esc, then two keys
   * the menu would take, which the menu drops with every key typed before it appeared.
   */
  | { kind: "ahead"; scancodes: readonly number[] }
  /**
   * Key S, then these keys (scancodes per key), then the line is confirmed or dropped. `forces`: the
   * seed every game starts with afterwards (a good number), "counted" (an empty line); else no change.
   */
  | {
      kind: "seed";
      keys: ReadonlyArray<readonly number[]>;
      end: "enter" | "esc";
      forces?: number | "counted";
    }
  /**
   * Each command line typed at DOS's prompt and Enter after the program has ended (menu key 3 first
   * where it is running): the program runs again with it (a bad /S:n ends it again at once). The last
   * line's seed is forced afterwards, or seeds are counted.
   */
  | { kind: "relaunch"; lines: readonly string[]; forces: number | "counted" }
  /**
   * A left click at the menu, where the board's centre will be: the menu ignores it, and the game that
   * follows must drop it (its first poll of the presses), not take it as the human's move.
   */
  | { kind: "click"; at: ScreenCell }
  /**
   * The mouse moved onto this cell at the menu and left there (no button): on the status line, the game
   * that follows must draw its prompt before it shows the pointer (else the driver's copy of the cell
   * under the pointer is the menu's, and comes back when the pointer moves on).
   */
  | { kind: "point"; at: ScreenCell };

/** One action of the set-up mode: a stone, or noise it must ignore. */
export type SetUpAction =
  /**
   * A stone, clicked on its character, or `gap` columns beside it (-1 or 1: the gap a click on the
   * cell may also land on, docs/program.md section 6).
   */
  | { kind: "stone"; cell: number; side: Side; gap?: -1 | 1 }
  | { kind: "key"; scancodes: readonly number[] }
  | { kind: "click"; at: ScreenCell; button: "left" | "right" };

export interface SweepOpening {
  menu: MenuNoise[];
  /**
   * The Seed the game must have, typed at the menu after the noise (it replaces the game spec's);
   * "counted": the game is played with the seed the menu counts (none is typed).
   */
  seed?: number | "counted";
  /**
   * Undefined: the game starts from the menu as usual. `resultKey`: the key (scancodes) that answers
   * the result when a set-up stone ends the game (else the harness's own key answers it). `ahead`:
   * keys typed ahead with the hand-over key (all in the BIOS buffer before the program reads it), so
   * that they wait there while the computer answers: a result drops them, the human's turn reads them.
   * `aheadGivesUp`: those keys are Esc, which the human's turn reads: the game is given up there and the
   * program is back at its menu (unless the computer's answer ended the game).
   */
  setUp?: {
    actions: SetUpAction[];
    end: ToMove | "esc";
    resultKey?: readonly number[];
    ahead?: readonly number[];
    aheadGivesUp?: boolean;
  };
}

export interface SweepPolicy extends StormPolicy {
  /** Called before the game's first turn; later turns come from storm (or Esc, by the opening). */
  /** The opening of game `index` (drawn with this screen geometry). */
  opening(index: number, geometry: BoardGeometry): SweepOpening;
}

/** The board's centre cell (K10). */
const CENTRE = (CELLS - 1) / 2;

/** The scenarios repeat every SWEEP_PERIOD games (scenario by index mod SWEEP_PERIOD). */
export const SWEEP_PERIOD = 10;

const key = (make: number): number[] => [make, make | 0x80];
const BACKSPACE = key(0x0e);
const SPACE = key(0x39);
const DIGIT = (d: number): number[] => key(d === 0 ? 0x0b : 0x01 + d);
const LETTER_X = key(0x2d);
const F1 = key(0x3b);
const LETTER_S = key(0x1f);
const ESC = key(0x01);
/** Ctrl+Backspace: ASCII 7Fh, above '~'. */
const CTRL_BACKSPACE = [0x1d, 0x0e, 0x8e, 0x9d];
/** A key with Shift held: '!' on the 1 key, '~' on the ` key, the ends of the printable range a seed line takes (F1 after them: an extended key, which it refuses). */
const SHIFTED = (make: number): number[] => [0x2a, make, make | 0x80, 0xaa];
const EXCLAMATION = SHIFTED(0x02);
const TILDE = SHIFTED(0x29);
/** ':' (Shift and the ';' key): '0' + 10, the character after the digits. */
const COLON = SHIFTED(0x27);
/** Ctrl with a letter: the control characters 01h (A) and 07h (G), which DOS's input functions know. */
const CTRL = (make: number): number[] => [0x1d, make, make | 0x80, 0x9d];
/**
 * The keys that answer a result of the set-up (by the game's index): Backspace (08h), Ctrl-A (01h),
 * Ctrl-G (07h), each the number of a DOS input function that flush_keys must not run.
 */
const RESULT_KEYS: ReadonlyArray<readonly number[]> = [BACKSPACE, CTRL(0x1e), CTRL(0x22)];
/** A cell of the status line inside the menu's text: where the pointer rests when a game starts. */
const ON_STATUS_LINE = { col: BOARD_LEFT + 8, row: STATUS_ROW } as const;
/** The cell beside the bottom right corner on its diagonal (R18): the corner's Info gets a score. */
const NEAR_CORNER = CELLS - BOARD_SIZE - 2;

/**
 * The menu's noise: every branch of the menu and of the seed entry, with `seed` forced (a good seed
 * typed) or seeds counted again (an empty line), then a line refused for its ':' (one past the
 * digits): the game's board is then drawn while the bad-seed message is up on the screen's last row.
 */
function menuNoise(seed: number, keepForced: boolean): MenuNoise[] {
  const digits = String(seed)
    .split("")
    .map((d) => DIGIT(Number(d)));
  const noise: MenuNoise[] = [
    { kind: "idle", ticks: 2 },
    { kind: "keys", scancodes: [...DIGIT(5), ...DIGIT(0), ...LETTER_X, ...F1] },
    { kind: "ahead", scancodes: [...LETTER_S, ...ESC, ...DIGIT(2), ...DIGIT(1)] },
    { kind: "seed", keys: [LETTER_X, DIGIT(1)], end: "enter" },
    { kind: "seed", keys: [DIGIT(7), DIGIT(0), DIGIT(0), DIGIT(0), DIGIT(0)], end: "enter" },
    { kind: "seed", keys: [DIGIT(6), DIGIT(5), DIGIT(5), DIGIT(3), DIGIT(6)], end: "enter" },
    {
      kind: "seed",
      keys: [DIGIT(1), DIGIT(2), BACKSPACE, BACKSPACE, BACKSPACE, SPACE, CTRL_BACKSPACE],
      end: "esc",
    },
    { kind: "seed", keys: Array.from({ length: 8 }, () => DIGIT(9)), end: "esc" },
    { kind: "seed", keys: [EXCLAMATION, TILDE, F1], end: "esc" },
    { kind: "seed", keys: digits, end: "enter", forces: seed },
  ];
  const counted: MenuNoise[] = keepForced
    ? []
    : [{ kind: "seed", keys: [], end: "enter", forces: "counted" }];
  return [
    ...noise,
    ...counted,
    { kind: "seed", keys: [DIGIT(1), COLON], end: "enter" },
    { kind: "point", at: ON_STATUS_LINE },
  ];
}

/**
 * Quitting and command lines (then a click at the menu, which the game must drop): a seed above
 * 65535, none, one with a letter, one with a ':' after its digit; a good seed that ends the line (its
 * first digit counts); 0; 65535 followed by a bad second /S: (the first one counts); none before a
 * space; `S:n` without the slash (ignored); then (with other words, lower
 * case, leading zeros and a word after it) `seed`, which the game is played with; or the same lines,
 * then no /S at all and a `/S` with nothing after it (ignored: seeds are counted, and the game is
 * played with the counted one). Slot 4 has them all: mutation testing's sweep games reach it.
 */
function relaunchNoise(seed: number | "counted", geometry: BoardGeometry): MenuNoise[] {
  const click: MenuNoise = { kind: "click", at: cellToScreen(geometry, CENTRE) };
  const tried = [
    "PISKASM /S:70000",
    "PISKASM /s:",
    "PISKASM /S:12a",
    "PISKASM /S:1:",
    "PISKASM /S:12",
    "PISKASM /S:0",
    "PISKASM /S:65535 /S:99999",
    "PISKASM /S: 5",
    "PISKASM S:3 -s:4",
  ];
  const last =
    seed === "counted" ? ["PISKASM x /q /s:007 y", "PISKASM", "PISKASM /S"] : [`PISKASM x /q /s:00${seed} y`];
  return [{ kind: "relaunch", lines: [...tried, ...last], forces: seed }, click];
}

/** A board with no five anywhere: X where (col + 2 row) mod 4 < 2 (runs of at most 2 on every axis). */
export function drawPatternSide(cell: number): Side {
  const row = Math.floor(cell / BOARD_SIZE);
  const col = cell % BOARD_SIZE;
  return (col + 2 * row) % 4 < 2 ? COMPUTER : HUMAN;
}

const CORNERS = [0, BOARD_SIZE - 1, CELLS - BOARD_SIZE, CELLS - 1];

/**
 * The screen cells next to the board's outside: left and right of its first row, above its first
 * column, and the whole row below it (a cell index past the board lands on the data after Plocha, so
 * that some of these clicks find a zero byte there: an "empty cell" to a click_to_cell that lets the
 * row through).
 */
function offBoardCells({ left, top, cellWidth, cellHeight }: BoardGeometry): ScreenCell[] {
  return [
    { col: left - 2, row: top },
    { col: left + cellWidth * (BOARD_SIZE - 1) + 2, row: top },
    { col: left, row: top - 1 },
    ...Array.from({ length: BOARD_SIZE }, (_, c) => ({
      col: left + cellWidth * c,
      row: top + cellHeight * BOARD_SIZE,
    })),
  ];
}

/** Noise for the set-up mode once `stones` are on the board. */
function setUpNoise(geometry: BoardGeometry, stones: readonly number[]): SetUpAction[] {
  const noise: SetUpAction[] = [
    { kind: "key", scancodes: [...LETTER_X, ...F1, ...SPACE] },
    { kind: "click", at: { col: 0, row: 0 }, button: "left" },
    { kind: "click", at: { col: 79, row: 24 }, button: "right" },
    // The first screen cells off the board on each side (past the outer gaps of the first and last
    // columns, the rows above and below): the bounds of click_to_cell.
    ...offBoardCells(geometry).map((at): SetUpAction => ({ kind: "click", at, button: "left" })),
  ];
  if (stones.length > 0) {
    noise.push(
      { kind: "click", at: cellToScreen(geometry, stones[0]), button: "left" },
      { kind: "click", at: cellToScreen(geometry, stones[0]), button: "right" },
    );
  }
  return noise;
}

function drawBoard(geometry: BoardGeometry, leaveCorners: boolean): SetUpAction[] {
  const cells = Array.from({ length: CELLS }, (_, c) => c).filter(
    (c) => !leaveCorners || !CORNERS.includes(c),
  );
  // The board's outer columns are clicked on their outer gaps: the first and last columns a click takes.
  const gap = (cell: number): { gap?: -1 | 1 } =>
    cell % BOARD_SIZE === 0 ? { gap: -1 } : cell % BOARD_SIZE === BOARD_SIZE - 1 ? { gap: 1 } : {};
  const stones: SetUpAction[] = cells.map((cell) => ({
    kind: "stone",
    cell,
    side: drawPatternSide(cell),
    ...gap(cell),
  }));
  return [...stones.slice(0, 2), ...setUpNoise(geometry, cells.slice(0, 1)), ...stones.slice(2)];
}

/** The row and first column of the four O's of fiveOnLastCell; its last cell is the one after them. */
const LAST_FIVE_ROW = 17;
const LAST_FIVE_COL = 7;

/**
 * The draw board (drawPatternSide) with four O's in a row on row LAST_FIVE_ROW and the cell after them
 * left empty to the last: the board has no five until that last O, which fills the board and makes
 * five (six with the O after it) at once: a win, not a draw.
 */
function fiveOnLastCell(): SetUpAction[] {
  const row = LAST_FIVE_ROW * BOARD_SIZE;
  const last = row + LAST_FIVE_COL + 4;
  const four = (cell: number): boolean => cell >= row + LAST_FIVE_COL && cell < last;
  const cells = [...Array.from({ length: CELLS }, (_, c) => c).filter((c) => c !== last), last];
  return cells.map((cell) => ({
    kind: "stone",
    cell,
    side: four(cell) || cell === last ? HUMAN : drawPatternSide(cell),
  }));
}

/**
 * A few stones around the centre, sides alternating, none of them five, and an O beside the bottom
 * right corner: the corner cell, empty, gets an Info score that the next game's NewBoard must clear.
 */
function fewStones(prng: Prng, count: number): SetUpAction[] {
  const cells = new Set<number>();
  while (cells.size < count) cells.add(CENTRE + (prng.below(7) - 3) * BOARD_SIZE + prng.below(7) - 3);
  const stones = [...cells].map((cell, i): SetUpAction => ({
    kind: "stone",
    cell,
    side: i % 2 === 0 ? HUMAN : COMPUTER,
  }));
  return [...stones, { kind: "stone", cell: NEAR_CORNER, side: HUMAN }];
}

/** `length` stones of `side` in a row from column 3 of `row` (open at both ends). */
function run(side: Side, row: number, length: number): SetUpAction[] {
  return Array.from({ length }, (_, i) => ({ kind: "stone", cell: row * BOARD_SIZE + 3 + i, side }));
}

/** The row of the computer's open four (far from the stones around the centre and the corner's). */
const FOUR_ROW = 2;

/**
 * Every other SWEEP_PERIOD games (the odd tens), a set-up handed to the computer with Enter and a
 * Space typed ahead, which waits in the buffer while the computer answers: with the computer's open
 * four, whose fifth stone wins (the result must drop the Space), or without (the human's turn reads
 * the Space and ignores it). Undefined in the even tens.
 */
function typedAhead(index: number, stones: SetUpAction[], four: boolean): SweepOpening["setUp"] {
  if (Math.floor(index / SWEEP_PERIOD) % 2 === 0) return undefined;
  const run4 = four ? run(COMPUTER, FOUR_ROW, 4) : [];
  return { actions: [...stones, ...run4], end: "computer", ahead: SPACE };
}

function setUpOpening(index: number, geometry: BoardGeometry, prng: Prng): SweepOpening["setUp"] {
  const stonesOf = (actions: SetUpAction[]): number[] =>
    actions.flatMap((a) => (a.kind === "stone" ? [a.cell] : []));
  const withNoise = (actions: SetUpAction[]): SetUpAction[] => [
    ...actions,
    ...setUpNoise(geometry, stonesOf(actions)),
  ];
  switch (index % SWEEP_PERIOD) {
    case 0:
      return { actions: drawBoard(geometry, Math.floor(index / SWEEP_PERIOD) % 2 === 1), end: "computer" };
    // Slot 1 too (after its menu noise): the mutation campaign's sweep games (4, 5, 10, 11, 16 and 17
    // of its 20 policy games by default) are slots 4, 5, 0, 1, 6 and 7, and game 11's hand-over with
    // Tab is the campaign's only one.
    case 1:
      return { actions: withNoise(fewStones(prng, 1 + prng.below(8))), end: "human" };
    case 3: {
      const stones = withNoise(fewStones(prng, 1 + prng.below(8)));
      return typedAhead(index, stones, false) ?? { actions: stones, end: "human" };
    }
    // The five: O (left clicks) on the bottom rows 14..18 in the even tens, X (right clicks) on rows
    // 4..13 in the odd tens. The set-up hides the pointer before it places a stone and shows it again
    // only if the game goes on, so the result must have it hidden; the AX the placing leaves (the side,
    // AH = 1 from 19 * row on rows 14..18: 0102h, no INT 33h function; 0001h for X above: show) would
    // leave it shown if the hide were lost.
    case 5: {
      const even = Math.floor(index / SWEEP_PERIOD) % 2 === 0;
      return {
        actions: withNoise([]).concat(
          even ? run(HUMAN, 14 + prng.below(5), 5) : run(COMPUTER, 4 + prng.below(10), 5),
        ),
        end: "human",
        resultKey: RESULT_KEYS[Math.floor(index / SWEEP_PERIOD) % RESULT_KEYS.length],
      };
    }
    case 7: {
      const stones = withNoise(fewStones(prng, prng.below(4)));
      return typedAhead(index, stones, true) ?? { actions: stones, end: "esc" };
    }
    // Slot 8: in the even tens a few stones handed to the computer with an Esc typed ahead, which the
    // human's turn after its answer must read (the game given up); in the odd tens a board filled to its
    // last cell, whose O makes five.
    case 8:
      return Math.floor(index / SWEEP_PERIOD) % 2 === 1
        ? { actions: fiveOnLastCell(), end: "human" }
        : {
            actions: withNoise(fewStones(prng, 1 + prng.below(8))),
            end: "computer",
            ahead: ESC,
            aheadGivesUp: true,
          };
    default:
      return undefined;
  }
}

/**
 * Slot 6's first turn, before the storm's own noise: a right click on an empty cell (the last one
 * that is not the move's), then a left click beside the board. The human's turn polls the left
 * button only, so it must ignore both; a turn that polled the button the last poll left in BX (the
 * left press count, 1) would take the right press as the move.
 */
function rightThenOffBoard(plocha: Uint8Array, geometry: BoardGeometry, turn: StormTurn): StormTurn {
  const move = turn.escape ? undefined : turn.move.cell;
  let cell = CELLS - 1;
  while (cell > 0 && (plocha[cell] !== EMPTY || cell === move)) cell--;
  const noise: StormNoise[] = [
    { kind: "click", at: cellToScreen(geometry, cell), button: "right", target: "empty" },
    { kind: "click", at: offBoardCells(geometry)[0], button: "left", target: "outside" },
  ];
  return { ...turn, noise: [...noise, ...turn.noise] };
}

/** The sweep policy: storm turns (same seed, same turns) and the opening of each game by its index. */
export function sweepPolicy(seed: number): SweepPolicy {
  const storm = stormPolicy(seed);
  const prng = new Prng(seed ^ 0x5e1f_0a7d);
  /** The turn that gives the game up with Esc (scenario 9), counted from 1. */
  let escapeAt = 0;
  /** Whether the game's first turn starts with rightThenOffBoard (slot 6). */
  let rightFirst = false;
  let turns = 0;
  return {
    name: "sweep",
    next: (plocha) => storm.next(plocha),
    turn(plocha: Uint8Array, geometry: BoardGeometry): StormTurn {
      turns++;
      if (turns === escapeAt) return { noise: [], escape: true };
      const turn = storm.turn(plocha, geometry);
      return rightFirst && turns === 1 ? rightThenOffBoard(plocha, geometry, turn) : turn;
    },
    opening(index, geometry) {
      const slot = index % SWEEP_PERIOD;
      escapeAt = slot === 9 ? 2 + prng.below(4) : 0;
      rightFirst = slot === 6;
      const setUp = setUpOpening(index, geometry, prng);
      if (slot === 2) {
        const seed = prng.below(0x1_0000);
        return { menu: relaunchNoise(seed, geometry), seed };
      }
      if (slot === 4) return { menu: relaunchNoise("counted", geometry), seed: "counted" };
      // Slot 1 plays or sets up its game with the seed its noise typed (the menu's count is then not
      // used, and no other seed is typed after the refused line: the board is drawn with its message up).
      if (slot === 1) {
        const seed = prng.below(0x1_0000);
        return { menu: menuNoise(seed, true), seed, setUp };
      }
      if (slot === 6) return { menu: [{ kind: "point", at: ON_STATUS_LINE }] };
      return setUp ? { menu: menuNoise(prng.below(0x1_0000), false), setUp } : { menu: [] };
    },
  };
}
