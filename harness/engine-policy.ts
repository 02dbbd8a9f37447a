/**
 * An Engine (engines/engine.ts) as the human opponent of a differential run: `--policy five`,
 * `crossmix`, `pela` or `pbrain:CMD`. The engine plays the human's side (O) on the 19x19 board; before
 * each of its moves it is told the computer's new stone (TURN), or the whole position (BOARD) when the
 * board holds anything else it has not been told. Its moves get POLICY_TURN_MS each; a time-limited
 * search may make its games differ between runs, which does not matter: a report keeps the human moves
 * that were played, and `piskasm replay` replays those.
 */
import { BOARD_SIZE, CELLS, COMPUTER, EMPTY, HUMAN } from "../engine-ts/index.js";
import { EngineError, RULE_FREESTYLE, type Engine } from "../engines/engine.js";
import { createEngine } from "../engines/registry.js";
import type { OpponentPolicy } from "./policies.js";
import type { EnginePolicyName } from "../checks/policy-names.js";

/** Time per move of an engine policy (pela's searches take their shares of it). */
export const POLICY_TURN_MS = 50;

function point(cell: number): { x: number; y: number } {
  return { x: cell % BOARD_SIZE, y: Math.floor(cell / BOARD_SIZE) };
}

export function createEnginePolicy(name: EnginePolicyName, seed: number): OpponentPolicy {
  const engine: Engine = createEngine(name, {
    boot: () => {
      throw new EngineError(`the ${name} policy cannot boot an emulator`);
    },
    check: false,
    reportsDir: "reports",
    message: () => {},
    log: (line) => process.stderr.write(`${name}: ${line}\n`),
  });
  /** The board as the engine knows it. */
  const known = new Uint8Array(CELLS);
  let started = false;
  return {
    name,
    async next(plocha) {
      if (!started) {
        await engine.newGame({ size: BOARD_SIZE, rule: RULE_FREESTYLE, seed: seed & 0xffff });
        started = true;
      }
      const added: number[] = [];
      let other = false;
      for (let cell = 0; cell < CELLS; cell++) {
        if (plocha[cell] === known[cell]) continue;
        if (known[cell] === EMPTY && plocha[cell] === COMPUTER) added.push(cell);
        else other = true;
      }
      if (other || added.length > 1) {
        const stones = [...plocha.keys()].filter((cell) => plocha[cell] !== EMPTY);
        await engine.setPosition(stones.map((cell) => ({ at: point(cell), own: plocha[cell] === HUMAN })));
      } else if (added.length === 1) {
        await engine.opponentMove(point(added[0]));
      }
      known.set(plocha);
      if (!known.includes(EMPTY)) return undefined;
      const at = await engine.ownMove({ turnMs: POLICY_TURN_MS });
      const cell = at.y * BOARD_SIZE + at.x;
      known[cell] = HUMAN;
      return cell;
    },
    close: () => engine.close(),
  };
}
