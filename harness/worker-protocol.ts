/** Messages between the differential run and its worker threads. */
import type { MachineSnapshot } from "../emu/types.js";
import type { BootSpec } from "../guest/boot.js";
import type { GameSlice, GameOutcome } from "./model.js";

export interface WorkerInput {
  boot: BootSpec;
  games: GameSlice;
  /**
   * Job 1 boots and sends its machine at the game's menu ("menu"); the run hands that snapshot to the
   * other jobs ("menu" to them), which continue from it instead of booting (harness/run.ts).
   */
  sharesBoot: boolean;
}

/** From a worker to the run. */
export type WorkerMessage =
  /** Checked computer moves since the last message (batched: see harness/diff-worker.ts). */
  | { kind: "moves"; count: number }
  | { kind: "game"; outcome: GameOutcome }
  | { kind: "menu"; menu: MachineSnapshot }
  | { kind: "error"; message: string }
  | { kind: "done" };

/** From the run to a worker that waits for the shared boot. */
export interface MenuMessage {
  kind: "menu";
  menu: MachineSnapshot;
}
