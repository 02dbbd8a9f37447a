/**
 * What the page says and enables in each phase of the game: pure functions of the phase and the
 * machine's condition, so the rules can be read (and tested) in one place. Without a keyboard (a
 * touch screen) the hints name buttons and taps instead of keys.
 */
import { Phase } from "../../engine-ts/phase.js";
import { isGameOver } from "../../guest/session.js";
import type { ToolbarState } from "./toolbar.js";

export interface HintContext {
  /** The floppy image running (named while the game is not found). */
  floppy: string;
  /** The player has a touch screen and no keyboard: name buttons and taps, not keys. */
  touch: boolean;
}

/** The status line's hint for `phase` (undefined: the game is not found in memory). */
export function phaseHint(phase: number | undefined, context: HintContext): string {
  const { touch } = context;
  const newGame = touch ? "tap New game to play again" : "New game (N) plays again";
  switch (phase) {
    case undefined:
      return `Running ${context.floppy}`;
    case Phase.MENU:
      return touch
        ? "Menu: tap New game, or one of the game's keys"
        : "Menu: press 1 (you start) or 2 (computer starts), or New game (N)";
    case Phase.HUMAN_TURN:
      return touch
        ? "Your turn: tap an empty cell"
        : "Your turn: click or tap an empty cell, or type it under the screen";
    case Phase.COMPUTER_WON:
      return `The computer won · ${newGame}`;
    case Phase.HUMAN_WON:
      return `You won · ${newGame}`;
    case Phase.DRAW:
      return `Draw · ${newGame}`;
    case Phase.EXITING:
      return touch
        ? "PISKASM has quit to DOS · tap Reset to start it again"
        : "PISKASM has quit to DOS · Reset (R) starts it again";
    case Phase.SEED_ENTRY:
      return touch
        ? "The game asks for a seed: tap its digits on the game's keys, then Use it"
        : "The game asks for a seed: type it on the screen and press Enter";
    case Phase.SETUP:
      return touch
        ? "Set-up: tap cells to place stones (O or X as chosen on the game's keys), then who moves"
        : "Set-up: click a cell for O, right-click for X; Enter: computer moves, Tab: you move, Esc: menu";
    default:
      return "The computer is thinking…";
  }
}

export interface MachineCondition {
  phase: number | undefined;
  /** A machine is being booted or replaced. */
  busy: boolean;
  hasMachine: boolean;
  /** The game was found in memory. */
  hasGame: boolean;
  /** The boot files are loaded (a floppy or a state can be loaded). */
  hasFiles: boolean;
  paused: boolean;
}

/** Which toolbar controls work now. */
export function toolbarControls(condition: MachineCondition): ToolbarState {
  const { phase, busy } = condition;
  const settled =
    phase !== undefined && phase >= Phase.MENU && phase <= Phase.DRAW && phase !== Phase.COMPUTER_TURN;
  const machine = !busy && condition.hasMachine;
  return {
    newGame: machine && condition.hasGame && settled,
    giveUp: machine && phase === Phase.HUMAN_TURN,
    machine,
    reset: !busy,
    load: !busy && condition.hasFiles,
    paused: condition.paused,
  };
}

/** A game on the board: the human's turn or its result. */
export const showsGame = (phase: number): boolean => phase === Phase.HUMAN_TURN || isGameOver(phase);

/** A game with stones on the board and no result yet: leaving it loses it, so the page asks first. */
export function gameInProgress(phase: number | undefined, moveCount: number | undefined): boolean {
  return (phase === Phase.HUMAN_TURN || phase === Phase.COMPUTER_TURN) && (moveCount ?? 0) > 0;
}
