/**
 * The names of the human opponent's policies that a report or a campaign records. A mismatch report
 * records the name, so the names live in the checks layer, below the harness that plays them: the
 * runners' registry (harness/policy-registry.ts) has an entry for each, and adds the engines of
 * engines/registry.ts that can be an opponent under their own names.
 */
export const POLICY_NAMES = ["random", "engine", "storm", "sweep", "probe"] as const;
export type GeneratedPolicyName = (typeof POLICY_NAMES)[number];

/**
 * An engine as the opponent (`five`, `pbrain:CMD`): a name of engines/registry.ts, which sits above
 * this layer (`string & {}` keeps the names above apart from any string for the editor and the linter).
 */
export type EnginePolicyName = string & {};

export type PolicyName = GeneratedPolicyName | "replay" | EnginePolicyName;

export function isPolicyName(name: string): name is GeneratedPolicyName {
  return (POLICY_NAMES as readonly string[]).includes(name);
}
