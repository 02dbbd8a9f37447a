/**
 * The names of the human opponent's policies in a differential run (harness/policies.ts and
 * harness/engine-policy.ts implement them). A mismatch report records the name, so the names live in
 * the checks layer, below the harness that plays them.
 */
export const POLICY_NAMES = ["random", "engine", "storm", "sweep", "probe"] as const;
export type GeneratedPolicyName = (typeof POLICY_NAMES)[number];

export const ENGINE_POLICY_NAMES = ["five", "crossmix", "pela"] as const;
export const PBRAIN_POLICY_PREFIX = "pbrain:";
export type EnginePolicyName =
  (typeof ENGINE_POLICY_NAMES)[number] | `${typeof PBRAIN_POLICY_PREFIX}${string}`;

export type PolicyName = GeneratedPolicyName | "replay" | EnginePolicyName;

export function isPolicyName(name: string): name is GeneratedPolicyName {
  return (POLICY_NAMES as readonly string[]).includes(name);
}

export function isEnginePolicyName(name: string): name is EnginePolicyName {
  return (
    (ENGINE_POLICY_NAMES as readonly string[]).includes(name) ||
    (name.startsWith(PBRAIN_POLICY_PREFIX) && name.length > PBRAIN_POLICY_PREFIX.length)
  );
}
