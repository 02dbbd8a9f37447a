/**
 * A digest of the games a differential run played: which moves both engines made, game by game. Two
 * runs (or the shards of one run, in any order) that played the same games have the same digest, so a
 * change to the emulator, the harness or the scheduling can be checked to leave every game as it was.
 *
 * Each game is hashed on its own (SHA-256 of its index, seed, starter, result and both move lists; the
 * first 64 bits); the run's digest is the sum of those numbers modulo 2^64. A sum does not depend on
 * the order the games finished in, and the digests of shards add up to the digest of the whole run.
 */
import { createHash } from "node:crypto";
import type { GameOutcome } from "./model.js";

const MODULUS = 1n << 64n;
const HEX_DIGITS = 16;

/** The 64-bit digest of one game, as a number below 2^64. */
export function gameDigest(outcome: GameOutcome): bigint {
  const record = JSON.stringify([
    outcome.spec.index,
    outcome.seed,
    outcome.spec.whoStarts,
    outcome.result,
    outcome.humanMoves,
    outcome.computerMoves,
  ]);
  return BigInt(`0x${createHash("sha256").update(record).digest("hex").slice(0, HEX_DIGITS)}`);
}

/** Digests combined: the sum modulo 2^64 as 16 hex digits (the empty run is all zeros). */
export function combineDigests(parts: Iterable<bigint | string>): string {
  let sum = 0n;
  for (const part of parts) sum = (sum + (typeof part === "string" ? parseDigest(part) : part)) % MODULUS;
  return sum.toString(16).padStart(HEX_DIGITS, "0");
}

/** A digest written by combineDigests back as a number; throws on anything else. */
export function parseDigest(text: string): bigint {
  if (!/^[0-9a-f]{16}$/.test(text))
    throw new Error(`not a 16-hex-digit moves digest: ${JSON.stringify(text)}`);
  return BigInt(`0x${text}`);
}
