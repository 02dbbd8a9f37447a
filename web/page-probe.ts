/**
 * What the page exposes to its tests and benchmark as `window.piskasm`: read-only views of the
 * observed game, the screen and the machine's counters. Nothing here writes guest memory or sends
 * input. A public contract: add members, never rename them.
 */
import type { Machine, TextScreen } from "../emu/types.js";
import type { GameState, ScreenPosition } from "../guest/game-view.js";
import type { TimelineProbe } from "./timeline/features.js";
import type { DebuggerProbe } from "./debugger/debugger-panel.js";
import type { ResumeProbe } from "./resume/autosave.js";
import type { CheckProbe } from "./check/page-check.js";

/** The game state with plain arrays, so it crosses into the test's process as JSON. */
export type ProbeState = Omit<GameState, "plocha" | "info"> & { plocha: number[]; info: number[] };

export interface PageProbe {
  /** ms after navigation start when the game's menu was first seen in guest memory, on a look after a redraw of the screen (undefined before). */
  menuVisibleMs(): number | undefined;
  /** The last stable state the panel shows. */
  state(): ProbeState | undefined;
  /** The emulated text screen now. */
  screen(): TextScreen | undefined;
  /** Where a board cell is drawn on the text screen. */
  boardCellToText(cell: number): ScreenPosition | undefined;
  /** Input steps queued or running (keys, mouse). */
  pendingInput(): number;
  /** The timeline, share links and records (web/timeline/features.ts). */
  timeline?: TimelineProbe;
  /** The debugger tab (web/debugger/debugger-panel.ts). */
  debugger?: DebuggerProbe;
  /** The running game kept across a reload (web/resume/autosave.ts). */
  resume?: ResumeProbe;
  /** The machine's instruction counter (undefined without a machine). */
  instructionCount(): number | undefined;
  /** Whether the machine is paused (undefined without a machine). */
  isPaused(): boolean | undefined;
  /** The speed limit in MIPS, undefined at full speed or without a machine. */
  speedLimit(): number | undefined;
  /**
   * The one checker's state (web/check/page-check.ts): agree, differ or off, the inputs checked, and
   * the last mismatch found on this page as data.
   */
  check?(): CheckProbe;
  /** The stages of the last move played from the page (a click, a tap or a typed cell). */
  moveTiming?(): MoveTiming | undefined;
}

/** Where the time of one move goes: ms after the page took the input, for each stage reached. */
export interface MoveTiming {
  /** The input queue reached the move: the driver starts sending PS/2 packets. */
  started: number;
  /** PS/2 packets the guest had taken for the click (pointer moves, press, release) when its stone was seen. */
  packets: number;
  /** The human's stone is in the game's memory (seen at the end of a slice, so never after `answered`). */
  placed: number | undefined;
  /** The computer's answer (or the end of the game) is in memory. */
  answered: number | undefined;
  /** The first screen frame drawn after the answer. */
  drawn: number | undefined;
  /** The panel shows the answer. */
  shown: number | undefined;
  /** Why the answer was not seen, when it was not. */
  unanswered?: string;
}

/** The probe's members that read the machine itself. */
export function machineProbe(
  machine: () => Machine | undefined,
): Pick<PageProbe, "screen" | "instructionCount" | "isPaused" | "speedLimit"> {
  return {
    screen: () => machine()?.screen(),
    instructionCount: () => machine()?.instructionCount(),
    isPaused: () => machine()?.isPaused(),
    speedLimit: () => machine()?.speedLimit(),
  };
}

export function probeState(s: GameState): ProbeState {
  return { ...s, plocha: Array.from(s.plocha), info: Array.from(s.info) };
}

declare global {
  interface Window {
    piskasm?: PageProbe;
  }
}
