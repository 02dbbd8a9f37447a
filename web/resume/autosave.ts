/**
 * The running game survives a reload: whenever the game waits for the human's click after a new move
 * (and when the page is hidden or left), the machine's state and the moves that led to it are saved
 * in IndexedDB (web/resume/game-store.ts); on the next visit they come back before anything else runs.
 * A game over or the menu drops the saved game. A state of another build of the page or the floppy,
 * or of another memory size, is refused with a message and the page starts afresh.
 */
import type { Machine } from "../../emu/types.js";
import { Phase, type GameState } from "../../guest/game-view.js";
import { PAGE_MEMORY_MIB } from "../boot.js";
import type { ErrorBox } from "../error-box.js";
import type { MoveRecord } from "../follower.js";
import type { QueuedMachine } from "../input-queue.js";
import { GameStore, type SavedGame } from "./game-store.js";

export interface AutoSaveHost extends QueuedMachine {
  /** The floppy the page booted (part of the build's identity). */
  floppy(): Uint8Array | undefined;
  /** The moves of the game in order, as the timeline knows them. */
  moves(): MoveRecord[];
  errors: ErrorBox;
  /** The machine now runs the saved state; `known` led to it. */
  restored(machine: Machine, known: readonly MoveRecord[]): void;
}

export interface ResumeProbe {
  /** The move counter of the game saved for this copy of the site (undefined: none). */
  savedMoveCount(): Promise<number | undefined>;
  /** ms after navigation start when a saved game was running again (undefined: none came back). */
  resumedMs(): number | undefined;
}

/** The page's script (its name carries the bundle's content hash) and an FNV-1a hash of the floppy. */
export function buildKey(floppy: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (const byte of floppy) hash = Math.imul(hash ^ byte, 0x01000193);
  const script = new URL(import.meta.url).pathname.split("/").pop() ?? "";
  return `${script}+${(hash >>> 0).toString(16).padStart(8, "0")}`;
}

const IN_GAME = new Set<number>([Phase.HUMAN_TURN, Phase.SETUP]);
const DONE = new Set<number>([Phase.MENU, Phase.COMPUTER_WON, Phase.HUMAN_WON, Phase.DRAW]);

export class AutoSave {
  private readonly store = new GameStore();
  /** Read at once: the boot passes the menu, which would otherwise drop the saved game first. */
  private readonly saved: Promise<SavedGame | undefined>;
  /** Whether the saved game has been resumed or refused (saving starts only then). */
  private decided = false;
  private savedMoves: number | undefined;
  private resumedAt: number | undefined;
  /** The last write, so a later one never lands before it. */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly host: AutoSaveHost) {
    this.saved = this.store.get().catch((error: unknown) => {
      this.host.errors.show("The saved game could not be read", error);
      return undefined;
    });
    window.addEventListener("pagehide", () => this.savedMoves !== undefined && this.save(this.savedMoves));
  }

  /** A stable state of the game: saved when a move was added, dropped when the game is over. */
  observe(state: GameState): void {
    if (!this.decided) return;
    if (IN_GAME.has(state.phase) && state.moveCount !== this.savedMoves) this.save(state.moveCount);
    else if (DONE.has(state.phase) && this.savedMoves !== undefined) {
      this.savedMoves = undefined;
      this.write(() => this.store.delete());
    }
  }

  /** Brings the saved game back into the running machine, or refuses it; saving starts afterwards. */
  async resume(): Promise<void> {
    try {
      const saved = await this.saved;
      const machine = this.host.machine();
      const floppy = this.host.floppy();
      if (!saved || !machine || !floppy) return;
      const refused = refusal(saved, buildKey(floppy));
      if (refused) {
        this.host.errors.show("The saved game cannot come back", refused, "A new game starts instead.");
        await this.store.delete();
        return;
      }
      await machine.restore({ state: saved.state });
      this.savedMoves = saved.moveCount;
      this.resumedAt = performance.now();
      this.host.restored(machine, saved.moves);
    } finally {
      this.decided = true;
    }
  }

  probe(): ResumeProbe {
    return {
      savedMoveCount: async () => {
        await this.writing;
        return (await this.store.get())?.moveCount;
      },
      resumedMs: () => this.resumedAt,
    };
  }

  private save(moveCount: number): void {
    const floppy = this.host.floppy();
    if (!floppy) return;
    this.savedMoves = moveCount;
    const moves = this.host.moves();
    this.host.withMachine(async (machine) => {
      const { state } = await machine.snapshot();
      const game = {
        build: buildKey(floppy),
        memoryMiB: PAGE_MEMORY_MIB,
        savedAt: Date.now(),
        moveCount,
        state,
        moves,
      };
      this.write(() => this.store.put(game));
    });
  }

  private write(step: () => Promise<void>): void {
    this.writing = this.writing
      .then(step)
      .catch((error: unknown) =>
        this.host.errors.show("The game could not be saved for the next visit", error),
      );
  }
}

/** Why `saved` cannot run on this page (undefined: it can). */
function refusal(saved: SavedGame, build: string): string | undefined {
  if (typeof saved.build !== "string" || !(saved.state instanceof ArrayBuffer))
    return "The browser's storage holds something that is not a game saved by this page.";
  if (saved.memoryMiB !== PAGE_MEMORY_MIB)
    return `It was saved from a PC with ${saved.memoryMiB} MiB of memory; this page's has ${PAGE_MEMORY_MIB} MiB.`;
  if (saved.build !== build)
    return `It was saved by another build of this page (${saved.build}; this one is ${build}), whose machine state this one cannot continue.`;
  return undefined;
}
