/**
 * Pointer lock: the real mouse's movement (screen pixels) becomes PS/2 deltas in MOUSE.COM's units.
 * Movement piles up while earlier packets are still on their way and goes out as one packet (at most
 * +-127 a packet), so a fast mouse never queues hundreds of steps.
 */
import type { Mouse } from "../emu/types.js";
import type { InputQueue } from "./input-queue.js";

const MAX_DELTA = 127;
/** MOUSE.COM's default: 1 unit per virtual pixel across, 2 down; 640x200 virtual pixels in text mode. */
const UNITS_ACROSS = 640;
const UNITS_DOWN = 400;

export class PointerRelay {
  private dx = 0;
  private dy = 0;
  private queued = false;

  constructor(
    private readonly queue: InputQueue,
    private readonly mouse: () => Mouse | undefined,
    /** Size of the drawn text screen in CSS pixels. */
    private readonly screenSize: () => { width: number; height: number },
  ) {}

  move(screenDx: number, screenDy: number): void {
    const { width, height } = this.screenSize();
    if (width === 0 || height === 0) return;
    this.dx += (screenDx * UNITS_ACROSS) / width;
    this.dy += (screenDy * UNITS_DOWN) / height;
    if (!this.queued) {
      this.queued = true;
      this.queue.submit(() => this.flush());
    }
  }

  button(down: boolean): void {
    this.queue.submit(async () => {
      const mouse = this.mouse();
      if (!mouse) return;
      await (down ? mouse.press("left") : mouse.release("left"));
    });
  }

  private async flush(): Promise<void> {
    this.queued = false;
    const mouse = this.mouse();
    for (;;) {
      const dx = clamp(Math.trunc(this.dx));
      const dy = clamp(Math.trunc(this.dy));
      if (!mouse || (dx === 0 && dy === 0)) return;
      this.dx -= dx;
      this.dy -= dy;
      await mouse.sendDelta(dx, dy);
    }
  }
}

function clamp(v: number): number {
  return Math.max(-MAX_DELTA, Math.min(MAX_DELTA, v));
}
