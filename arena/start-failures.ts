/**
 * The players of a run that could not start their games (a pbrain command that cannot be launched):
 * such a game is scored as the player's loss and its reason kept in games.jsonl, and this says so on
 * the console, once per player, with how many of its games it could not start.
 */
import { COULD_NOT_START } from "./game.js";
import type { GameEntry } from "./model.js";

interface PlayerStarts {
  games: number;
  failed: number;
  /** Why its first game could not start. */
  reason: string;
}

export class StartFailures {
  private readonly players = new Map<string, PlayerStarts>();

  /** Counts a game of this run. */
  add(entry: GameEntry): void {
    const loser = entry.winner === "first" ? entry.second : entry.winner === "second" ? entry.first : "";
    for (const player of [entry.first, entry.second]) {
      const starts = this.players.get(player) ?? { games: 0, failed: 0, reason: "" };
      starts.games++;
      const prefix = `${player} ${COULD_NOT_START}: `;
      if (player === loser && entry.end === "error" && entry.reason.startsWith(prefix)) {
        starts.failed++;
        if (starts.reason === "") starts.reason = entry.reason.slice(prefix.length);
      }
      this.players.set(player, starts);
    }
  }

  /** One line per player that could not start a game: `piskasm: ...`. */
  lines(): string[] {
    return [...this.players].flatMap(([player, s]) =>
      s.failed === 0
        ? []
        : [`piskasm: ${player} could not start ${s.failed} of its ${s.games} games: ${s.reason}`],
    );
  }

  /** True when a player could start none of its games: the run rated a program that never played. */
  someoneNeverStarted(): boolean {
    return [...this.players.values()].some((s) => s.games > 0 && s.failed === s.games);
  }
}
