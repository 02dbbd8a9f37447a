/**
 * Timing of the last move played from the page, stage by stage (page-probe MoveTiming): from the
 * input to the driver, the PS/2 packets, the stone and the answer in the game's memory, the next
 * screen frame and the panel. For the latency figures of `make bench`; it only reads the clock.
 */
import type { MoveStages } from "./game-driver.js";
import type { MoveTiming } from "./page-probe.js";

export class MoveClock implements MoveStages {
  private inputAt = 0;
  private cell: number | undefined;
  private timing: MoveTiming | undefined;

  /** The page took a move on `cell` (a click, a tap or a typed name). */
  input(cell: number): void {
    this.inputAt = performance.now();
    this.cell = cell;
    this.timing = undefined;
  }

  started(): void {
    this.timing = { started: this.since(), packets: 0, placed: undefined, answered: undefined, drawn: undefined, shown: undefined };
  }

  placed(packets: number): void {
    if (!this.timing) return;
    this.timing.packets = packets;
    this.timing.placed = this.since();
  }

  answered(): void {
    if (this.timing) this.timing.answered ??= this.since();
  }

  /** The answer was not seen: its stages stay undefined, and the reason is kept. */
  unanswered(reason: unknown): void {
    if (this.timing) this.timing.unanswered = reason instanceof Error ? reason.message.split("\n", 1)[0] : String(reason);
  }

  /** A screen frame was drawn: the first one after the answer counts. */
  frame(): void {
    if (this.timing?.answered !== undefined) this.timing.drawn ??= this.since();
  }

  /** The panel shows the answer to the human's stone on `cell`. */
  shown(cell: number): void {
    if (this.timing && cell === this.cell) this.timing.shown ??= this.since();
  }

  last(): MoveTiming | undefined {
    return this.timing && { ...this.timing };
  }

  private since(): number {
    return performance.now() - this.inputAt;
  }
}
