/**
 * Games of engine-ts against an opponent policy, every computer decision judged by the checker
 * (testkit/blunders.ts): the blunder counts behind `make bench`'s eval.blunders_per_1000.* figures.
 */
import { Game, HUMAN, type WhoStarts } from "../engine-ts/index.js";
import type { OpponentPolicy } from "../harness/policies.js";
import { classifyDecision, emptyTally, type BlunderKind, type BlunderTally } from "./blunders.js";

export interface AuditOptions {
  games: number;
  /** Game i starts with Seed (seed + i) mod 65536; the human starts the even games. */
  seed: number;
  /** The human's policy for one game, seeded. */
  policy: (seed: number) => OpponentPolicy;
  /** The score tables (engine-ts's own when omitted). */
  bodovani?: Uint16Array;
  /** Called with each blunder, for examples. */
  onBlunder?: (kind: BlunderKind, game: Game, cell: number) => void;
}

/** One game: the human by the policy, the computer by engine-ts, each computer move judged. */
async function auditGame(
  seed: number,
  who: WhoStarts,
  options: AuditOptions,
  tally: BlunderTally,
): Promise<void> {
  const game = Game.newGame(seed, who, { bodovani: options.bodovani });
  const policy = options.policy(seed);
  try {
    while (game.result === "playing") {
      const human = await policy.next(game.state.plocha);
      if (human === undefined) return;
      game.placeStone(human, HUMAN);
      if (game.result !== "playing") return;
      const before = game.state.plocha.slice();
      const cell = game.computerMove();
      tally.decisions++;
      const kind = classifyDecision(before, cell);
      if (kind) {
        tally.counts[kind]++;
        options.onBlunder?.(kind, game, cell);
      }
    }
  } finally {
    await policy.close?.();
  }
}

/** Plays the games in turn and counts every decision and every blunder. */
export async function auditGames(options: AuditOptions): Promise<BlunderTally> {
  const tally = emptyTally();
  for (let i = 0; i < options.games; i++) {
    await auditGame((options.seed + i) & 0xffff, i % 2 === 0 ? "human" : "computer", options, tally);
  }
  return tally;
}
