/**
 * The brain's side of the Gomocup protocol (Piskvork's protocl2en.htm): one line in, the answer lines
 * out. It knows the engine only through engines/engine.ts, checks every move and position on its own
 * board first (bad input gets ERROR or UNKNOWN and changes nothing), and never throws: an engine's
 * failure becomes an ERROR answer and a log line.
 */
import { EngineError, RULE_FREESTYLE, type Engine, type Point, type RuleMask } from "../engines/engine.js";
import { ruleRefusal } from "../engines/rules.js";
import { formatAbout } from "./about.js";
import { parseBoardLine, parseCommand, parsePoint, type Command } from "./commands.js";
import type { Notes } from "./notes.js";
import { boardFromLines, BrainBoard } from "./position.js";
import { messageOf } from "../util/error-message.js";

export interface ProtocolOptions {
  readonly engine: Engine;
  /** Writes one protocol line to the manager. */
  readonly send: (line: string) => void;
  /** One line for standard error (never the protocol). */
  readonly log: (line: string) => void;
  /** MESSAGE and DEBUG lines posted by the engine, written before the next answer. */
  readonly notes: Notes;
  /** The seed of each new game (START, RESTART). */
  readonly nextSeed: () => number;
  /** Log every command with its answer and time. */
  readonly verbose?: boolean;
  /** Send a DEBUG line before every move with the time the engine took. */
  readonly debugLines?: boolean;
  /**
   * True once END has arrived: the engine's search ends at once (MoveLimits.stop), and the move it
   * was choosing is not sent (nothing is written after END).
   */
  readonly stop?: () => boolean;
}

/** The largest START this brain takes (Gomocup boards are 15 and 20; Piskvork allows up to 100). */
export const MAX_BOARD_SIZE = 100;
/**
 * The share of the match time left that one move may use when the manager limits the match
 * (timeout_match, time_left): a game rarely needs more than this many more moves of the brain.
 */
const MATCH_MOVES_AHEAD = 25;
/** timeout_turn 0 means "answer at once": the engine gets this long (searches end at once). */
const AT_ONCE_MS = 1;

/** INFO keys whose value is an integer (time_left may be negative). */
const INTEGER_INFO = new Set([
  "timeout_turn",
  "timeout_match",
  "time_left",
  "max_memory",
  "game_type",
  "rule",
]);

/** Answers ERROR (`what` before the problem) when there is a problem; true then. */
function refused(problem: string | undefined, answers: string[], what = ""): boolean {
  if (problem) answers.push(`ERROR ${what}${problem}`);
  return Boolean(problem);
}

/** What attempt() returns when the engine failed (its ERROR answered). */
const FAILED = Symbol("failed");

interface BoardBlock {
  readonly lines: { at: Point; field: number }[];
  problem?: string;
  /** More stone lines than the board has cells came: answered with ERROR at once, the rest skipped. */
  overflowed?: boolean;
}

export class BrainProtocol {
  private size: number | undefined;
  private seed = 0;
  private board: BrainBoard | undefined;
  private rule = RULE_FREESTYLE;
  /** INFO timeout_turn, timeout_match, time_left (undefined until the manager sends them). */
  private turnMs: number | undefined;
  private matchMs: number | undefined;
  private timeLeftMs: number | undefined;
  private block: BoardBlock | undefined;

  constructor(private readonly options: ProtocolOptions) {}

  /** Answers one line. END is not answered: the caller ends the process (brain/run.ts). */
  async handle(line: string): Promise<void> {
    const started = performance.now();
    const answers: string[] = [];
    await this.dispatch(line, answers);
    const lines = answers.length > 0 ? [...this.options.notes.drain(), ...answers] : [];
    for (const answer of lines) this.options.send(answer);
    if (this.options.verbose) {
      this.options.log(
        `${JSON.stringify(line)} -> ${JSON.stringify(lines)} in ${(performance.now() - started).toFixed(2)} ms`,
      );
    }
  }

  private async dispatch(line: string, answers: string[]): Promise<void> {
    if (this.block) {
      const data = parseBoardLine(line);
      if (data.ok) {
        if (data.kind === "stone") this.addToBlock(this.block, data.at, data.field, answers);
        else if (this.block.overflowed) this.block = undefined;
        else await this.finishBoard(this.block, answers);
        return;
      }
      const parsed = parseCommand(line);
      if (!parsed.ok || parsed.ok === "empty") {
        this.block.problem ??= data.problem;
        return;
      }
      // A command inside BOARD ... DONE: the block was cut short; answer it, then do the command.
      this.block = undefined;
      answers.push(`ERROR BOARD was not ended by DONE before ${parsed.command.kind}`);
      return this.run(parsed.command, answers);
    }
    const parsed = parseCommand(line);
    if (parsed.ok === "empty") return;
    if (!parsed.ok) {
      answers.push(parsed.answer);
      return;
    }
    return this.run(parsed.command, answers);
  }

  private async run(command: Command, answers: string[]): Promise<void> {
    const { engine } = this.options;
    switch (command.kind) {
      case "END":
        return;
      case "ABOUT":
        answers.push(formatAbout(engine.about));
        return;
      case "INFO":
        return this.info(command.key, command.value, answers);
      case "START":
        return this.start(command.size, answers);
      case "RECTSTART":
        answers.push(
          `ERROR rectangular boards (${command.width}x${command.height}) are not supported; use START n for an n x n board`,
        );
        return;
      case "BOARD":
        if (this.size === undefined) answers.push("ERROR no board yet: send START n first");
        else this.block = { lines: [] };
        return;
      default:
        break;
    }
    const board = this.board;
    const size = this.size;
    if (!board || size === undefined) {
      answers.push(`ERROR no board yet: send START n before ${command.kind}`);
      return;
    }
    switch (command.kind) {
      case "RESTART":
        return this.start(size, answers);
      case "BEGIN":
        if (board.stones.length > 0)
          answers.push("ERROR BEGIN needs an empty board (send START or RESTART first)");
        else await this.engineMove(board, answers, () => Promise.resolve());
        return;
      case "TURN":
        return this.turn(board, command.at, answers);
      case "TAKEBACK":
        return this.takeBack(board, command.at, answers);
      case "PLAY":
        return this.play(board, command.at, answers);
    }
  }

  /**
   * Why a game under the INFO rule cannot be played: a rule the protocol cannot judge (only freestyle
   * and standard), or one the engine does not play (on a `size` board, when known).
   */
  private ruleProblem(size: number | undefined): string | undefined {
    const rule = this.rule;
    return (
      ruleRefusal(rule) ??
      (size === undefined ? undefined : this.options.engine.refuse({ size, rule, seed: this.seed }))
    );
  }

  private async start(size: number, answers: string[]): Promise<void> {
    const { engine } = this.options;
    if (size > MAX_BOARD_SIZE) {
      answers.push(`ERROR board size ${size} is too large (at most ${MAX_BOARD_SIZE})`);
      return;
    }
    if (refused(engine.refuse({ size, rule: RULE_FREESTYLE, seed: 0 }) ?? this.ruleProblem(size), answers))
      return;
    this.seed = this.options.nextSeed();
    const settings = { size, rule: this.rule, seed: this.seed };
    if ((await this.attempt("starting a game", () => engine.newGame(settings), answers)) === FAILED) return;
    this.size = size;
    this.board = new BrainBoard(size, this.rule);
    this.block = undefined;
    answers.push("OK");
  }

  /**
   * INFO rule: a rule that cannot be played is refused at once with ERROR (and every START until
   * another rule comes); a game started but without stones yet (START, INFO, BEGIN: Piskvork's order)
   * is started again under the new rule. A game with stones keeps its rule to its end.
   */
  private async setRule(rule: RuleMask, answers: string[]): Promise<void> {
    this.rule = rule;
    if (refused(this.ruleProblem(this.size), answers)) return;
    const board = this.board;
    if (this.size === undefined || !board || board.stones.length > 0 || board.rule === rule) return;
    const restarted: string[] = [];
    await this.start(this.size, restarted);
    answers.push(...restarted.filter((line) => line !== "OK"));
  }

  private async info(key: string, value: string, answers: string[]): Promise<void> {
    const { notes, log } = this.options;
    if (key === "") {
      notes.message("INFO needs a key and a value; ignored");
      return;
    }
    if (INTEGER_INFO.has(key)) {
      if (!/^-?\d{1,12}$/.test(value)) {
        // The manager reads nothing after INFO: the problem waits for the next answer (protocl2en.htm, INFO).
        notes.message(`INFO ${key} needs an integer, not ${JSON.stringify(value.slice(0, 40))}; ignored`);
        return;
      }
      const n = Number(value);
      if (key === "timeout_turn") this.turnMs = Math.max(0, n);
      if (key === "timeout_match") this.matchMs = Math.max(0, n);
      if (key === "time_left") this.timeLeftMs = n;
      if (key === "rule") await this.setRule(n, answers);
      return;
    }
    if (key === "evaluate") {
      const at = parsePoint(value);
      const scores = this.options.engine.scores?.();
      if (at && scores && at.x < scores.size && at.y < scores.size)
        log(`evaluate ${at.x},${at.y}: ${scores.values[at.y * scores.size + at.x]}`);
      return;
    }
    // folder (this brain keeps no files) and keys this protocol version does not define: ignored.
    if (this.options.verbose) log(`INFO ${key} ignored`);
  }

  private async turn(board: BrainBoard, at: Point, answers: string[]): Promise<void> {
    if (refused(board.problemAt(at), answers)) return;
    await this.engineMove(board, answers, async () => {
      await this.options.engine.opponentMove(at);
      board.place(at, false);
    });
  }

  /**
   * `before` (the opponent's stone, a position), then the engine's move, answered as `x,y`. Returns
   * false when `before` failed (the engine did not take the stones).
   */
  private async engineMove(
    board: BrainBoard,
    answers: string[],
    before: () => Promise<void>,
  ): Promise<boolean> {
    if ((await this.attempt("placing the stones", before, answers)) === FAILED) return false;
    if (refused(board.gameOver, answers)) return true;
    const started = performance.now();
    const limits = { turnMs: this.moveBudget(), stop: this.options.stop };
    const move = await this.attempt("choosing a move", () => this.options.engine.ownMove(limits), answers);
    if (move === FAILED) return true;
    if (this.options.stop?.()) {
      this.options.log(`END arrived while ${this.options.engine.about.name} chose its move: not sent`);
      return true;
    }
    if (refused(board.problemAt(move), answers, `the engine chose ${move.x},${move.y}: `)) return true;
    board.place(move, true);
    if (this.options.debugLines) {
      this.options.notes.debug(
        `${this.options.engine.about.name} chose ${move.x},${move.y} in ${(performance.now() - started).toFixed(2)} ms`,
      );
    }
    answers.push(`${move.x},${move.y}`);
    return true;
  }

  /**
   * The time the engine may take for this move: timeout_turn (0: at once), and with a match limit
   * (timeout_match not 0) at most 1/MATCH_MOVES_AHEAD of time_left; 0 (the engine's own default)
   * when the manager sent neither.
   */
  private moveBudget(): number {
    const turn = this.turnMs === undefined ? undefined : Math.max(AT_ONCE_MS, this.turnMs);
    const match =
      this.timeLeftMs === undefined || this.matchMs === 0
        ? undefined
        : Math.max(AT_ONCE_MS, Math.floor(this.timeLeftMs / MATCH_MOVES_AHEAD));
    if (turn === undefined) return match ?? 0;
    return match === undefined ? turn : Math.min(turn, match);
  }

  /**
   * A stone line of BOARD: kept up to as many as the board has cells; the next one is answered with
   * ERROR at once (a BOARD never ended by DONE holds no more, and the manager hears of it), and the
   * lines after it are skipped up to DONE, which then gets no answer of its own.
   */
  private addToBlock(block: BoardBlock, at: Point, field: number, answers: string[]): void {
    if (block.overflowed) return;
    const cells = (this.size ?? 0) ** 2;
    if (block.lines.length < cells) {
      block.lines.push({ at, field });
      return;
    }
    block.overflowed = true;
    block.lines.length = 0;
    answers.push(
      `ERROR BOARD holds more stones than the board has cells (${cells}); the position is unchanged and the lines up to DONE are skipped`,
    );
  }

  private async finishBoard(block: BoardBlock, answers: string[]): Promise<void> {
    this.block = undefined;
    const size = this.size;
    if (size === undefined) return;
    const result = block.problem ?? boardFromLines(size, this.board?.rule ?? this.rule, block.lines);
    if (typeof result === "string") {
      answers.push(`ERROR ${result}; the position is unchanged`);
      return;
    }
    const previous = this.board;
    this.board = result;
    const taken = await this.engineMove(result, answers, () =>
      this.options.engine.setPosition(result.stones),
    );
    // The engine could not take the position: the protocol keeps the one it had.
    if (!taken) this.board = previous;
  }

  private async takeBack(board: BrainBoard, at: Point, answers: string[]): Promise<void> {
    if (refused(board.takeBackProblem(at), answers, `cannot take back ${at.x},${at.y}: `)) return;
    if (
      (await this.attempt("taking back a stone", () => this.options.engine.takeBack(at), answers)) === FAILED
    )
      return;
    board.removeLast();
    answers.push("OK");
  }

  private async play(board: BrainBoard, at: Point, answers: string[]): Promise<void> {
    const { engine } = this.options;
    if (refused(board.problemAt(at), answers)) return;
    const forced = engine.forcedMove?.bind(engine);
    if (!forced) {
      answers.push(`ERROR ${engine.about.name} cannot be told its move (PLAY)`);
      return;
    }
    if ((await this.attempt("playing the given move", () => forced(at), answers)) === FAILED) return;
    board.place(at, true);
    answers.push(`${at.x},${at.y}`);
  }

  /**
   * The engine's `work` done; its failure is answered with ERROR (FAILED returned), and anything but
   * an EngineError is logged with its stack.
   */
  private async attempt<T>(
    what: string,
    work: () => Promise<T>,
    answers: string[],
  ): Promise<T | typeof FAILED> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof EngineError))
        this.options.log(
          `error while ${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      answers.push(`ERROR ${what}: ${messageOf(error)}`);
      return FAILED;
    }
  }
}
