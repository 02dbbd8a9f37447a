/**
 * The one checker (docs/architecture.md section 4): the real PISKASM.COM against the model of the
 * whole program (program-ts), after every input. Every keyboard and mouse input of a GameSession
 * passes its InputTap; the checker waits until the program has handled it and waits again (the CPU
 * halted in a wait loop, the BIOS keyboard buffer empty), feeds the same input to the model, and
 * compares every byte of the data, every screen cell, the pointer's visibility and the program's own
 * bytes. The diff runner, the brain's --check, the arena's asm player and mutation testing all use
 * this one; what each does with a mismatch is its sink.
 */
import {
  BOARD_LEFT,
  BOARD_TOP,
  CELL_WIDTH,
  DATA_BYTES,
  dataVariable,
  KeyTranslator,
  ProgramModel,
  type MouseSetUp,
  SCREEN_COLS,
  SCREEN_ROWS,
  type ProgramOptions,
} from "../program-ts/index.js";
import { readMouseDriverState } from "../emu/mouse-header.js";
import type { InputEvent } from "../guest/observed-input.js";
import {
  keyboardBufferEmpty,
  SETTLE_INSTRUCTIONS,
  StillWatch,
  STUCK_TICKS,
  waitsForInput,
} from "../guest/waiting.js";
import type { GameSession } from "../guest/session.js";
import type { Machine, TextCells } from "../emu/types.js";
import {
  HEADER_POINTERS,
  HEADER_VERSION,
  headerVersionProblem,
  isGameStillAt,
  phaseName,
  PROGRAM_ORIGIN,
  type BoardGeometry,
  type GameLayout,
  type ScreenPosition,
} from "../guest/game-view.js";
import { compareProgram } from "./compare.js";
import { sameBytes } from "../util/bytes.js";
import { messageOf } from "../util/error-message.js";
import { scalarDiff, type Diff, type Mismatch } from "./diff-types.js";
import { hex } from "../util/hex.js";
import {
  compareData,
  comparePointer,
  compareScreen,
  differingCells,
  screenLines,
} from "./program-compare.js";

/**
 * A gap this long between two slices is the machine stopped (paused, or held by the page's debugger),
 * not the program at work: it does not count against the settle time.
 */
const STOPPED_GAP_MS = 1_000;
/**
 * The wait's own time-out, a backstop only: the settle's probe decides by the running time and the
 * instructions, and a stopped machine runs no slices, so no probe and no time-out either.
 */
const SETTLE_BACKSTOP_MS = 3_600_000;

/** A mismatch found after an input, thrown to end the game that made it (sink "throw"). */
export class MismatchError extends Error {
  constructor(readonly mismatch: Mismatch) {
    super(`PISKASM.COM differs from its model after ${mismatch.afterInput ?? "an input"}`);
    this.name = "MismatchError";
  }
}

/**
 * The reference model (program-ts, engine-ts inside it) threw while it formed its expectation: a
 * mismatch of its own (`Reference`), not a failure of the harness. Only the model's calls are wrapped
 * (reference()); an error of the harness's own reading of the program still ends the run.
 */
export class ReferenceFailure extends Error {
  /** `when`: where it failed, when not after the input the mismatch names (e.g. "at the program's start"). */
  constructor(
    readonly error: unknown,
    when?: string,
  ) {
    super(`the reference model failed${when ? ` ${when}` : ""}: ${messageOf(error).split("\n")[0]}`);
    this.name = "ReferenceFailure";
  }

  /** The error as thrown: its stack (which starts with its message), else its text. */
  get detail(): string {
    const { error } = this;
    return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  }
}

/** Calls the reference model; what it throws is its own failure (ReferenceFailure). */
function reference<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw error instanceof ReferenceFailure ? error : new ReferenceFailure(error);
  }
}

/**
 * The reference's failure as a mismatch after `afterInput`: the program then (its stones, phase and
 * screen) against the reference's error (`Reference`), with `also` (what else was seen); the error's
 * stack is the mismatch's detail.
 */
export function referenceMismatch(
  failure: ReferenceFailure,
  program: { ply: number; phase: number; screen: readonly string[] },
  afterInput: string,
  also: Diff[] = [],
): Mismatch {
  return {
    ply: program.ply,
    diffs: [
      scalarDiff("Reference", `the program in phase ${phaseName(program.phase)}`, failure.message),
      ...also,
    ],
    screen: [...program.screen],
    afterInput,
    detail: failure.detail,
  };
}

/** What a user of the checker does with a mismatch. */
export interface MismatchSink {
  /** Called once, for the first mismatch; checking stops after it. */
  mismatch(found: Mismatch): void;
}

export interface CheckerOptions {
  /** The command tail PISKASM.COM was started with (AUTOEXEC.BAT's: none). */
  commandTail?: string;
  /** Longest wait for the program to handle an input and wait again. */
  settleTimeoutMs: number;
  /**
   * Where mismatches go: "throw" makes the input's promise reject with a MismatchError (the diff
   * runner ends the game there); a sink receives it and the session goes on unchecked.
   */
  sink: "throw" | MismatchSink;
  /** The model's score tables (tests pass altered ones to see the check fail). */
  bodovani?: Uint16Array;
  /**
   * An input the model does not know (a key it cannot translate): "throw" (default) rejects the input's
   * promise with the RangeError; "off" turns the checks off (`off` says why) until the next anchor.
   */
  unknownInput?: "throw" | "off";
  /** The mouse the machine gives the program (default a driver: MOUSE.COM on a PC with a PS/2 mouse). */
  mouse?: MouseSetUp;
  /** A debugger beside the program (the page's): what it holds and what it wrote. */
  debugger?: DebuggerBeside;
}

/**
 * What a debugger beside the program does that is not the program's: it holds the CPU in its INT 3
 * trap (halted with interrupts off, then paused: the program is not waiting for input there, and the
 * time does not count), and it writes INT 3 bytes over the program's code (compared as the bytes
 * they stand for).
 */
export interface DebuggerBeside {
  /** The CPU sits in the debugger's trap or is stopped by it. */
  holds(): boolean;
  /** The debugger's bytes in memory: linear address -> the byte that was there. */
  written(): ReadonlyMap<number, number>;
}

/**
 * The BIOS data area's video mode byte, cursor shape word (CL end, CH start line) and cursor row (the
 * byte after page 0's cursor column).
 */
const BDA_VIDEO_MODE = 0x449;
const BDA_CURSOR_SHAPE = 0x460;
const BDA_CURSOR_ROW = 0x451;
const TEXT_MODE = 3;
/** Start-line bit 5 of the cursor shape: no cursor (piskasm.asm's CURSOR_HIDDEN). */
const CURSOR_OFF_BIT = 0x2000;
/** How the small DOS reports an ended program on the row where the cursor was left. */
export const ERRORLEVEL_LINE = /exited with errorlevel (\d+)\./;

/** The program's data against the model's, compared in place. */
function compareModelData(model: ProgramModel, session: GameSession): Diff[] {
  const expected = reference(() => model.data());
  return compareData(expected, session.machine.memory.view(session.layout.info, DATA_BYTES));
}

/**
 * After the program has ended: it must leave the colour text mode with a visible cursor and nothing of
 * its own on the screen but what it meant to leave (the bad-seed message), and the errorlevel it meant;
 * its data, while DOS has not reused its memory, as it left it.
 * The rows DOS has printed on since (from the exit's cursor row to the cursor now) are DOS's own; the
 * errorlevel is read from the small DOS's report there (another DOS's rows are left unread), and a
 * blank row there is a program that has not ended.
 */
function compareExit(model: ProgramModel, session: GameSession): Diff[] {
  const { memory } = session.machine;
  const diffs: Diff[] = [];
  // The ended program's memory, while DOS has not reused it: its data as it left it.
  if (isGameStillAt(memory, session.layout)) diffs.push(...compareModelData(model, session));
  const mode = memory.readU8(BDA_VIDEO_MODE);
  if (mode !== TEXT_MODE) diffs.push(scalarDiff("VideoMode", mode, TEXT_MODE));
  const shape = memory.readU16(BDA_CURSOR_SHAPE);
  if (shape & CURSOR_OFF_BIT)
    diffs.push(scalarDiff("Cursor", `hidden (shape ${shape.toString(16)}h)`, "shown"));
  const from = model.exitCursorRow;
  const to = Math.max(from, memory.readU8(BDA_CURSOR_ROW));
  const expected = model.screen.words.slice();
  const cells = session.machine.textCells();
  for (let row = from; row <= to && row < SCREEN_ROWS; row++)
    for (let col = 0; col < SCREEN_COLS; col++) expected[row * SCREEN_COLS + col] = cells.at(col, row);
  diffs.push(...compareScreen(expected, cells, undefined));
  const lines = session.machine.screen().lines;
  const line = lines[from] ?? "";
  // The small DOS reports the end where the program left the cursor: a report further down is a
  // cursor left on another row.
  const reportRow = lines.findIndex((text, row) => row > from && row <= to && ERRORLEVEL_LINE.test(text));
  if (reportRow > from && !ERRORLEVEL_LINE.test(line))
    diffs.push(scalarDiff("Cursor", `DOS's report of the end on row ${reportRow}`, `on row ${from}`));
  const report = ERRORLEVEL_LINE.exec(line);
  if (report && Number(report[1]) !== model.exitCode)
    diffs.push(scalarDiff("ExitCode", Number(report[1]), model.exitCode ?? -1));
  // Every DOS prints once the program has handed back to it (a report, a prompt): the cursor moves on.
  const cursorColumn = memory.readU8(BDA_CURSOR_ROW - 1);
  if (line.trim() === "" && to === from && cursorColumn === 0)
    diffs.push(
      scalarDiff(
        "ExitCode",
        `nothing from DOS on row ${from}: the program has not ended`,
        model.exitCode ?? -1,
      ),
    );
  return diffs;
}

/**
 * The debug header against the model: each pointer at its variable (counted from Info, the data's
 * first byte, as docs/program.md section 2 lays the data out; the pointer's name capitalized) and the
 * board where the model draws it.
 */
function compareHeader(layout: GameLayout): Diff[] {
  const diffs: Diff[] = [];
  const version = headerVersionProblem(layout);
  if (version) diffs.push(scalarDiff("Header", version, `version ${HEADER_VERSION}`));
  for (const field of HEADER_POINTERS) {
    const name = field[0].toUpperCase() + field.slice(1);
    const offset = layout[field] - layout.info;
    const expected = dataVariable(name).offset;
    if (offset !== expected)
      diffs.push(scalarDiff("Header", `${name} at Info + ${offset}`, `${name} at Info + ${expected}`));
  }
  // The board's four numbers, compared as the text that names them.
  const board = (at: BoardGeometry): string =>
    `board at (${at.left}, ${at.top}), cells ${at.cellWidth} x ${at.cellHeight}`;
  const header = board(layout.geometry);
  const drawn = board({ left: BOARD_LEFT, top: BOARD_TOP, cellWidth: CELL_WIDTH, cellHeight: 1 });
  if (header !== drawn) diffs.push(scalarDiff("Header", header, drawn));
  return diffs;
}

/** A mismatch with these differences at `ply`: the screen now and the one the model expected. */
function screenMismatch(
  model: ProgramModel,
  machine: Machine,
  pointer: ScreenPosition | undefined,
  ply: number,
  diffs: Diff[],
  afterInput: string | undefined,
): Mismatch {
  const screen = [...machine.screen().lines];
  const expectedScreen = screenLines(model.screen.words);
  const cells = differingCells(model.screen.words, machine.textCells(), pointer);
  return {
    ply,
    diffs,
    screen,
    ...(expectedScreen.some((line, i) => line !== screen[i]) ? { expectedScreen } : {}),
    ...(cells.length > 0 ? { screenCells: cells } : {}),
    ...(afterInput ? { afterInput } : {}),
  };
}

/**
 * MOUSE.COM's text pointer (asm/mouse.asm, its default masks; the program never sets others): the cell
 * under a shown pointer holds the program's word AND the screen mask XOR the cursor mask, whose
 * attribute never has a bright or blink bit (POINTER_IMAGE_CLEAR).
 */
const POINTER_SCREEN_MASK = 0x77ff;
const POINTER_CURSOR_MASK = 0x7700;
const POINTER_IMAGE_CLEAR = 0x8800;

/**
 * The shown pointer's cell against the driver's image of the model's word there. The image of another
 * word is a screen difference under the pointer (ScreenCell); a word that is no image at all is the
 * program's own, drawn under the shown pointer, which MOUSE.COM then keeps (the pointer is not seen
 * until the mouse moves; other drivers put the old word back): a Pointer difference.
 */
function comparePointerImage(pointer: ScreenPosition, word: number, cells: TextCells): Diff[] {
  const image = (word & POINTER_SCREEN_MASK) ^ POINTER_CURSOR_MASK;
  const shown = cells.at(pointer.col, pointer.row);
  if (shown === image) return [];
  const at = `(col ${pointer.col}, row ${pointer.row})`;
  const expected = `the pointer's image ${hex(image, 4)} of ${hex(word, 4)} at ${at}`;
  return (shown & POINTER_IMAGE_CLEAR) === 0
    ? [scalarDiff("ScreenCell", `the pointer's image ${hex(shown, 4)} at ${at}`, expected)]
    : [scalarDiff("Pointer", `${hex(shown, 4)} at ${at}, drawn over the shown pointer`, expected)];
}

/** The input a check at the program's start is after (a mismatch's afterInput). */
export const START = "the program's start";

/** What a mouse input gives the program's keyboard. */
const NO_KEYS: readonly number[] = [];

const checkers = new WeakMap<GameSession, ProgramChecker>();

function describeInput(event: InputEvent, at?: ScreenPosition): string {
  switch (event.kind) {
    case "text":
      return `key ${JSON.stringify(event.text)}`;
    case "ahead":
      return `keys typed ahead (scancodes ${event.codes.map((c) => hex(c, 2)).join(" ")})`;
    case "scancodes":
      return `scancode ${event.codes.map((c) => hex(c, 2)).join(" ")}`;
    case "move":
      return event.astray
        ? `a mouse movement toward (col ${event.astray.col}, row ${event.astray.row})`
        : "a mouse movement";
    default:
      return `${event.kind} of the ${event.button} button${at ? ` at (col ${at.col}, row ${at.row})` : ""}`;
  }
}

/**
 * The mismatch of a reference that never answered after `event`, an input of `session` (which has been
 * handled: the program waits again), `why` its failure. The ts campaign's run thread makes it when a
 * mutant's worker fell silent (mutate/ts-target.ts).
 */
export function unansweredMismatch(session: GameSession, event: InputEvent, why: string): Mismatch {
  const at = event.kind === "press" ? session.pointer() : undefined;
  return failedNow(session, new ReferenceFailure(why), describeInput(event, at));
}

/** The reference's failure after `afterInput` as a mismatch (`Reference`) of the program now, with `also`. */
function failedNow(
  session: GameSession,
  failure: ReferenceFailure,
  afterInput: string,
  also: Diff[] = [],
): Mismatch {
  const program = {
    ply: session.moveCount(),
    phase: session.phase(),
    screen: session.machine.screen().lines,
  };
  return referenceMismatch(failure, program, afterInput, also);
}

/** The model at the program's start, or the reference's failure to make it. */
function startModel(options: ProgramOptions): ProgramModel | ReferenceFailure {
  try {
    return new ProgramModel(options);
  } catch (error) {
    return new ReferenceFailure(error, `at ${START}`);
  }
}

/** Host time a checker has spent (ms): playing the inputs on its model, comparing the program with it. */
export interface CheckerTime {
  modelMs: number;
  compareMs: number;
}

export class ProgramChecker {
  /** The model, or how the reference failed to make it (thrown again at each use: a `Reference` mismatch). */
  private current: ProgramModel | ReferenceFailure;
  /** The first mismatch, once found; no checks after it. */
  found: Mismatch | undefined;
  /** Why the checks are off (not anchored yet, or an input the model does not know); undefined while on. */
  off: string | undefined;
  /** Inputs checked since the model was last anchored or restarted. */
  checked = 0;
  /** Since the checker was made (the diff runner's per-move breakdown takes each game's share). */
  readonly spent: CheckerTime = { modelMs: 0, compareMs: 0 };
  private readonly keys = new KeyTranslator();

  private constructor(
    private readonly session: GameSession,
    private readonly options: CheckerOptions,
  ) {
    if (checkers.has(session)) throw new Error("this session already has a checker");
    checkers.set(session, this);
    this.current = startModel(this.modelOptions());
    session.inputs.listen((event) => this.afterInput(event));
  }

  /** The model of the program; a ReferenceFailure when the reference could not make it. */
  get model(): ProgramModel {
    if (this.current instanceof ReferenceFailure) throw this.current;
    return this.current;
  }

  /**
   * `check`'s mismatch, or the reference's failure (a ReferenceFailure thrown in it) as a mismatch of
   * its own after `afterInput`, with `also` (what else was seen then); undefined when `check` found none.
   */
  private guarded(
    afterInput: () => string,
    check: () => Mismatch | undefined,
    also: () => Diff[] = () => [],
  ): Mismatch | undefined {
    try {
      return check();
    } catch (failure) {
      if (!(failure instanceof ReferenceFailure)) throw failure;
      return failedNow(this.session, failure, afterInput(), also());
    }
  }

  private modelOptions(): ProgramOptions {
    const { session, options } = this;
    const { memory } = session.machine;
    return {
      commandTail: options.commandTail,
      bodovani: options.bodovani,
      mouse: options.mouse,
      countedSeed: () => memory.readU16(session.layout.seed),
    };
  }

  /**
   * The program was restored to the state it had at its first menu (a menu snapshot), or the model
   * anchored on it (`model`): the checks start again from there.
   */
  restarted(model = startModel(this.modelOptions())): void {
    this.current = model;
    this.found = undefined;
    this.off = undefined;
    this.checked = 0;
  }

  /**
   * Before a game: when a mismatch stopped the checks, the model is anchored again on the program at
   * its menu (ProgramModel.anchored), so that this game is checked from where the program is. Returns
   * false when the program is not at its menu or its state cannot be modelled (the checks stay off).
   */
  resume(): boolean {
    return this.found ? this.anchor() : true;
  }

  /**
   * The model anchored on the program as it is now, where it waits for input (ProgramModel.anchored:
   * menu, seed prompt, human's turn, set-up, a result); false when it is elsewhere or unmodelled.
   */
  anchor(): boolean {
    const { session } = this;
    const cells = session.machine.textCells();
    const words = new Uint16Array(SCREEN_COLS * SCREEN_ROWS);
    cells.words(words);
    const pointer = this.shownPointer();
    const data = session.machine.memory.read(session.layout.info, DATA_BYTES);
    const options = this.modelOptions();
    const cell = pointer && pointer.row * SCREEN_COLS + pointer.col;
    let anchored: ProgramModel | undefined;
    try {
      anchored = ProgramModel.anchored(options, data, words, cell);
    } catch (error) {
      // A RangeError: a state the model does not take (a word out of range); anything else, its failure.
      if (error instanceof RangeError) return false;
      const failure = new ReferenceFailure(error, "taking the program over where it waits");
      this.report(
        failedNow(session, failure, `the model's anchoring in phase ${phaseName(session.phase())}`),
      );
      return false;
    }
    if (!anchored) return false;
    this.restarted(anchored);
    return true;
  }

  /**
   * Waits until the program waits for input, then anchors the model on it (anchor); false, and the
   * checks off, when it does not settle or waits where the model cannot be anchored.
   */
  async anchorSettled(): Promise<boolean> {
    this.off = "waiting for the program to wait for input";
    if ((await this.settle()) !== "settled") {
      this.off = "the program did not come to wait for input";
      return false;
    }
    if (this.anchor()) return true;
    this.off = `the program waits where the model cannot take it over (phase ${this.session.phase()})`;
    return false;
  }

  /** Checks the program now (at its start, before any input), its debug header too; the mismatch goes to the sink. */
  checkNow(): void {
    if (this.found) return;
    const found = this.startDiffers();
    if (found) this.report(found);
  }

  /**
   * The program at its start (before any input) against the model's, with every difference of its
   * debug header, data and screen; undefined when they agree. `stall`: it did not come to its menu
   * (guest/session.ts StartStallError), what it does instead; when the model too ends at its start (no
   * mouse, a bad /S:n), that the program stopped is no difference: how it ended is compared.
   */
  startDiffers(stall?: string): Mismatch | undefined {
    return this.guarded(
      () => START,
      () => {
        const stopped = stall !== undefined && this.model.exitCode === undefined;
        const diffs = [
          ...(stopped ? [scalarDiff("Settle", stall, "waits for input in phase MENU")] : []),
          ...compareHeader(this.session.layout),
          ...this.compare(),
        ];
        return diffs.length > 0 ? this.mismatch(diffs, START) : undefined;
      },
    );
  }

  private report(found: Mismatch): void {
    this.found = found;
    if (this.options.sink === "throw") throw new MismatchError(found);
    this.options.sink.mismatch(found);
  }

  /**
   * Puts a session under the checker. It must come before the session's first input: the model
   * starts where the program does, at its first menu.
   */
  static attach(session: GameSession, options: CheckerOptions): ProgramChecker {
    if (session.inputs.count > 0 && !checkers.has(session))
      throw new Error(
        `the checker must be attached before the session's first input (${session.inputs.count} already sent)`,
      );
    return new ProgramChecker(session, options);
  }

  /**
   * The session's checker, attached when it has none: from the program's start when the session has
   * had no input yet (checked at once), else anchored on the program where it waits (ProgramModel.anchored).
   */
  static for(session: GameSession, options: CheckerOptions): ProgramChecker {
    const attached = checkers.get(session);
    if (attached) return attached;
    const fresh = session.inputs.count === 0;
    const checker = new ProgramChecker(session, options);
    if (fresh) checker.checkNow();
    else if (!checker.anchor())
      throw new Error(
        "the checker can start only where the program waits for input or before its first input",
      );
    return checker;
  }

  /**
   * Puts a session whose program has been running unseen (a machine restored, a page that joined
   * late) under a checker that is off until anchorSettled() anchors it.
   */
  static follow(session: GameSession, options: CheckerOptions): ProgramChecker {
    const checker = new ProgramChecker(session, options);
    checker.off = "not anchored on the program yet";
    return checker;
  }

  /** The session's checker, if one is attached. */
  static of(session: GameSession): ProgramChecker | undefined {
    return checkers.get(session);
  }

  /** Every difference between the program and the model now (none: they agree). */
  compare(): Diff[] {
    if (this.model.exitCode !== undefined) return compareExit(this.model, this.session);
    const { session, model } = this;
    const { memory } = session.machine;
    const driver = readMouseDriverState(memory);
    const pointer = this.shownPointer(driver);
    const diffs: Diff[] = [];
    // Each part is first compared whole, in place (no copy: guest memory and VGA memory read through
    // typed-array views); only a part that differs is looked into.
    diffs.push(...compareModelData(model, session));
    const expectedScreen = model.screen.words;
    const cells = session.machine.textCells();
    const ignore = pointer ? pointer.row * SCREEN_COLS + pointer.col : -1;
    model.uncover(pointer && ignore, (i) => cells.at(i % SCREEN_COLS, Math.floor(i / SCREEN_COLS)));
    if (!cells.sameAs(expectedScreen, ignore)) diffs.push(...compareScreen(expectedScreen, cells, pointer));
    diffs.push(...comparePointer(model.pointerShown, driver?.showCount));
    if (pointer && model.knowsCell(ignore))
      diffs.push(...comparePointerImage(pointer, expectedScreen[ignore], cells));
    const shape = memory.readU16(BDA_CURSOR_SHAPE);
    if (model.cursorShape !== undefined && shape !== model.cursorShape)
      diffs.push(scalarDiff("Cursor", `shape ${hex(shape, 4)}`, `shape ${hex(model.cursorShape, 4)}`));
    const loaded = session.loadedProgram;
    if (!sameBytes(this.programBytes(loaded.length), loaded))
      diffs.push(...compareProgram(loaded, session.programImage(), PROGRAM_ORIGIN));
    return diffs;
  }

  /** The program's bytes in memory, with the debugger's INT 3s read as the bytes they stand for. */
  private programBytes(length: number): Uint8Array {
    const { memory } = this.session.machine;
    const origin = this.session.layout.segmentBase + PROGRAM_ORIGIN;
    const bytes = memory.view(origin, length);
    const written = this.options.debugger?.written();
    if (!written?.size) return bytes;
    const own = bytes.slice();
    for (const [linear, byte] of written)
      if (linear >= origin && linear < origin + length) own[linear - origin] = byte;
    return own;
  }

  /** A mismatch of the program now with these differences. */
  mismatch(diffs: Diff[], afterInput?: string): Mismatch {
    const { session, model } = this;
    return screenMismatch(
      model,
      session.machine,
      this.shownPointer(),
      session.moveCount(),
      diffs,
      afterInput,
    );
  }

  /**
   * A program whose debug header was never seen (guest/session.ts HeaderMissingError) against the
   * model's start: the header missing, and the screen against the model's menu (without the header
   * no data can be read).
   */
  static headerMissing(
    machine: Machine,
    stall: string,
    options: Pick<CheckerOptions, "commandTail" | "mouse">,
  ): Mismatch {
    const header = scalarDiff(
      "Header",
      stall,
      `PISKDBG1 version ${HEADER_VERSION} at 102h of the program's segment`,
    );
    const model = startModel({ ...options, countedSeed: () => 0 });
    if (model instanceof ReferenceFailure)
      return {
        ply: 0,
        diffs: [header, scalarDiff("Reference", "no debug header", model.message)],
        screen: [...machine.screen().lines],
        afterInput: START,
        detail: model.detail,
      };
    const diffs = [header, ...compareScreen(model.screen.words, machine.textCells(), undefined)];
    return screenMismatch(model, machine, undefined, 0, diffs, START);
  }

  private async afterInput(event: InputEvent): Promise<void> {
    if (this.found || this.off !== undefined) return;
    const settled = await this.settle();
    if (this.found || this.off !== undefined) return;
    const at = event.kind === "press" ? this.session.pointer() : undefined;
    let keys: readonly number[];
    try {
      keys = this.translate(event);
    } catch (error) {
      if (!(error instanceof RangeError) || this.options.unknownInput !== "off") throw error;
      this.off = error.message;
      return;
    }
    // Described only for a mismatch: this runs after every input.
    const input = (): string => describeInput(event, at);
    const unsettled = (): Diff[] =>
      settled === "settled" ? [] : [scalarDiff("Settle", settled, "waiting for input")];
    const found = this.guarded(input, () => this.checkInput(event, keys, at, settled, input), unsettled);
    if (found) this.report(found);
  }

  /** The model given the input, then every difference of the program from it: a mismatch, or undefined. */
  private checkInput(
    event: InputEvent,
    keys: readonly number[],
    at: ScreenPosition | undefined,
    settled: string,
    input: () => string,
  ): Mismatch | undefined {
    const fed = performance.now();
    reference(() => this.feed(event, keys, at));
    this.checked++;
    const compared = performance.now();
    const diffs = this.compare();
    this.spent.modelMs += compared - fed;
    this.spent.compareMs += performance.now() - compared;
    if (event.kind === "move" && event.astray) {
      // MOUSE.COM moves the pointer by the packets alone, and the model's program never moves it.
      const { col, row, x, y } = event.astray;
      diffs.unshift(
        scalarDiff(
          "Pointer",
          `at (${x}, ${y}) pixels after the packets toward (col ${col}, row ${row})`,
          `on (col ${col}, row ${row}), where the packets move it`,
        ),
      );
    }
    if (settled !== "settled")
      diffs.unshift(scalarDiff("Settle", settled, `waiting for input (phase ${this.model.phase})`));
    return diffs.length > 0 ? this.mismatch(diffs, input()) : undefined;
  }

  /**
   * Runs the machine until the program waits for input again: "settled", or what it does instead when
   * it did not within the time or SETTLE_INSTRUCTIONS, or sat halted for STUCK_TICKS timer ticks with
   * keys it does not read.
   */
  private async settle(): Promise<string> {
    const { machine } = this.session;
    const { memory } = machine;
    // Usually the slice that took the input ended with the program waiting again: no wait to set up.
    if (waitsForInput(machine) && !this.options.debugger?.holds()) return "settled";
    let left = this.options.settleTimeoutMs;
    let last = performance.now();
    const start = machine.instructionCount();
    const ignoring = new StillWatch(memory);
    const held = this.options.debugger;
    return machine.waitFor(
      () => {
        if (held?.holds()) {
          last = performance.now();
          return undefined;
        }
        if (waitsForInput(machine)) return "settled";
        if (ignoring.held(machine.halted() && !keyboardBufferEmpty(memory)))
          return `halted for ${STUCK_TICKS} timer ticks with keys unread in the BIOS buffer`;
        const now = performance.now();
        if (now - last < STOPPED_GAP_MS) left -= now - last;
        last = now;
        const late = left < 0 || machine.instructionCount() - start > SETTLE_INSTRUCTIONS;
        return late
          ? `still running ${this.options.settleTimeoutMs} ms or ${SETTLE_INSTRUCTIONS / 1e6} million instructions after the input`
          : undefined;
      },
      { timeoutMs: SETTLE_BACKSTOP_MS, what: "the program to wait for input again" },
    );
  }

  /** The cell under a shown pointer: the driver's drawing, not the program's. */
  private shownPointer(
    driver = readMouseDriverState(this.session.machine.memory),
  ): ScreenPosition | undefined {
    return driver && driver.showCount === 0 ? { col: driver.x >> 3, row: driver.y >> 3 } : undefined;
  }

  /**
   * The keys a keyboard input gives the program (the BIOS's translation of scancodes); none for the
   * mouse. A RangeError for a key the model does not know.
   */
  private translate(event: InputEvent): readonly number[] {
    if (event.kind === "text") return Array.from(event.text, (char) => char.charCodeAt(0));
    if (event.kind === "scancodes" || event.kind === "ahead") return this.keys.keys(event.codes);
    return NO_KEYS;
  }

  private feed(event: InputEvent, keys: readonly number[], at: ScreenPosition | undefined): void {
    const { model } = this;
    if (event.kind === "ahead") model.keysAhead(keys);
    else if (event.kind === "text" || event.kind === "scancodes") for (const key of keys) model.key(key);
    else if (event.kind === "press" && at && event.button !== "middle")
      model.press(event.button, at.col, at.row);
  }
}
