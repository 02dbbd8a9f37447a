/**
 * Plays scheduled arena games on engines it keeps between games (an emulator or a child process is
 * started once per player, not once per game). A player that lost by an error or by time is closed and
 * started afresh for its next game.
 */
import type { Engine } from "../engines/engine.js";
import { playArenaGame, type PlayedGame } from "./game.js";
import { placeOpening } from "./openings.js";
import { createPlayer, type ArenaEngineOptions } from "./players.js";
import type { ScheduledGame } from "./schedule.js";
import type { ArenaSettings } from "./model.js";

export interface PlayedScheduledGame {
  readonly game: ScheduledGame;
  readonly played: PlayedGame;
  readonly wallMs: number;
}

export class ArenaTable {
  private readonly engines = new Map<string, Engine>();

  constructor(
    private readonly settings: ArenaSettings,
    private readonly create: (name: string) => Engine,
  ) {}

  static withEngines(settings: ArenaSettings, options: ArenaEngineOptions): ArenaTable {
    return new ArenaTable(settings, (name) => createPlayer(name, options));
  }

  private engine(name: string): Engine {
    const engine = this.engines.get(name) ?? this.create(name);
    this.engines.set(name, engine);
    return engine;
  }

  async play(game: ScheduledGame): Promise<PlayedScheduledGame> {
    const started = performance.now();
    const players = [this.engine(game.first), this.engine(game.second)] as const;
    const played = await playArenaGame(players, [game.first, game.second], {
      size: this.settings.size,
      opening: placeOpening(this.settings.openings[game.opening], this.settings.size),
      turnMs: this.settings.turnMs,
      seeds: game.seeds,
    });
    if (played.end === "error" || played.end === "time" || played.end === "illegal") {
      const loser = played.winner === 0 ? game.second : game.first;
      await this.retire(loser);
    }
    return { game, played, wallMs: performance.now() - started };
  }

  private async retire(name: string): Promise<void> {
    const engine = this.engines.get(name);
    this.engines.delete(name);
    await engine?.close();
  }

  async close(): Promise<void> {
    const all = [...this.engines.values()];
    this.engines.clear();
    await Promise.all(all.map((e) => e.close()));
  }
}
