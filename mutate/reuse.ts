/**
 * What `--incremental` takes from the last campaign in `--out`, in two tiers:
 *   exact: a mutant whose hash (its program's bytes, or engine-ts with its file) is unchanged keeps its
 *          verdict without a game;
 *   kill:  a mutant killed last time, matched by what it changes (file, routine, operator, the line's
 *          two texts: mutate/report.ts verdictKey, stable when an edit elsewhere moves its bytes or its
 *          line), plays first only the game that killed it, on its new program. When that game kills it
 *          again in the same way (mismatch, timeout or crash), the kill is a fact of the new program and
 *          stands; otherwise the mutant plays every game.
 * Survivors are not reused across a change: a survivor of the old program says nothing of the new one.
 */
import type { GameSpec } from "../harness/model.js";
import { mutantGames, type GamePlan } from "./campaign.js";
import { killingGame } from "./kill-matrix.js";
import { verdictKey, type MutantDescription, type MutantResult, type MutationReport } from "./report.js";

/** A kill of the last campaign that may be re-verified: its result and the game that killed it. */
export interface KnownKill {
  result: MutantResult;
  game: GameSpec;
}

export interface Reusable {
  /** Results by mutant hash (the exact tier). */
  byHash: ReadonlyMap<string, MutantResult>;
  /** The last campaign's kill of the same mutation as `mutant` (the kill tier), if any. */
  kill: (mutant: MutantDescription) => KnownKill | undefined;
}

const NOTHING: Reusable = { byHash: new Map(), kill: () => undefined };

/** A mutation as it reads in the source, wherever its line and bytes are. */
const mutationKey = (m: MutantDescription): string => `${m.file} | ${verdictKey(m)}`;

/**
 * The last campaign's verdicts that this one may reuse: none when there is none, or when its settings
 * (games, policies, seeds, harness) differ from `settings`.
 */
export function reusable(
  last: MutationReport | undefined,
  target: "asm" | "ts",
  settings: string,
  plan: GamePlan,
  log: (line: string) => void,
): Reusable {
  if (!last) return NOTHING;
  if (last.target !== target || last.identity?.settings !== settings) {
    log(
      "mutate: --incremental: the settings (games, policies, seeds, harness) changed: playing every mutant",
    );
    return NOTHING;
  }
  const games = mutantGames(plan);
  const kills = new Map<string, KnownKill[]>();
  for (const result of last.mutants) {
    // A kill by a start check (a game past the plan's) is played in full again.
    const game = killingGame(games, result);
    if (!game) continue;
    const key = mutationKey(result);
    kills.set(key, [...(kills.get(key) ?? []), { result, game }]);
  }
  return {
    byHash: new Map(last.mutants.flatMap((m) => (m.hash ? [[m.hash, m] as const] : []))),
    // Several mutations alike (one line text twice in a routine): the one of the same id first. Any
    // of them is sound, as the kill is played again on the new program.
    kill: (mutant) => {
      const alike = kills.get(mutationKey(mutant)) ?? [];
      return alike.find((k) => k.result.id === mutant.id) ?? alike[0];
    },
  };
}
