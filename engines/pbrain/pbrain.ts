/**
 * An external Gomocup brain (any `pbrain-*` command line) as an Engine: started as a child process,
 * spoken to over its standard input and output with the protocol's commands (INFO, START, BEGIN, TURN,
 * BOARD, TAKEBACK, END, as Piskvork's protocl2en.htm defines them). Every answer has a deadline: a move
 * must come within the turn time plus a tolerance, other answers within START_TIMEOUT_MS; a brain that
 * misses it is killed, and a brain that exits, answers ERROR/UNKNOWN or writes something that is not a
 * move makes the call fail with an EngineError that says why and quotes the end of its standard error.
 *
 * Stale lines: the protocol numbers nothing, so a line the brain writes unasked (a move printed twice)
 * would pass for the answer to the next command whenever it arrives after that command was sent, and
 * results would depend on timing. So every request (START, BEGIN, TURN, BOARD, TAKEBACK) is preceded
 * by ABOUT, and every line before ABOUT's answer (the one the brain gave at its start) is discarded:
 * the answer to the request is the first line the brain wrote after it had read the request.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { killGroup, trackGroup, untrackGroup } from "../../util/child-groups.js";
import { readLines } from "../../util/lines.js";
import {
  ABOUT_KEYS,
  DEFAULT_TOLERANCE_MS,
  EngineError,
  type Engine,
  type EngineAbout,
  type GameSettings,
  type MoveLimits,
  type Point,
  type PositionStone,
} from "../engine.js";

/** Time for START, TAKEBACK, ABOUT (and the process start behind them). */
export const START_TIMEOUT_MS = 10_000;
/** What turnMs 0 ("answer at once") still allows an external program. */
const UNLIMITED_TURN_MS = 30_000;
const STDERR_TAIL = 600;
const END_GRACE_MS = 1000;
/** The longest line read from a brain: answers and MESSAGE lines are short; an endless line is a fault. */
export const MAX_BRAIN_LINE_CHARS = 64 * 1024;
/** setTimeout's largest delay (a longer one fires at once): a longer deadline waits this long. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const MOVE = /^\s*(\d+)\s*,\s*(\d+)\s*$/;
const CHATTER = /^(MESSAGE|DEBUG|SUGGEST)( |$)/;

export interface PbrainOptions {
  /** The command line, run by the shell (so it may carry arguments). */
  readonly command: string;
  readonly toleranceMs?: number;
}

type Waiter = {
  /** The line this waiter wants; other lines (stale ones) are discarded. */
  readonly accepts: (line: string) => boolean;
  readonly resolve: (line: string) => void;
  readonly reject: (error: EngineError) => void;
};

export class PbrainEngine implements Engine {
  private child: ChildProcess | undefined;
  private waiter: Waiter | undefined;
  private stderr = "";
  private exited: string | undefined;
  about: EngineAbout;
  /** The brain's answer to the first ABOUT: the line that ends each fence (ask()). */
  private aboutLine: string | undefined;
  /** What the next ownMove must send before asking: a position (BOARD) or the opponent's move (TURN). */
  private pending:
    { kind: "begin" } | { kind: "turn"; at: Point } | { kind: "board"; stones: readonly PositionStone[] } = {
    kind: "begin",
  };
  private turnMs = -1;

  constructor(private readonly options: PbrainOptions) {
    this.about = {
      name: options.command.trim().split(/\s+/)[0] ?? "pbrain",
      version: "?",
      author: "?",
      country: "?",
    };
  }

  refuse(settings: GameSettings): string | undefined {
    return settings.size < 5 ? `board size ${settings.size} is too small for gomoku` : undefined;
  }

  async newGame(settings: GameSettings): Promise<void> {
    if (!this.child || this.exited !== undefined) await this.start();
    await this.send(`INFO rule ${settings.rule}`);
    const answer = await this.ask(`START ${settings.size}`, START_TIMEOUT_MS);
    if (answer.trim() !== "OK")
      throw this.failure(`answered START ${settings.size} with ${JSON.stringify(answer)}`);
    this.pending = { kind: "begin" };
    this.turnMs = -1;
  }

  async opponentMove(at: Point): Promise<void> {
    if (this.pending.kind === "board") {
      this.pending = { kind: "board", stones: [...this.pending.stones, { at, own: false }] };
    } else {
      this.pending = { kind: "turn", at };
    }
  }

  async setPosition(stones: readonly PositionStone[]): Promise<void> {
    this.pending = { kind: "board", stones };
  }

  async ownMove(limits: MoveLimits): Promise<Point> {
    if (limits.turnMs !== this.turnMs) {
      await this.send(`INFO timeout_turn ${limits.turnMs}`);
      this.turnMs = limits.turnMs;
    }
    const deadline = Math.min(
      MAX_TIMER_MS,
      (limits.turnMs > 0 ? limits.turnMs : UNLIMITED_TURN_MS) +
        (this.options.toleranceMs ?? DEFAULT_TOLERANCE_MS),
    );
    const pending = this.pending;
    let command: string;
    if (pending.kind === "begin") command = "BEGIN";
    else if (pending.kind === "turn") command = `TURN ${pending.at.x},${pending.at.y}`;
    else
      command = ["BOARD", ...pending.stones.map((s) => `${s.at.x},${s.at.y},${s.own ? 1 : 2}`), "DONE"].join(
        "\n",
      );
    this.pending = { kind: "turn", at: { x: -1, y: -1 } };
    const answer = await this.ask(command, deadline);
    const m = MOVE.exec(answer);
    if (!m)
      throw this.failure(
        `answered ${command.split("\n")[0]} with ${JSON.stringify(answer.slice(0, 80))}, not a move`,
      );
    return { x: Number(m[1]), y: Number(m[2]) };
  }

  async takeBack(at: Point): Promise<void> {
    const answer = await this.ask(`TAKEBACK ${at.x},${at.y}`, START_TIMEOUT_MS);
    if (answer.trim() !== "OK") throw this.failure(`answered TAKEBACK with ${JSON.stringify(answer)}`);
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.exited !== undefined) return;
    const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.stdin?.end("END\n");
    const timer = setTimeout(() => this.kill(), END_GRACE_MS);
    await gone;
    clearTimeout(timer);
  }

  private async start(): Promise<void> {
    this.stderr = "";
    this.exited = undefined;
    const child = spawn(this.options.command, { shell: true, detached: true });
    this.child = child;
    const pid = child.pid;
    if (pid !== undefined) trackGroup(pid);
    child.stdin?.on("error", () => {
      // EPIPE after the brain died: reported through its exit below.
    });
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL);
    });
    readLines(child.stdout, {
      maxLineChars: MAX_BRAIN_LINE_CHARS,
      onLine: (line) => this.received(line),
      onTooLong: (chars) => {
        this.died(
          `wrote a line of more than ${MAX_BRAIN_LINE_CHARS} characters (${chars} so far) and was killed`,
        );
        this.kill();
      },
    });
    child.on("error", (error) => this.died(`could not be started: ${error.message}`));
    child.on("exit", (code, signal) => {
      // The shell is gone; a program it started may still hold the group: end it too.
      if (pid !== undefined) {
        killGroup(pid);
        untrackGroup(pid);
      }
      this.died(signal ? `was killed by ${signal}` : `exited with code ${code}`);
    });
    this.aboutLine = undefined;
    const about = this.checked(await this.request("ABOUT", START_TIMEOUT_MS, () => true));
    this.aboutLine = about;
    this.about = { ...this.about, ...parseAbout(about) };
  }

  /**
   * A line from the brain answers the command waiting for one, if it is the line that command wants;
   * any other line (unasked, or before the fence's ABOUT answer) is dropped.
   */
  private received(line: string): void {
    if (CHATTER.test(line)) return;
    const w = this.waiter;
    if (!w?.accepts(line)) return;
    this.waiter = undefined;
    w.resolve(line);
  }

  private died(why: string): void {
    if (this.exited !== undefined) return;
    this.exited = why;
    const w = this.waiter;
    this.waiter = undefined;
    w?.reject(this.failure(why));
  }

  private kill(): void {
    const pid = this.child?.pid;
    if (pid === undefined || this.child?.exitCode !== null || this.child.signalCode !== null) return;
    killGroup(pid);
  }

  private failure(why: string): EngineError {
    const tail = this.stderr.trim();
    return new EngineError(
      `${this.options.command}: ${why}${tail ? `; its stderr ends: ${JSON.stringify(tail.slice(-200))}` : ""}`,
    );
  }

  private async send(text: string): Promise<void> {
    if (this.exited !== undefined) throw this.failure(this.exited);
    this.child?.stdin?.write(`${text}\n`);
  }

  /**
   * Sends `text` behind a fence (ABOUT, every line up to its answer discarded) and returns the next
   * line that is not MESSAGE/DEBUG/SUGGEST, killing the brain after `timeoutMs`.
   */
  private async ask(text: string, timeoutMs: number): Promise<string> {
    const about = this.aboutLine;
    if (about !== undefined) await this.request("ABOUT", START_TIMEOUT_MS, (line) => line === about);
    return this.checked(await this.request(text, timeoutMs, () => true));
  }

  /** Sends `text` and waits for the first line `accepts` takes, killing the brain after `timeoutMs`. */
  private async request(
    text: string,
    timeoutMs: number,
    accepts: (line: string) => boolean,
  ): Promise<string> {
    await this.send(text);
    let timer: NodeJS.Timeout | undefined;
    const answer = new Promise<string>((resolve, reject) => {
      timer = setTimeout(() => {
        this.waiter = undefined;
        reject(
          this.failure(`gave no answer to ${text.split("\n")[0]} within ${timeoutMs} ms and was killed`),
        );
        this.kill();
      }, timeoutMs);
      this.waiter = { accepts, resolve, reject };
    });
    try {
      return await answer;
    } finally {
      clearTimeout(timer);
    }
  }

  private checked(line: string): string {
    if (/^(ERROR|UNKNOWN)\b/.test(line)) throw this.failure(`answered ${JSON.stringify(line.slice(0, 120))}`);
    return line;
  }
}

/** The fields of an ABOUT line: name="...", version="...", ... */
export function parseAbout(line: string): Partial<EngineAbout> {
  const fields = [...line.matchAll(/(\w+)\s*=\s*"([^"]*)"/g)].map((m) => [m[1], m[2]] as const);
  return Object.fromEntries(fields.filter(([key]) => (ABOUT_KEYS as readonly string[]).includes(key)));
}
