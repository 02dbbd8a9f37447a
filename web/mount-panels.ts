/**
 * The page's timeline (GameHistory: timeline, share links, records) and debugger panel, built and
 * mounted together because the debugger's "last move" comes from the timeline. They reach the app
 * only through PanelsHost.
 */
import type { Machine } from "../emu/types.js";
import { DebuggerPanel, type DebuggerHold } from "./debugger/debugger-panel.js";
import { byId } from "./dom.js";
import type { ErrorBox } from "./error-box.js";
import type { MoveRecord } from "./follower.js";
import type { StatusLine } from "./status.js";
import { GameHistory } from "./timeline/features.js";

/** What the two panels need from the app. */
export interface PanelsHost {
  status: StatusLine;
  errors: ErrorBox;
  /** The machine running now. */
  machine: () => Machine | undefined;
  /** Runs `task` after every input step queued before it. */
  queued: <T>(task: () => Promise<T>) => Promise<T>;
  /** Runs `task` in a task after the page has painted. */
  later: (task: () => void) => void;
  /** A timeline restore replaced the machine's state; `known` are the moves that led to it. */
  restored: (machine: Machine, known: readonly MoveRecord[]) => void;
  /** What the debugger now does to the program. */
  held: (hold: DebuggerHold) => void;
}

export interface Panels {
  history: GameHistory;
  debuggerPanel: DebuggerPanel;
}

/** Builds the timeline and the debugger panel into #timeline-mount and #debugger-mount. */
export function mountPanels(host: PanelsHost): Panels {
  const { status, errors, machine } = host;
  const history = new GameHistory(
    {
      // The machine running when the step's turn comes, not when it was queued.
      run: (step) =>
        host.queued(async () => {
          const running = machine();
          if (!running) throw new Error("the emulator is not running");
          return step(running);
        }),
      machine,
      later: (task) => host.later(task),
      restored: (restored) => host.restored(restored, history.knownMoves()),
      busy: (text) => status.busy(text),
      ready: (text) => status.ready(text),
      error: (title, detail, hint) => errors.show(title, detail, hint),
    },
    byId("timeline-mount", HTMLElement),
  );
  const debuggerPanel = new DebuggerPanel({
    machine,
    error: (title, detail) => errors.show(title, detail),
    lastMove: () => history.lastMove(),
    held: (hold) => host.held(hold),
  });
  byId("debugger-mount", HTMLElement).append(debuggerPanel.root);
  return { history, debuggerPanel };
}
