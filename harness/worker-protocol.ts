/** Messages between the differential run and its worker threads. */
import type { MachineSnapshot } from "../emu/types.js";
import type { BootSpec } from "./boot.js";
import type { GameSlice } from "./run.js";
import type { GameOutcome } from "./runner.js";

export interface WorkerInput {
  boot: BootSpec;
  games: GameSlice;
  /** The machine at the game's menu, booted once by the run for all its workers (harness/boot.ts). */
  menu: MachineSnapshot;
}

export type WorkerMessage =
  /** Checked computer moves since the last message (batched: see harness/diff-worker.ts). */
  | { kind: "moves"; count: number }
  | { kind: "game"; outcome: GameOutcome }
  | { kind: "error"; message: string }
  | { kind: "done" };
