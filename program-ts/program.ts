/**
 * The reference model of the whole PISKASM.COM (docs/program.md): from the command line, the keys the
 * program reads, the mouse presses it polls and the counted Seed, it keeps what the program shows (the
 * 80x25 screen) and keeps (every byte of its BSS), and whether the mouse pointer is shown. The
 * evaluator inside is engine-ts's Game; everything around it (menu, seed entry, set-up, results,
 * drawing) is modelled here. It never reads the emulator: the one outside value it takes is the Seed
 * the menu counts while it waits, which no model can know (countedSeed).
 */
import {
  BOARD_SIZE,
  buildBodovani,
  CELLS,
  COMPUTER,
  EMPTY,
  Game,
  HUMAN,
  NO_CELL,
  Phase,
  type Side,
} from "../engine-ts/index.js";
import {
  DATA_BYTES,
  DATA_VARIABLES,
  dataVariable,
  PAD_SIZE,
  PAD_WALL,
  PAD_WIDTH,
  SEED_TEXT_MAX,
  WALL,
} from "./layout.js";
import { ScreenModel } from "./screen.js";
import {
  Attr,
  BAD_SEED_ROW,
  BOARD_LEFT,
  BOARD_TOP,
  CELL_WIDTH,
  INTRO_TEXTS,
  Message,
  NO_MOUSE_TEXTS,
  NO_PS2_MOUSE_TEXTS,
  NOTICE_ROW,
  SEED_TEXT_COL,
  STATUS_ROW,
} from "./texts.js";

const KEY_ESC = 0x1b;
const KEY_ENTER = 0x0d;
const KEY_TAB = 0x09;
const KEY_BACKSPACE = 0x08;
/** Printable characters a seed line takes ('!'..'~': no space, nothing extended). */
const SEED_CHAR_FIRST = 0x21;
const SEED_CHAR_LAST = 0x7e;
const UPPER_CASE_MASK = 0xdf;
const EXIT_OK = 0;
const EXIT_NO_MOUSE = 1;
const EXIT_BAD_SEED = 2;
/** The BIOS cursor shape the program sets for the game (INT 10h 01h, CX): start line bit 5, no cursor. */
export const CURSOR_OFF_SHAPE = 0x2000;
/** exit_below_message's cursor row: under the messages of rows 14..16. */
const EXIT_CURSOR_ROW = 18;

export type MouseButtonName = "left" | "right";

/**
 * The machine's mouse as the program finds it at its start: a driver answering INT 33h's reset; no
 * driver on a PC with a PS/2 mouse (MOUSE.COM not loaded); or no driver because the PC has no PS/2
 * mouse (MOUSE.COM refused to install).
 */
export type MouseSetUp = "driver" | "no-driver" | "no-ps2-mouse";

export interface ProgramOptions {
  /** The PSP command tail (what follows PISKASM on the command line, its leading space included). */
  commandTail?: string;
  /** The score tables; buildBodovani()'s when omitted (tests pass altered ones to see the check fail). */
  bodovani?: Uint16Array;
  /**
   * The Seed the menu counted when a menu key started a game while no seed is forced: the program
   * counts wake-ups while it waits, which depends on time, so the caller reads it from the program.
   */
  countedSeed: () => number;
  /** The mouse the program finds (default "driver"). */
  mouse?: MouseSetUp;
}

/** Where the program is: the phases of its main loop (Phase values, docs/architecture.md section 1). */
export type ProgramPhase = (typeof Phase)[keyof typeof Phase];

/** The phases in which the program waits for input, where the model can be anchored on it. */
const ANCHOR_PHASES: ReadonlySet<number> = new Set([
  Phase.MENU,
  Phase.SEED_ENTRY,
  Phase.HUMAN_TURN,
  Phase.SETUP,
  Phase.COMPUTER_WON,
  Phase.HUMAN_WON,
  Phase.DRAW,
]);

/** The asm's ray order of Update (+across, -across, +down, -down, +diagonal, -diagonal, +anti, -anti). */
const RAYS: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
  [1, 1],
  [-1, -1],
  [1, -1],
  [-1, 1],
];
const UPDATE_REACH = 4;

/**
 * Byte offsets of the variables (layout.ts). The word arrays are written through Uint16Array views:
 * the 8086 and every host the model runs on (x86, ARM) are little-endian, and they start at even offsets.
 */
const OFFSET = Object.fromEntries(DATA_VARIABLES.map((v) => [v.name, v.offset])) as Readonly<
  Record<string, number>
>;

/** The cell Update re-scored last after a stone on `cell` (its Info word is ScoreSum), if any. */
export function lastRescored(plocha: Uint8Array, cell: number): number | undefined {
  const row = Math.floor(cell / BOARD_SIZE);
  const col = cell % BOARD_SIZE;
  let last: number | undefined;
  for (const [dr, dc] of RAYS) {
    for (let d = 1; d <= UPDATE_REACH; d++) {
      const r = row + d * dr;
      const c = col + d * dc;
      if (r < 0 || r >= BOARD_SIZE || c < 0 || c >= BOARD_SIZE) break;
      if (plocha[r * BOARD_SIZE + c] === EMPTY) last = r * BOARD_SIZE + c;
    }
  }
  return last;
}

/** parse_seed: decimal 0..65535 ended by the text's end or a space; undefined when bad. */
export function parseSeed(text: string): number | undefined {
  let value = 0;
  let digits = 0;
  for (const char of text) {
    if (char === " ") break;
    if (char < "0" || char > "9") return undefined;
    value = value * 10 + (char.charCodeAt(0) - 0x30);
    if (value > 0xffff) return undefined;
    digits++;
  }
  return digits === 0 ? undefined : value;
}

/** parse_command_line: the seed of the first /S: (or /s:) in the tail; "bad" for a bad n. */
export function commandLineSeed(tail: string): number | "bad" | undefined {
  for (let i = 0; i < tail.length; i++) {
    if (tail[i] !== "/" || tail.length - (i + 1) < 2) continue;
    if ((tail.charCodeAt(i + 1) & UPPER_CASE_MASK) !== 0x53 || tail[i + 2] !== ":") continue;
    return parseSeed(tail.slice(i + 3)) ?? "bad";
  }
  return undefined;
}

/** The board cell under a screen position (click_to_cell), or undefined off the board. */
export function screenToCell(col: number, row: number): number | undefined {
  const r = row - BOARD_TOP;
  const x = col - (BOARD_LEFT - 1);
  if (r < 0 || r >= BOARD_SIZE || x < 0 || x >= BOARD_SIZE * CELL_WIDTH) return undefined;
  return r * BOARD_SIZE + Math.floor(x / CELL_WIDTH);
}

export class ProgramModel {
  readonly screen = new ScreenModel();
  phase: ProgramPhase = Phase.STARTING;
  /** Whether the program has the mouse pointer shown (its INT 33h show and hide calls). */
  pointerShown = false;
  /** The BIOS cursor shape the program has set (CURSOR_OFF_SHAPE from its menu on); undefined: DOS's. */
  cursorShape: number | undefined;
  /** The program has ended (quit, or a bad /S:n): errorlevel. */
  exitCode: number | undefined;
  /** engine-ts's game since the first NewBoard. */
  game: Game | undefined;
  private readonly bodovani: Uint16Array;
  private seed = 0;
  private random = 0;
  private gameCount = 0;
  private scoreSum = 0;
  private forcedSeed = 0;
  private seedIsForced = false;
  private readonly seedText = new Uint8Array(SEED_TEXT_MAX + 1);
  private seedLength = 0;

  /** The program from its start to its first wait: the menu, or the exit after a bad /S:n. */
  constructor(private readonly options: ProgramOptions) {
    this.bodovani = options.bodovani ?? buildBodovani();
    this.start(options.commandTail ?? "");
  }

  /** The row of the cursor when the program ended: what DOS prints next starts there. */
  exitCursorRow = 0;
  /** What has been typed at DOS's prompt since the program ended (the next run's command line). */
  private dosLine = "";

  /** The program (again) from its start: zeroed data, the intro, the command line, the menu. */
  private start(commandTail: string): void {
    this.phase = Phase.STARTING;
    this.pointerShown = false;
    this.cursorShape = undefined;
    this.exitCode = undefined;
    this.game = undefined;
    this.seed = 0;
    this.random = 0;
    this.gameCount = 0;
    this.scoreSum = 0;
    this.forcedSeed = 0;
    this.seedIsForced = false;
    this.seedText.fill(0);
    this.seedLength = 0;
    this.screen.clear();
    this.screen.printList(INTRO_TEXTS);
    const forced = commandLineSeed(commandTail);
    if (forced === "bad") {
      this.screen.showLine(BAD_SEED_ROW, Attr.ERROR, Message.BAD_SEED);
      this.exit(EXIT_BAD_SEED, EXIT_CURSOR_ROW);
      return;
    }
    if (forced !== undefined) {
      this.forcedSeed = forced;
      this.seedIsForced = true;
    }
    const mouse = this.options.mouse ?? "driver";
    if (mouse !== "driver") {
      this.screen.printList(mouse === "no-driver" ? NO_MOUSE_TEXTS : NO_PS2_MOUSE_TEXTS);
      this.exit(EXIT_NO_MOUSE, EXIT_CURSOR_ROW);
      return;
    }
    this.cursorShape = CURSOR_OFF_SHAPE;
    this.toMenu();
  }

  private exit(code: number, cursorRow: number): void {
    this.exitCode = code;
    this.cursorShape = undefined;
    this.exitCursorRow = cursorRow;
    this.dosLine = "";
  }

  /**
   * A key typed at DOS's prompt after the program ended: the small DOS (PISKDOS) reads a line of
   * arguments and runs PISKASM.COM again with it as the command tail on Enter (Backspace rubs out).
   */
  private dosKey(char: number): void {
    if (char === KEY_ENTER) return this.start(this.dosLine);
    if (char === KEY_BACKSPACE) this.dosLine = this.dosLine.slice(0, -1);
    else if (char >= 0x20 && char <= SEED_CHAR_LAST) this.dosLine += String.fromCharCode(char);
  }

  /**
   * The model re-anchored on a program observed while it waits for input (after a mismatch, on a
   * machine whose earlier inputs the model did not see, or after a machine state was restored): its
   * data and screen taken as they are, so that what follows is checked from there. At the menu, the
   * seed prompt, the human's turn, the set-up mode and a result (ANCHOR_PHASES); undefined elsewhere.
   * `pointerCell`: the screen cell (row * 80 + col) the mouse driver has the pointer drawn on, whose
   * word is the driver's, not the program's: it is taken later (uncover).
   */
  static anchored(
    options: ProgramOptions,
    data: Uint8Array,
    screen: Uint16Array,
    pointerCell?: number,
  ): ProgramModel | undefined {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const word = (name: string): number => view.getUint16(dataVariable(name).offset, true);
    const byte = (name: string): number => data[dataVariable(name).offset];
    const phase = byte("Phase");
    if (!ANCHOR_PHASES.has(phase)) return undefined;
    const model = new ProgramModel(options);
    model.screen.words.set(screen);
    if (pointerCell !== undefined) model.hiddenCell = { index: pointerCell, word: screen[pointerCell] };
    model.phase = phase as ProgramPhase;
    model.pointerShown = phase === Phase.HUMAN_TURN || phase === Phase.SETUP;
    model.seed = word("Seed");
    model.random = word("Random");
    model.gameCount = word("GameCount");
    model.scoreSum = word("ScoreSum");
    model.forcedSeed = word("ForcedSeed");
    model.seedIsForced = byte("SeedIsForced") === 1;
    const seedText = dataVariable("SeedText");
    model.seedText.set(data.subarray(seedText.offset, seedText.offset + seedText.bytes));
    const typed = model.seedText.indexOf(0);
    model.seedLength = typed < 0 ? SEED_TEXT_MAX : Math.min(typed, SEED_TEXT_MAX);
    if (model.gameCount !== 0) {
      const plocha = dataVariable("Plocha");
      const info = new Uint16Array(CELLS);
      for (let i = 0; i < CELLS; i++) info[i] = view.getUint16(dataVariable("Info").offset + 2 * i, true);
      model.game = Game.fromState(
        {
          plocha: data.subarray(plocha.offset, plocha.offset + CELLS),
          info,
          seed: model.seed,
          random: model.random,
          lastPC: word("LastPC"),
          volnaPole: word("VolnaPole"),
          phase: phase === Phase.SEED_ENTRY ? Phase.MENU : phase,
          moveCount: word("MoveCount"),
          gameCount: model.gameCount,
        },
        { bodovani: model.bodovani },
      );
    }
    return model;
  }

  /** The cell an anchor saw only under the pointer, and the driver's word it held then. */
  private hiddenCell: { index: number; word: number } | undefined;

  /**
   * The anchor's cell under the pointer, taken from the screen (`read`) once the pointer (`pointerCell`,
   * undefined when hidden) is off it, unless the model has drawn that cell since. Cheap when done.
   */
  uncover(pointerCell: number | undefined, read: (cell: number) => number): void {
    const hidden = this.hiddenCell;
    if (!hidden || hidden.index === pointerCell) return;
    this.hiddenCell = undefined;
    if (this.screen.words[hidden.index] === hidden.word) this.screen.words[hidden.index] = read(hidden.index);
  }

  /** Whether the model knows the program's word of this screen cell (not an anchor's cell still under the pointer). */
  knowsCell(index: number): boolean {
    return this.hiddenCell?.index !== index;
  }

  /** The engine-ts game, which a key or click that plays needs. */
  private get playing(): Game {
    if (!this.game) throw new Error("the model has no game yet");
    return this.game;
  }

  /** A key the program reads (its ASCII, or 0 for an extended key). */
  key(char: number): void {
    this.dataImage = undefined;
    if (this.exitCode !== undefined) return this.dosKey(char);
    switch (this.phase) {
      case Phase.MENU:
        return this.menuKey(char);
      case Phase.SEED_ENTRY:
        return this.seedKey(char);
      case Phase.HUMAN_TURN:
        if (char === KEY_ESC) this.leaveForMenu();
        return;
      case Phase.SETUP:
        return this.setUpKey(char);
      case Phase.COMPUTER_WON:
      case Phase.HUMAN_WON:
      case Phase.DRAW:
        return this.toMenu();
    }
  }

  /**
   * Keys typed ahead: all in the BIOS buffer before the program reads the first. The program reads them
   * in order; where it drops pending keys (entering the menu, showing a result) the rest are gone.
   */
  keysAhead(chars: readonly number[]): void {
    this.typedAhead = [...chars];
    for (let char = this.typedAhead.shift(); char !== undefined; char = this.typedAhead.shift())
      this.key(char);
  }

  /** Keys still waiting in the BIOS buffer (keysAhead); flush_keys empties it. */
  private typedAhead: number[] = [];

  /**
   * A press of a mouse button at a screen cell. The program polls presses only while it waits for a
   * move (the left button) or sets up a position (both); a press anywhere else, or off an empty
   * cell, changes nothing.
   */
  press(button: MouseButtonName, col: number, row: number): void {
    this.dataImage = undefined;
    const cell = screenToCell(col, row);
    if (cell === undefined || !this.game || this.game.state.plocha[cell] !== EMPTY) return;
    if (this.phase === Phase.HUMAN_TURN && button === "left") this.humanMove(cell);
    else if (this.phase === Phase.SETUP) this.setUpStone(cell, button === "left" ? HUMAN : COMPUTER);
  }

  /** The last data() while nothing has changed since: the checker asks after every input. */
  private dataImage: Uint8Array | undefined;
  /** data()'s bytes, made once and written again in place after each change (no allocation per input). */
  private readonly dataBytes = new Uint8Array(DATA_BYTES);
  private readonly dataView = new DataView(this.dataBytes.buffer);

  /**
   * Every byte of the program's BSS as the program should hold it now (layout.ts); do not write to it,
   * nor keep it past the next input (the bytes are written again in place).
   */
  data(): Uint8Array {
    this.dataImage ??= this.buildData();
    return this.dataImage;
  }

  private buildData(): Uint8Array {
    const bytes = this.dataBytes;
    const view = this.dataView;
    bytes.fill(0);
    const state = this.game?.state;
    if (state) {
      new Uint16Array(bytes.buffer, OFFSET.Info, CELLS).set(state.info);
      bytes.set(state.plocha, OFFSET.Plocha);
      this.writePad(bytes, state.plocha);
    }
    new Uint16Array(bytes.buffer, OFFSET.Bodovani, this.bodovani.length).set(this.bodovani);
    view.setUint16(OFFSET.Seed, this.seed, true);
    view.setUint16(OFFSET.Random, this.random, true);
    view.setUint16(OFFSET.LastPC, state?.lastPC ?? 0, true);
    view.setUint16(OFFSET.VolnaPole, state?.volnaPole ?? 0, true);
    view.setUint16(OFFSET.MoveCount, state?.moveCount ?? 0, true);
    view.setUint16(OFFSET.GameCount, this.gameCount, true);
    view.setUint16(OFFSET.ScoreSum, this.scoreSum, true);
    view.setUint16(OFFSET.ForcedSeed, this.forcedSeed, true);
    bytes[OFFSET.Phase] = this.phase;
    bytes[OFFSET.SeedIsForced] = this.seedIsForced ? 1 : 0;
    bytes.set(this.seedText, OFFSET.SeedText);
    return bytes;
  }

  /** Pad: walls everywhere, the 19 rows of the board over them (new_board, place_stone). */
  private writePad(bytes: Uint8Array, plocha: Uint8Array): void {
    bytes.fill(WALL, OFFSET.Pad, OFFSET.Pad + PAD_SIZE);
    const origin = OFFSET.Pad + PAD_WALL * PAD_WIDTH + PAD_WALL;
    for (let r = 0; r < BOARD_SIZE; r++) {
      bytes.set(plocha.subarray(r * BOARD_SIZE, (r + 1) * BOARD_SIZE), origin + r * PAD_WIDTH);
    }
  }

  /** new_game: the keys typed so far dropped, the menu line, Phase MENU, pointer hidden. */
  private toMenu(): void {
    this.typedAhead = [];
    this.screen.showLine(STATUS_ROW, Attr.PROMPT, Message.MENU);
    this.phase = Phase.MENU;
    this.pointerShown = false;
  }

  private leaveForMenu(): void {
    this.pointerShown = false;
    this.toMenu();
  }

  private menuKey(char: number): void {
    if ((char & UPPER_CASE_MASK) === 0x53) return this.enterSeed();
    if (char < 0x31 || char > 0x34) return;
    this.seed = this.seedIsForced ? this.forcedSeed : this.counted();
    this.random = this.seed;
    if (char === 0x33) return this.quit();
    this.gameCount = (this.gameCount + 1) & 0xffff;
    if (char === 0x34) this.game = Game.setUp(this.seed, { bodovani: this.bodovani });
    else
      this.game = Game.newGame(this.seed, char === 0x32 ? "computer" : "human", { bodovani: this.bodovani });
    const state = this.game.state;
    state.gameCount = this.gameCount;
    if (state.lastPC !== NO_CELL) this.afterStone(state.lastPC, NO_CELL);
    this.random = state.random;
    this.screen.drawBoard(state.plocha, state.lastPC);
    if (char === 0x34) this.waitSetUp();
    else this.waitHumanMove();
  }

  /**
   * The Seed the menu counted, read from the program (it depends on time). The count goes on from the
   * last Seed, one per wake-up, and the key itself wakes the menu: the Seed is never the last one
   * again (short of 65,536 wake-ups), so a program that did not count is expected one count on.
   */
  private counted(): number {
    const counted = this.options.countedSeed() & 0xffff;
    return counted === this.seed ? (this.seed + 1) & 0xffff : counted;
  }

  /** The menu's key 3: Phase EXITING, the text mode set again (a clear screen), errorlevel 0. */
  private quit(): void {
    this.phase = Phase.EXITING;
    this.screen.clear();
    this.exit(EXIT_OK, 0);
  }

  private enterSeed(): void {
    this.phase = Phase.SEED_ENTRY;
    this.seedLength = 0;
    this.showSeedText();
  }

  /** enter_seed's show_text: the 0 after the typed characters, the prompt and the text echoed. */
  private showSeedText(): void {
    this.seedText[this.seedLength] = 0;
    this.screen.showLine(STATUS_ROW, Attr.PROMPT, Message.SEED_PROMPT);
    const typed = String.fromCharCode(...this.seedText.subarray(0, this.seedLength));
    this.screen.print(SEED_TEXT_COL, STATUS_ROW, Attr.BRIGHT, typed);
  }

  private seedKey(char: number): void {
    if (char === KEY_ESC) return this.toMenu();
    if (char === KEY_ENTER) return this.confirmSeed();
    if (char === KEY_BACKSPACE) {
      if (this.seedLength === 0) return;
      this.seedLength--;
      return this.showSeedText();
    }
    if (char < SEED_CHAR_FIRST || char > SEED_CHAR_LAST || this.seedLength >= SEED_TEXT_MAX) return;
    this.seedText[this.seedLength++] = char;
    this.showSeedText();
  }

  private confirmSeed(): void {
    if (this.seedLength === 0) {
      this.seedIsForced = false;
    } else {
      const seed = parseSeed(String.fromCharCode(...this.seedText.subarray(0, this.seedLength)));
      if (seed === undefined) {
        this.screen.showLine(NOTICE_ROW, Attr.ERROR, Message.BAD_SEED);
        return this.toMenu();
      }
      this.forcedSeed = seed;
      this.seedIsForced = true;
    }
    this.screen.showLine(NOTICE_ROW, Attr.TEXT, "");
    this.toMenu();
  }

  /** wait_human_move: the prompt, the pointer shown, Phase HUMAN_TURN. */
  private waitHumanMove(): void {
    this.screen.showLine(STATUS_ROW, Attr.PROMPT, Message.YOUR_MOVE);
    this.pointerShown = true;
    this.phase = Phase.HUMAN_TURN;
  }

  private waitSetUp(): void {
    this.screen.showLine(STATUS_ROW, Attr.PROMPT, Message.SET_UP);
    this.pointerShown = true;
    this.phase = Phase.SETUP;
  }

  /**
   * After place_stone: the stone's cell and the computer's old and new last stone drawn (draw_cell),
   * ScoreSum as Update's last count_score left it.
   */
  private afterStone(cell: number, lastBefore: number): void {
    const state = this.playing.state;
    const last = lastRescored(state.plocha, cell);
    if (last !== undefined) this.scoreSum = state.info[last];
    this.random = state.random;
    for (const drawn of [cell, lastBefore, state.lastPC])
      if (drawn < CELLS) this.screen.drawCell(drawn, state.plocha, state.lastPC);
  }

  /** The computer's move (PCMove, PlaceStone) and its drawing. */
  private computerMove(): void {
    const game = this.playing;
    const before = game.state.lastPC;
    this.afterStone(game.computerMove(), before);
  }

  /** The human's stone, then the computer's answer unless the stone ended the game. */
  private humanMove(cell: number): void {
    const game = this.playing;
    this.pointerShown = false;
    game.placeStone(cell, HUMAN);
    this.afterStone(cell, game.state.lastPC);
    if (game.result === "playing") this.computerMove();
    if (!this.showResult()) this.waitHumanMove();
  }

  private setUpStone(cell: number, side: Side): void {
    const game = this.playing;
    const before = game.state.lastPC;
    game.placeStone(cell, side);
    this.afterStone(cell, before);
    if (!this.showResult()) this.waitSetUp();
  }

  private setUpKey(char: number): void {
    if (char === KEY_ESC) return this.leaveForMenu();
    if (char !== KEY_ENTER && char !== KEY_TAB) return;
    const game = this.playing;
    this.pointerShown = false;
    const before = game.state.lastPC;
    const computer = game.handOver(char === KEY_ENTER ? "computer" : "human");
    if (computer !== null) this.afterStone(computer, before);
    if (!this.showResult()) this.waitHumanMove();
  }

  /** show_result when the game is over: the message, Phase the result, the pointer hidden. */
  private showResult(): boolean {
    const { phase } = this.playing.state;
    const message =
      phase === Phase.HUMAN_WON
        ? Message.HUMAN_WON
        : phase === Phase.COMPUTER_WON
          ? Message.COMPUTER_WON
          : phase === Phase.DRAW
            ? Message.DRAW
            : undefined;
    if (message === undefined) return false;
    this.screen.showLine(STATUS_ROW, Attr.PROMPT, message);
    this.typedAhead = [];
    this.pointerShown = false;
    this.phase = phase as ProgramPhase;
    return true;
  }
}
