/**
 * Messages handled one per turn of the event loop. Worker threads can post results faster than the
 * main thread handles them (a report written and flushed per game): handled straight from the port,
 * they keep the loop busy for ever and a signal's handler never runs. Queued here, each message waits
 * for a setImmediate, so signals, timers and I/O run between any two of them.
 */
export class YieldingQueue<T> {
  private readonly items: T[] = [];
  private scheduled = false;
  private stopped = false;

  constructor(private readonly handle: (item: T) => void) {}

  push(item: T): void {
    if (this.stopped) return;
    this.items.push(item);
    this.schedule();
  }

  /** Drops what is queued and ignores what comes later. */
  stop(): void {
    this.stopped = true;
    this.items.length = 0;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const item = this.items.shift();
      if (item === undefined || this.stopped) return;
      if (this.items.length > 0) this.schedule();
      this.handle(item);
    });
  }
}
