/**
 * Arena player names and the engines behind them: the built-in engines by name, and `pbrain:CMD` for
 * an external Gomocup brain started with the command line CMD.
 */
import { createCrossmixEngine } from "../engines/crossmix/crossmix.js";
import type { Engine } from "../engines/engine.js";
import { createFiveEngine } from "../engines/five/five.js";
import { createPelaEngine } from "../engines/pela/pela.js";
import { createPbrainEngine } from "../engines/pbrain/pbrain.js";
import { createRandomEngine } from "../engines/random.js";
import { ArenaError } from "./errors.js";

export const PBRAIN_PREFIX = "pbrain:";

const BUILT_IN: Readonly<Record<string, () => Engine>> = {
  five: createFiveEngine,
  crossmix: createCrossmixEngine,
  pela: createPelaEngine,
  random: createRandomEngine,
};

export const BUILT_IN_PLAYERS: readonly string[] = Object.keys(BUILT_IN);

/** Throws ArenaError when `name` is neither a built-in engine nor pbrain:CMD. */
export function checkPlayer(name: string): void {
  if (name.startsWith(PBRAIN_PREFIX)) {
    if (name.slice(PBRAIN_PREFIX.length).trim() === "") throw new ArenaError(`${name}: give the brain's command line after "${PBRAIN_PREFIX}"`);
    return;
  }
  if (!(name in BUILT_IN)) throw new ArenaError(`unknown player ${JSON.stringify(name)} (have: ${BUILT_IN_PLAYERS.join(", ")}, ${PBRAIN_PREFIX}CMD)`);
}

export function createPlayer(name: string): Engine {
  checkPlayer(name);
  if (name.startsWith(PBRAIN_PREFIX)) return createPbrainEngine(name.slice(PBRAIN_PREFIX.length));
  return BUILT_IN[name]();
}
