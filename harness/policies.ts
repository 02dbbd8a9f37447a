/**
 * The human opponent's policies: they pick the human's next cell from the (agreed) board.
 *   random: uniform over empty cells within Chebyshev distance 2 of a stone.
 *   engine: engine-ts CountScore from the human side (the board with X and O swapped, so the attack
 *           table scores the human's own shapes); ties broken by the policy's own PRNG.
 *   replay: a fixed list of moves.
 * All are deterministic for a given seed and board.
 */
import { BOARD_SIZE, CELLS, COMPUTER, EMPTY, HUMAN, buildBodovani, countScore } from "../engine-ts/index.js";
import type { EnginePolicyName } from "./engine-policy.js";
import { Prng } from "./prng.js";

export const POLICY_NAMES = ["random", "engine"] as const;
export type GeneratedPolicyName = (typeof POLICY_NAMES)[number];
export type PolicyName = GeneratedPolicyName | "replay" | EnginePolicyName;

export interface Policy {
  readonly name: PolicyName;
  /** The human's next cell on this board; undefined when the policy has no move left (replay). */
  next(plocha: Uint8Array): number | undefined;
}

/** What the runner plays against: a Policy, or one that answers later (an Engine, harness/engine-policy.ts). */
export interface OpponentPolicy {
  readonly name: PolicyName;
  next(plocha: Uint8Array): number | undefined | Promise<number | undefined>;
  /** Releases what the policy holds (an engine policy's child process). */
  close?(): Promise<void>;
}

const NEAR = 2;
/** On an empty board the human opens within this Chebyshev distance of the centre. */
const OPENING_RADIUS = 2;
const CENTRE = (BOARD_SIZE - 1) / 2;

export function isPolicyName(name: string): name is GeneratedPolicyName {
  return (POLICY_NAMES as readonly string[]).includes(name);
}

/** Empty cells within distance NEAR of a stone, in index order; the opening square on an empty board. */
export function candidateCells(plocha: Uint8Array): number[] {
  const near = new Uint8Array(CELLS);
  let stones = 0;
  for (let cell = 0; cell < CELLS; cell++) {
    if (plocha[cell] === EMPTY) continue;
    stones++;
    const r0 = Math.floor(cell / BOARD_SIZE);
    const c0 = cell % BOARD_SIZE;
    for (let r = Math.max(0, r0 - NEAR); r <= Math.min(BOARD_SIZE - 1, r0 + NEAR); r++) {
      for (let c = Math.max(0, c0 - NEAR); c <= Math.min(BOARD_SIZE - 1, c0 + NEAR); c++) near[r * BOARD_SIZE + c] = 1;
    }
  }
  const out: number[] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    if (plocha[cell] !== EMPTY) continue;
    const r = Math.floor(cell / BOARD_SIZE);
    const c = cell % BOARD_SIZE;
    const opening = Math.abs(r - CENTRE) <= OPENING_RADIUS && Math.abs(c - CENTRE) <= OPENING_RADIUS;
    if (stones === 0 ? opening : near[cell] === 1) out.push(cell);
  }
  if (out.length === 0) {
    for (let cell = 0; cell < CELLS; cell++) if (plocha[cell] === EMPTY) out.push(cell);
  }
  return out;
}

export function randomPolicy(seed: number): Policy {
  const prng = new Prng(seed);
  return {
    name: "random",
    next(plocha) {
      const cells = candidateCells(plocha);
      return cells.length === 0 ? undefined : cells[prng.below(cells.length)];
    },
  };
}

export function enginePolicy(seed: number, bodovani: Uint16Array = buildBodovani()): Policy {
  const prng = new Prng(seed);
  const swapped = new Uint8Array(CELLS);
  return {
    name: "engine",
    next(plocha) {
      for (let i = 0; i < CELLS; i++) {
        const p = plocha[i];
        swapped[i] = p === COMPUTER ? HUMAN : p === HUMAN ? COMPUTER : EMPTY;
      }
      let best = -1;
      let ties = 0;
      let choice: number | undefined;
      for (const cell of candidateCells(plocha)) {
        const score = countScore(swapped, bodovani, cell);
        if (score > best) {
          best = score;
          ties = 1;
          choice = cell;
        } else if (score === best && prng.below(++ties) === 0) {
          choice = cell;
        }
      }
      return choice;
    },
  };
}

export function replayPolicy(moves: readonly number[]): Policy {
  let next = 0;
  return {
    name: "replay",
    next: () => (next < moves.length ? moves[next++] : undefined),
  };
}

export function createPolicy(name: GeneratedPolicyName, seed: number): Policy {
  return name === "random" ? randomPolicy(seed) : enginePolicy(seed);
}
