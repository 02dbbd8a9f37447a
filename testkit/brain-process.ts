/**
 * A tiny manager for the brain tests: runs `piskasm brain` as a child process over pipes (as Piskvork
 * and c-gomoku-cli do), sends lines, reads answer lines with a timeout, and keeps the whole exchange so
 * a failing test can print it.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

export const ROOT = join(import.meta.dirname, "..");
export const LAUNCHER = join(ROOT, "bin", "pbrain-piskasm");

/** The bundled CLI must exist (`make`); the tests run the real command. */
export function assertBuilt(): void {
  if (!existsSync(join(ROOT, "build", "cli.mjs")))
    throw new Error("build/cli.mjs is missing: run `make` first");
}

/** Lines a brain may write on standard output (protocl2en.htm): answers, moves, ABOUT's pairs. */
export const PROTOCOL_LINE =
  /^(OK|ERROR .+|UNKNOWN .+|MESSAGE .*|DEBUG .*|SUGGEST \d+,\d+|\d+,\d+|name=".*)$/;

export class BrainProcess {
  readonly transcript: string[] = [];
  readonly stderr: string[] = [];
  private readonly waiting: string[] = [];
  private wake: (() => void) | undefined;
  readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
      this.transcript.push(`< ${line}`);
      this.waiting.push(line);
      this.wake?.();
    });
    createInterface({ input: child.stderr, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) =>
      this.stderr.push(line),
    );
    this.exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
    // Writing to a brain that has exited (a test that killed it mid-flood): part of the exchange.
    child.stdin.on("error", (error) => this.transcript.push(`> (write failed: ${error.message})`));
  }

  /** Starts `bin/pbrain-piskasm ARGS` (or another launcher, e.g. an installed package's, in `cwd`). */
  static start(
    args: readonly string[],
    launcher: { path: string; cwd: string } = { path: LAUNCHER, cwd: ROOT },
  ): BrainProcess {
    if (launcher.path === LAUNCHER) assertBuilt();
    return new BrainProcess(
      spawn(process.execPath, [launcher.path, ...args], {
        cwd: launcher.cwd,
        stdio: ["pipe", "pipe", "pipe"],
      }),
    );
  }

  /** Sends lines, each ended by `eol` (Piskvork: CR LF; c-gomoku-cli: LF). */
  send(lines: string | readonly string[], eol = "\n"): void {
    for (const line of typeof lines === "string" ? [lines] : lines) {
      this.transcript.push(`> ${line}`);
      this.child.stdin.write(line + eol);
    }
  }

  /** The next line on standard output; fails after `timeoutMs` with the exchange so far. */
  async next(timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (this.waiting.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${timeoutMs} ms\n${this.exchange()}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    return this.waiting.shift() as string;
  }

  /** The next line that is not MESSAGE or DEBUG (as Piskvork reads answers); the skipped ones in `skipped`. */
  async answer(skipped: string[] = [], timeoutMs = 20_000): Promise<string> {
    for (;;) {
      const line = await this.next(timeoutMs);
      if (!line.startsWith("MESSAGE ") && !line.startsWith("DEBUG ")) return line;
      skipped.push(line);
    }
  }

  /** Sends one command and returns its answer (MESSAGE and DEBUG lines skipped). */
  async ask(line: string, eol = "\n"): Promise<string> {
    this.send(line, eol);
    return this.answer();
  }

  /** Lines already written but not read yet. */
  unread(): readonly string[] {
    return this.waiting;
  }

  /** The brain's standard input, for tests that write more than lines (floods). */
  get input(): NodeJS.WritableStream & { writableLength: number } {
    return this.child.stdin;
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error("the brain process did not start");
    return this.child.pid;
  }

  /** Stops reading the brain's standard output (a manager that does not read its answers). */
  pauseOutput(): void {
    this.child.stdout.pause();
  }

  closeInput(): void {
    this.transcript.push("> (end of input)");
    this.child.stdin.end();
  }

  kill(): void {
    this.child.kill("SIGKILL");
  }

  signal(name: NodeJS.Signals): void {
    this.child.kill(name);
  }

  /** The exchanged lines and standard error, for failure messages. */
  exchange(): string {
    return [
      "exchanged lines (> to the brain, < from it):",
      ...this.transcript.map((l) => `  ${l}`),
      "standard error:",
      ...this.stderr.map((l) => `  ${l}`),
    ].join("\n");
  }
}

/** `x,y` -> point; throws with the text when it is not a move. */
export function parseMove(line: string): { x: number; y: number } {
  const m = /^(\d+),(\d+)$/.exec(line);
  if (!m) throw new Error(`expected a move x,y, got ${JSON.stringify(line)}`);
  return { x: Number(m[1]), y: Number(m[2]) };
}

/**
 * Runs `body` against a fresh brain process; on failure the error message gets the exchanged lines.
 * The process is killed afterwards.
 */
export async function withBrain<T>(
  args: readonly string[],
  body: (brain: BrainProcess) => Promise<T>,
): Promise<T> {
  const brain = BrainProcess.start(args);
  try {
    return await body(brain);
  } catch (error) {
    if (error instanceof Error) error.message += `\n${brain.exchange()}`;
    throw error;
  } finally {
    brain.kill();
  }
}

/** A middle game where pela's searches have work to do (stones as BOARD lines, pela to move). */
export const MIDDLE_GAME = [
  "7,7,2",
  "8,8,1",
  "8,7,2",
  "6,7,1",
  "9,6,2",
  "7,9,1",
  "9,8,2",
  "10,5,1",
  "6,9,2",
  "8,6,1",
  "7,8,2",
  "10,7,1",
];
