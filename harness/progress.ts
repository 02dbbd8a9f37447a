/**
 * Progress of a differential run on a stream (stderr): a redrawn bar on a terminal, a plain line every
 * few seconds otherwise (CI logs). Redraws are driven by the run's own events, never by timers.
 */
import type { GameOutcome } from "./model.js";

export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

const TTY_REDRAW_MS = 100;
const PLAIN_LINE_MS = 5000;
const BAR_WIDTH = 24;

export class Progress {
  private games = 0;
  private moves = 0;
  private mismatches = 0;
  private readonly started = performance.now();
  /** A terminal shows the bar at once; a log gets its first line after PLAIN_LINE_MS. */
  private lastDraw: number;

  constructor(
    private readonly stream: ProgressStream,
    private readonly totalGames: number,
  ) {
    this.lastDraw = stream.isTTY ? -Infinity : this.started;
  }

  move(): void {
    this.moves++;
    this.maybeDraw();
  }

  game(outcome: GameOutcome): void {
    this.games++;
    if (outcome.mismatch) this.mismatches++;
    this.maybeDraw();
  }

  /** Prints text (a mismatch summary) without garbling the bar. */
  note(text: string): void {
    if (this.stream.isTTY) this.stream.write("\r\x1b[K");
    this.stream.write(text.endsWith("\n") ? text : `${text}\n`);
    if (this.stream.isTTY) this.draw(false);
  }

  finish(): void {
    this.draw(true);
    if (this.stream.isTTY) this.stream.write("\n");
  }

  private maybeDraw(): void {
    const now = performance.now();
    if (now - this.lastDraw >= (this.stream.isTTY ? TTY_REDRAW_MS : PLAIN_LINE_MS)) this.draw(false);
  }

  private draw(final: boolean): void {
    this.lastDraw = performance.now();
    const seconds = (this.lastDraw - this.started) / 1000;
    const rate = seconds > 0 ? Math.round(this.moves / seconds) : 0;
    const figures =
      `${this.games}/${this.totalGames} games, ${this.moves} moves checked, ` +
      `${this.mismatches} mismatch${this.mismatches === 1 ? "" : "es"}, ${rate} moves/s`;
    if (this.stream.isTTY) {
      const filled = this.totalGames > 0 ? Math.round((BAR_WIDTH * this.games) / this.totalGames) : BAR_WIDTH;
      this.stream.write(`\r\x1b[K[${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}] ${figures}`);
    } else {
      this.stream.write(`diff: ${figures}${final ? "" : " ..."}\n`);
    }
  }
}
