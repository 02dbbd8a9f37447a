/** What one mutant's games are, and what became of them (the messages of mutate/worker.ts). */
import type { MachineSnapshot } from "../emu/types.js";
import type { BootSpec } from "../guest/boot.js";
import type { GameSpec } from "../harness/model.js";
import type { MismatchReport } from "../checks/report.js";
import type { MouseSetUp } from "../program-ts/index.js";

export interface MutantJob {
  boot: BootSpec;
  specs: GameSpec[];
  /** Budget for shrinking the killing mismatch. */
  shrinkMs: number;
  /** The machine at the menu, when the mutant's floppy is the one it was taken from (ts target). */
  menu?: MachineSnapshot;
  /**
   * After the games, when none killed: the program's start alone on these machines (without a mouse
   * driver, without a PS/2 mouse), each a game of its own in the count.
   */
  starts?: readonly StartCheck[];
  /**
   * Where the games are (ts target): Int32Array words at Progress's indices, written by the worker
   * at each input before the checker feeds the reference, read by the run thread when the worker
   * falls silent (a reference that loops for ever blocks the worker's thread).
   */
  progress?: SharedArrayBuffer;
}

/** The words of MutantJob.progress: games done, the session's inputs when the game under way began, its inputs now. */
export const Progress = { GAMES: 0, GAME_START: 1, INPUTS: 2, WORDS: 3 } as const;

/** A boot whose start is checked against the model's for that machine's mouse. */
export interface StartCheck {
  boot: BootSpec;
  mouse: MouseSetUp;
}

/**
 * killed: a game diverged (the report of the first one); timeout: the guest did not answer within the
 * step budget (a hang); crashed: the program left the phases the harness drives (for example no menu
 * after the game); survived: every game agreed.
 */
export type MutantStatus = "killed" | "timeout" | "crashed" | "survived";

/**
 * From a mutant's worker: signs of life (at most one a second), then its run; `free` says the worker
 * is ready for the next job (false: its guest is stuck, the run thread ends it). `unloaded`: a ts
 * mutant's engine-ts threw while its modules loaded (mutate/ts-worker.ts), so no game could be played:
 * the error's first line and its stack.
 */
export type MutantMessage =
  | { kind: "progress" }
  | { kind: "run"; run: MutantRun; free: boolean }
  | { kind: "unloaded"; message: string; stack: string };

export interface MutantRun {
  status: MutantStatus;
  /** Games played, the killing one included. */
  games: number;
  report?: MismatchReport;
  /** The timeout's or crash's message (its first line). */
  message?: string;
}
