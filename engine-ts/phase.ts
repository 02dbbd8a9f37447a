/** Phase byte values (docs/architecture.md section 1). */
export const Phase = {
  STARTING: 0,
  MENU: 1,
  HUMAN_TURN: 2,
  COMPUTER_TURN: 3,
  COMPUTER_WON: 4,
  HUMAN_WON: 5,
  DRAW: 6,
  EXITING: 7,
  SEED_ENTRY: 8,
  SETUP: 9,
} as const;

export type PhaseValue = (typeof Phase)[keyof typeof Phase];

/** The name of a Phase value, e.g. "HUMAN_TURN", for messages; `unknown phase N` otherwise. */
export function phaseName(value: number): string {
  const entry = Object.entries(Phase).find(([, v]) => v === value);
  return entry ? entry[0] : `unknown phase ${value}`;
}
