/**
 * Drives v86's run loop from the host while something waits for the guest. v86 on its own runs one
 * slice (about 1 ms of guest time, or less when the guest halts) per turn of the event loop, so every
 * answer the harness waits for costs at least one trip through the event loop. The stepper takes over
 * `do_tick`: while a waiter is pending it runs slices back to back in the same turn until the waiters
 * are satisfied, the guest halts (then v86's timer scheduling takes over again, exactly as before),
 * or BURST_MS have passed. A new waiter starts a burst at once (input reaches the guest in the same
 * task: a mouse packet or a key is taken without waiting for v86's next scheduled slice, which for a
 * halted guest is a worker round trip or the PIT's next tick), unless the bursts of the current task
 * have already run TASK_BUDGET_MS: then it waits for v86's next scheduled slice like before, so timers,
 * I/O and worker messages are never starved. The budget starts again in the next task.
 * The guest sees the same slices either way: only when the host runs them changes.
 */
import type { V86MainLoop } from "./v86-internals.js";
import type { WasmViews } from "./wasm-views.js";

/** Longest run of back-to-back slices before the event loop gets a turn. */
const BURST_MS = 4;
/** Host time the bursts started by new waiters may take within one task of the event loop. */
const TASK_BUDGET_MS = 8;
/**
 * Added to the wait after a slice that ended with the guest halted. v86 asks to be woken exactly at
 * its next device timer (the PIT's 18.2 Hz tick while the game waits for a click), but the browser's
 * timers (the page's or v86's worker's setTimeout, emu/page-wake-timer.ts; whole milliseconds) fire
 * up to 1 ms early: the slice then finds nothing due, returns the remaining fraction of a
 * millisecond, and v86 schedules a second, immediate wake-up for the same tick. Measured on the
 * idle page: 17-90 extra wake-ups per 5 s beside 91 timer ticks. Waking 1 ms late instead delivers
 * the tick in one wake-up. Input does not wait for it: v86 wakes an idle loop with next_tick(0)
 * when a device raises an interrupt.
 */
const HALTED_WAKE_SLACK_MS = 1;

export interface StepperClient {
  /** After every slice: sample counters, run the debug listeners and the pending probes. */
  afterSlice(): void;
  /** Whether anything still waits for the guest. */
  hasWaiters(): boolean;
  /** The delay before the next slice, given the one v86 asks for (a speed limit stretches it). */
  delay(delayMs: number): number;
  /** Whether a speed limit is set: then slices are never run back to back. */
  throttled(): boolean;
}

/** Host time and work of the run loop so far. */
export interface RunLoopTotals {
  /** Host milliseconds inside v86's main_loop. */
  ms: number;
  slices: number;
}

export class HostStepper {
  private inBurst = false;
  /** ms of waiter-started bursts in the current task; reset by a timer, i.e. in the next task. */
  private taskSpent = 0;
  private budgetTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly totals: RunLoopTotals = { ms: 0, slices: 0 };
  private readonly scheduleNext: (delayMs: number) => void;

  constructor(
    private readonly loop: V86MainLoop,
    private readonly views: WasmViews,
    private readonly client: StepperClient,
  ) {
    this.scheduleNext = loop.next_tick.bind(loop);
    const stopTick = loop.do_tick.bind(loop);
    loop.do_tick = () => {
      // v86's own do_tick handles a stopping loop (it announces emulator-stopped).
      if (loop.stopping || !loop.running) stopTick();
      else this.burst();
    };
  }

  runLoopTotals(): RunLoopTotals {
    return { ...this.totals };
  }

  /** A waiter was added: run slices now, unless this task's bursts have used their budget. */
  kick(): void {
    const loop = this.loop;
    if (
      this.inBurst ||
      loop.stopping ||
      !loop.running ||
      this.client.throttled() ||
      this.taskSpent >= TASK_BUDGET_MS
    )
      return;
    const started = performance.now();
    this.burst();
    this.taskSpent += performance.now() - started;
    this.budgetTimer ??= setTimeout(() => {
      this.budgetTimer = undefined;
      this.taskSpent = 0;
    }, 0);
  }

  private burst(): void {
    const { loop, totals } = this;
    this.inBurst = true;
    try {
      const started = performance.now();
      for (;;) {
        loop.idle = false;
        const sliceStart = performance.now();
        const delayMs = loop.cpu.main_loop();
        const sliceEnd = performance.now();
        totals.ms += sliceEnd - sliceStart;
        totals.slices++;
        const haltedInSlice = this.views.halted();
        this.client.afterSlice();
        const halted = this.views.halted();
        // A debug listener took the CPU out of a halt (a coverage trap): its next slice is due now.
        const due = haltedInSlice && !halted ? 0 : delayMs;
        if (
          halted ||
          !this.client.hasWaiters() ||
          sliceEnd - started >= BURST_MS ||
          this.client.throttled()
        ) {
          this.scheduleNext(this.client.delay(halted ? delayMs + HALTED_WAKE_SLACK_MS : due));
          return;
        }
      }
    } finally {
      this.inBurst = false;
    }
  }
}
