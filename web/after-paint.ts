/**
 * Runs work in a task of its own, after the browser has had the chance to paint: a MessageChannel
 * message (no timer clamp, no 1 ms minimum). Posted from a requestAnimationFrame callback, the
 * message runs after that frame's rendering, so a redraw of the emulated screen reaches the display
 * before the page's heavier work on it (the panel, the timeline's snapshot).
 */
export class AfterPaint {
  private readonly channel = new MessageChannel();
  private readonly queued: (() => void)[] = [];

  constructor() {
    this.channel.port1.onmessage = () => {
      const task = this.queued.shift();
      task?.();
    };
  }

  run(task: () => void): void {
    this.queued.push(task);
    this.channel.port2.postMessage(null);
  }
}
