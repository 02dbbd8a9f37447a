/** Messages between an arena run and its worker threads (each worker keeps its own engines). */
import type { ArenaEngineOptions } from "./players.js";
import type { ScheduledGame } from "./schedule.js";
import type { PlayedScheduledGame } from "./table-player.js";
import type { ArenaSettings } from "./model.js";

export interface ArenaWorkerInput {
  readonly settings: ArenaSettings;
  readonly engines: ArenaEngineOptions;
}

export type ToArenaWorker = { kind: "play"; game: ScheduledGame } | { kind: "stop" };

export type FromArenaWorker = { kind: "ready" } | ({ kind: "played" } & PlayedScheduledGame) | { kind: "error"; message: string };
