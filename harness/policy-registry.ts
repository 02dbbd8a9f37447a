/**
 * Every human opponent of a differential run by name, as engines/registry.ts is every player: a
 * factory and what it can do. The runner plays each the same way (harness/runner.ts): the policy's
 * opening when it has one, else the menu key of who starts; then its turns, each a cell to click, a
 * turn drawn on the screen (noise, then a move or Esc) or none left. `piskasm diff --policy`, `mutate
 * --policy` and their --help take their names from here; the engines of engines/registry.ts that can
 * be an opponent are policies of the same name. A new policy is one row here and its name in
 * checks/policy-names.ts (CONTRIBUTING.md's recipe "Add a policy").
 */
import { POLICY_NAMES, type GeneratedPolicyName, type PolicyName } from "../checks/policy-names.js";
import { ENGINES, engineNames } from "../engines/registry.js";
import type { BoardGeometry } from "../guest/game-view.js";
import { createEnginePolicy } from "./engine-policy.js";
import { enginePolicy, randomPolicy, replayPolicy, stormPolicy } from "./policies.js";
import type { OpponentPolicy, StormTurn } from "./policies.js";
import { probePolicy } from "./probe.js";
import { sweepPolicy, type SweepOpening } from "./sweep.js";

/** What the runner plays against. */
export interface Opponent {
  readonly name: PolicyName;
  /** The opening of game `index` (menu noise, a typed seed, a set-up), before its first turn. */
  opening?(index: number, geometry: BoardGeometry): SweepOpening;
  /** The human's turn: a cell clicked on, a turn drawn with this screen geometry, or undefined (none left). */
  turn(
    plocha: Uint8Array,
    geometry: BoardGeometry,
  ): number | undefined | StormTurn | Promise<number | undefined>;
  /** Releases what the policy holds (an engine's child process). */
  close?(): Promise<void>;
}

/** What a policy is made from: the game's policy name, its seed and (replay) its moves. */
export interface PolicyGame {
  readonly policy: PolicyName;
  readonly policySeed: number;
  readonly moves?: readonly number[];
}

export interface PolicyCapabilities {
  /** Its turns are drawn on the screen: wild mouse movements, clicks beside and between cells, keys, Esc. */
  readonly screen: boolean;
  /** It opens each game itself (menu noise, a typed seed) instead of the menu key of who starts. */
  readonly opening: boolean;
  /** Its openings set positions up in the program's set-up mode. */
  readonly setUp: boolean;
  /** The same seeds give the same games: a mutation campaign's plan may name it (`mutate --policy`). */
  readonly deterministic: boolean;
}

export interface PolicyEntry {
  /** One line for --help. */
  readonly description: string;
  readonly capabilities: PolicyCapabilities;
  /** The policy of one game. */
  create(game: PolicyGame): Opponent;
}

/** The default of `piskasm diff --policy`. */
export const DEFAULT_POLICY: GeneratedPolicyName = "sweep";

const CELLS_ONLY = { screen: false, opening: false, setUp: false } as const;
const STORM = { screen: true, opening: false, setUp: false, deterministic: true } as const;
const OPENINGS = { screen: true, opening: true, setUp: true, deterministic: true } as const;

/** A policy that only names cells, as the runner plays it (each clicked on its character). */
function clicking(policy: OpponentPolicy): Opponent {
  const close = policy.close?.bind(policy);
  return { name: policy.name, turn: (plocha) => policy.next(plocha), ...(close ? { close } : {}) };
}

/** The generated policies (checks/policy-names.ts names them for the reports) and replay. */
const GENERATED: Readonly<Record<GeneratedPolicyName | "replay", PolicyEntry>> = {
  random: {
    description: "uniform over the empty cells within two of a stone",
    capabilities: { ...CELLS_ONLY, deterministic: true },
    create: (game) => clicking(randomPolicy(game.policySeed)),
  },
  engine: {
    description: "engine-ts's CountScore from the human's side, ties broken at random",
    capabilities: { ...CELLS_ONLY, deterministic: true },
    create: (game) => clicking(enginePolicy(game.policySeed)),
  },
  storm: {
    description:
      "the random policy's cells by a careless user: wild mouse movements, clicks off the board, on stones " +
      "and between cells, the right button, drags, random keys, double clicks, now and then Esc",
    capabilities: STORM,
    create: (game) => stormPolicy(game.policySeed),
  },
  sweep: {
    description:
      "storm with openings by the game's index: menu and seed-entry noise, the set-up mode, boards set up " +
      "full (harness/sweep.ts)",
    capabilities: OPENINGS,
    create: (game) => sweepPolicy(game.policySeed),
  },
  probe: {
    description:
      "set-up positions aimed at rare paths of the evaluator, one per game index (harness/probe.ts)",
    capabilities: OPENINGS,
    create: () => probePolicy(),
  },
  replay: {
    description: "a report's human moves, in order (piskasm replay)",
    capabilities: { ...CELLS_ONLY, deterministic: true },
    create: (game) => clicking(replayPolicy(game.moves ?? [])),
  },
};

/** An engine of engines/registry.ts as the opponent (NAME, or NAME:ARGUMENT for one that takes it). */
const ENGINE_POLICY: PolicyEntry = {
  description: "that engine (`piskasm brain --help`) plays the human's side",
  // A search with a time limit may play other moves on another run.
  capabilities: { ...CELLS_ONLY, deterministic: false },
  create: (game) => clicking(createEnginePolicy(game.policy, game.policySeed)),
};

const OPPONENT_ENGINES = engineNames().filter((name) => ENGINES[name].opponent);

/** The names `piskasm diff --policy` takes, as --help shows them (`pbrain:CMD` for an engine with an argument). */
export function policyChoices(): string[] {
  return [
    ...POLICY_NAMES,
    ...OPPONENT_ENGINES.map((name) => (ENGINES[name].argument ? `${name}:CMD` : name)),
  ];
}

/** A policy a planned run may name (`piskasm diff --policy`): any but replay, which plays a report's moves. */
export function isPlannedPolicy(spec: string): boolean {
  return spec !== "replay" && findPolicy(spec) !== undefined;
}

/** `--policy`'s help: what each policy of `names` does (names of one description together). */
export function policyHelp(names: readonly string[]): string {
  const byDescription = new Map<string, string[]>();
  for (const name of names) {
    const description = findPolicy(name)?.description ?? "";
    byDescription.set(description, [...(byDescription.get(description) ?? []), name]);
  }
  return [...byDescription].map(([description, all]) => `${all.join(", ")}: ${description}`).join("; ");
}

/** The names a mutation campaign's plan may use (its verdicts are reused only for the same games). */
export function campaignPolicyNames(): GeneratedPolicyName[] {
  return POLICY_NAMES.filter((name) => GENERATED[name].capabilities.deterministic);
}

/** The entry of a policy name (`NAME`, or `NAME:ARGUMENT` of an engine that takes one); undefined: none. */
export function findPolicy(spec: string): PolicyEntry | undefined {
  if (Object.hasOwn(GENERATED, spec)) return GENERATED[spec as GeneratedPolicyName];
  const colon = spec.indexOf(":");
  const name = colon < 0 ? spec : spec.slice(0, colon);
  if (!OPPONENT_ENGINES.includes(name)) return undefined;
  // An engine that takes an argument needs one (pbrain:CMD); the others take none.
  return ENGINES[name].argument === colon > 0 && colon < spec.length - 1 ? ENGINE_POLICY : undefined;
}

/** The opponent of one game of a run. */
export function createOpponent(game: PolicyGame): Opponent {
  const entry = findPolicy(game.policy);
  if (!entry) throw new Error(`no policy "${game.policy}" (policies: ${policyChoices().join(", ")})`);
  return entry.create(game);
}
