/**
 * The kill matrix (which game, of which policy, killed each mutant) and the minimal set of games that
 * kills every killed mutant, chosen greedily (the game killing the most mutants not yet killed first):
 * DIR/kill-matrix.json and DIR/minimal-games.json, whose games `piskasm mutate --games-from` plays as a
 * fast campaign. A mutant stops at its first killing game, so each kill names one game; a game that
 * would kill a mutant later in its list is not known, and the set covers what the campaign saw.
 */
import type { GameSpec } from "../harness/model.js";
import { isPolicyName, type GeneratedPolicyName } from "../checks/policy-names.js";
import { readRegularFile } from "../util/files.js";
import { mutantGames, type GamePlan } from "./campaign.js";
import type { CampaignIdentity, MutantResult, MutationReport } from "./report.js";
import { SelectionError } from "./select.js";
import { messageOf } from "../util/error-message.js";

export const KILL_MATRIX_FORMAT = "piskasm-kill-matrix/1";
export const MINIMAL_GAMES_FORMAT = "piskasm-minimal-games/1";

/** The games a campaign's mutants play, as its report's plan says. */
export function reportPlan(report: MutationReport): GamePlan {
  const { games, probes = 0, policies, seed, maxComputerMoves, only } = report.plan;
  return {
    games,
    probes,
    policies: policies.filter((p): p is GeneratedPolicyName => isPolicyName(p)),
    seed,
    maxComputerMoves,
    ...(only ? { only } : {}),
  };
}

/** The game that killed `mutant` (undefined: it survived): the last of the games it played. */
export function killingGame(games: readonly GameSpec[], mutant: MutantResult): GameSpec | undefined {
  return mutant.status === "survived" ? undefined : games[mutant.games - 1];
}

export interface KillMatrix {
  format: typeof KILL_MATRIX_FORMAT;
  identity?: CampaignIdentity;
  /** Every game of the plan by number: its policy, who starts, its Seed. */
  games: Record<string, { policy: string; whoStarts: string; seed?: number }>;
  /** Game number -> the mutants it killed. */
  kills: Record<string, string[]>;
  /** Mutant id -> the game that killed it, and how (killed, timeout, crashed). */
  mutants: Record<string, { game: number; policy: string; status: string }>;
}

export function killMatrix(report: MutationReport): KillMatrix {
  const games = mutantGames(reportPlan(report));
  const matrix: KillMatrix = {
    format: KILL_MATRIX_FORMAT,
    ...(report.identity ? { identity: report.identity } : {}),
    games: Object.fromEntries(
      games.map((g) => [g.index, { policy: g.policy, whoStarts: g.whoStarts, seed: g.seed }]),
    ),
    kills: {},
    mutants: {},
  };
  for (const mutant of report.mutants) {
    const game = killingGame(games, mutant);
    if (!game) continue;
    (matrix.kills[game.index] ??= []).push(mutant.id);
    matrix.mutants[mutant.id] = { game: game.index, policy: game.policy, status: mutant.status };
  }
  return matrix;
}

export interface MinimalGames {
  format: typeof MINIMAL_GAMES_FORMAT;
  identity?: CampaignIdentity;
  /** The campaign's plan: the numbers below are its games. */
  plan: GamePlan;
  /** The chosen games, the one killing most first. */
  games: number[];
  /** The mutants each chosen game kills that the earlier ones do not. */
  newKills: number[];
  /** Killed mutants in the campaign (every one is killed by a chosen game). */
  killed: number;
}

/** Greedy set cover of the killed mutants by the games (ties: the lower game number). */
export function minimalGames(report: MutationReport, matrix: KillMatrix): MinimalGames {
  const left = new Map(Object.entries(matrix.kills).map(([game, ids]) => [Number(game), new Set(ids)]));
  const uncovered = new Set(Object.keys(matrix.mutants));
  const killed = uncovered.size;
  const games: number[] = [];
  const newKills: number[] = [];
  while (uncovered.size > 0) {
    let best = -1;
    let bestCount = 0;
    for (const [game, ids] of left) {
      const count = [...ids].filter((id) => uncovered.has(id)).length;
      if (count > bestCount || (count === bestCount && count > 0 && game < best)) {
        best = game;
        bestCount = count;
      }
    }
    for (const id of left.get(best) ?? []) uncovered.delete(id);
    left.delete(best);
    games.push(best);
    newKills.push(bestCount);
  }
  return {
    format: MINIMAL_GAMES_FORMAT,
    ...(report.identity ? { identity: report.identity } : {}),
    // The numbers are those of the whole plan, also when this campaign played only some of its games.
    plan: { ...reportPlan(report), only: undefined },
    games,
    newKills,
    killed,
  };
}

/** A minimal-games.json is a few hundred numbers. */
const MAX_GAMES_FILE_BYTES = 1024 * 1024;

/** `--games-from FILE`: the plan of the campaign that chose them, playing only them. */
export function gamesFrom(path: string): GamePlan {
  let file: MinimalGames;
  try {
    file = JSON.parse(readRegularFile(path, MAX_GAMES_FILE_BYTES, "--games-from file")) as MinimalGames;
  } catch (error) {
    throw new SelectionError(`--games-from: cannot read ${path}: ${messageOf(error)}`);
  }
  const format: unknown = file.format;
  if (format !== MINIMAL_GAMES_FORMAT)
    throw new SelectionError(
      `--games-from: ${path} is not a ${MINIMAL_GAMES_FORMAT} file (format ${String(format)})`,
    );
  const count = file.plan.games + file.plan.probes;
  const bad = file.games.filter((g) => !Number.isSafeInteger(g) || g < 0 || g >= count);
  if (bad.length > 0 || file.games.length === 0)
    throw new SelectionError(
      `--games-from: ${path} names no games, or games outside its plan's 0..${count - 1}`,
    );
  return { ...file.plan, only: file.games };
}
