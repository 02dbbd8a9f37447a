/**
 * The page's one game driver: moves, new games and giving up go through the guest layer's
 * GameSession, which drives PISKASM.COM only through the emulated keyboard and mouse. An occupied
 * cell is refused before anything is clicked ("taken"); any other failure (a timeout, a game that is
 * not where the page thought) stays an error with its own message.
 */
import { readMouseDriverState } from "../emu/mouse-header.js";
import type { Machine } from "../emu/types.js";
import { formatCell, type WhoStarts } from "../engine-ts/index.js";
import { Phase, type GameLayout } from "../guest/game-view.js";
import { CellTakenError, type GameSession, type SetUpStone } from "../guest/session.js";

/** Longest wait for the computer's answer, for its timing only (the move is done without it). */
const ANSWER_TIMING_MS = 60_000;

export type MoveOutcome = "placed" | "taken";

/** Told the stages of a move as they happen (the page's MoveClock). */
export interface MoveStages {
  started(): void;
  /** The human's stone is in memory after `packets` PS/2 packets. */
  placed(packets: number): void;
  /** The computer's answer (or the end of the game) is in memory. */
  answered(): void;
  /** The answer was not seen (the debugger stopped the program, the machine was replaced...). */
  unanswered(reason: unknown): void;
}

/** Where the driver gets the session of the game at `layout` (the page's checked one, web/check/page-check.ts). */
export interface Sessions {
  session(machine: Machine, layout: GameLayout): Promise<GameSession>;
}

export class GameDriver {
  constructor(private readonly sessions: Sessions) {}

  /**
   * Clicks `cell` and waits for the human's stone; "taken" when the cell holds a stone already. The
   * computer's answer is not waited for (the watcher shows it), only timed for `stages`.
   */
  async play(machine: Machine, layout: GameLayout, cell: number, stages: MoveStages): Promise<MoveOutcome> {
    const session = await this.sessions.session(machine, layout);
    stages.started();
    const packets = (): number => readMouseDriverState(machine.memory)?.packets ?? 0;
    const before = { packets: packets(), moves: session.moveCount() };
    let refused = false;
    let placed = false;
    // The stone counts as placed in the slice it is first seen in, so before the answer it makes possible.
    const place = (): void => {
      if (placed) return;
      placed = true;
      stages.placed((packets() - before.packets) & 0xffff);
    };
    const played = (): number => (session.moveCount() - before.moves) & 0xffff;
    // Watched from before the click: the answer may come while the click's last packet is still on its way.
    machine
      .waitFor(
        () => {
          if (refused) return true;
          if (played() >= 1) place();
          return (
            session.phase() !== Phase.COMPUTER_TURN && (played() >= 2 || session.phase() !== Phase.HUMAN_TURN)
          );
        },
        {
          timeoutMs: ANSWER_TIMING_MS,
          what: `the computer's answer to ${formatCell(cell)}`,
        },
      )
      .then(
        () => {
          if (!refused) stages.answered();
        },
        (error: unknown) => stages.unanswered(error),
      );
    try {
      await session.placeStone(cell);
    } catch (error) {
      refused = true;
      if (error instanceof CellTakenError) return "taken";
      throw error;
    }
    place();
    return "placed";
  }

  /** From any game or result screen back to the menu, then a new game (with `seed`: menu key S first). */
  async newGame(machine: Machine, layout: GameLayout, starter: WhoStarts, seed?: number): Promise<void> {
    const session = await this.sessions.session(machine, layout);
    await session.backToMenu();
    if (seed !== undefined) await session.useSeed(seed);
    await session.startGame(starter);
  }

  /** The set-up mode: one stone (a left click for O, a right click for X); "taken" when the cell holds one. */
  async setUpStone(machine: Machine, layout: GameLayout, stone: SetUpStone): Promise<MoveOutcome> {
    try {
      await (await this.sessions.session(machine, layout)).placeSetUpStone(stone);
    } catch (error) {
      if (error instanceof CellTakenError) return "taken";
      throw error;
    }
    return "placed";
  }

  /** The game's own give-up key (Esc) during the human's turn; back at the menu afterwards. */
  async giveUp(machine: Machine, layout: GameLayout): Promise<void> {
    await (await this.sessions.session(machine, layout)).backToMenu();
  }
}
