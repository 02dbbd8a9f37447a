/**
 * Timing of the last move played from the page, stage by stage (page-probe MoveTiming): from the
 * input to the driver, the PS/2 packets, the stone and the answer in the game's memory, the next
 * screen frame and the panel. For the latency figures of `make bench`; it only reads the clock.
 * Each move gets its own stages: a late report of an earlier move never lands in a later one.
 */
import type { MoveStages } from "./game-driver.js";
import type { MoveTiming } from "./page-probe.js";
import { messageOf } from "../util/error-message.js";

export class MoveClock {
  private cell: number | undefined;
  private inputAt = 0;
  private timing: MoveTiming | undefined;

  /** The page took a move on `cell` (a click, a tap or a typed name): its stages from now. */
  input(cell: number): MoveStages {
    const inputAt = performance.now();
    const timing: MoveTiming = {
      started: NaN,
      packets: 0,
      placed: undefined,
      answered: undefined,
      drawn: undefined,
      shown: undefined,
    };
    this.cell = cell;
    this.inputAt = inputAt;
    this.timing = timing;
    const since = (): number => performance.now() - inputAt;
    return {
      started: () => (timing.started = since()),
      placed: (packets) => {
        timing.packets = packets;
        timing.placed = since();
      },
      answered: () => (timing.answered ??= since()),
      unanswered: (reason) => (timing.unanswered = messageOf(reason).split("\n", 1)[0]),
    };
  }

  /** A screen frame was drawn: the first one after the answer counts. */
  frame(): void {
    if (this.timing?.answered !== undefined) this.timing.drawn ??= performance.now() - this.inputAt;
  }

  /** The panel shows the answer to the human's stone on `cell`. */
  shown(cell: number): void {
    if (this.timing?.answered !== undefined && cell === this.cell)
      this.timing.shown ??= performance.now() - this.inputAt;
  }

  last(): MoveTiming | undefined {
    return this.timing && { ...this.timing };
  }
}
