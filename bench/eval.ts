/**
 * The evaluator's blunders: engine-ts against threat-seeking players (the five, crossmix and pela
 * engines as the human), every computer decision judged by the checker of testkit/blunders.ts.
 * Run:  node bench/run.mjs eval      (bundles into build/bench/eval.mjs; prints `eval.NAME value`)
 *   or  node build/bench/eval.mjs [games]   after that, for another number of games per player.
 * Prints, per blunder kind, blunders per 1,000 decisions with the tables of docs/evaluator.md 7
 * (`blunders_per_1000.KIND`) and with the same tables less the line double four
 * (`blunders_per_1000_without_line_double_four.KIND`, the evaluator before it), and the decisions
 * judged. Only the forks (left_fork_4_3, left_fork_3_3, left_four_four) are the seed's known
 * limitation; every other kind should be 0. pela searches for POLICY_TURN_MS per move, so its games
 * can differ between runs (and between loaded and idle machines): the figures move a little.
 */
import { buildBodovani, LAYOUT, LINE_DOUBLE_FOUR_MASK } from "../engine-ts/index.js";
import { BLUNDER_KINDS, emptyTally, perThousand, type BlunderTally } from "../testkit/blunders.js";
import { auditGames } from "../testkit/blunder-games.js";
import { createEnginePolicy } from "../harness/engine-policy.js";

/** Games per player and table set; pela plays a quarter of them (its moves take POLICY_TURN_MS). */
const GAMES = Number(process.argv[2] ?? 200);
const PLAYERS = [
  { name: "five", games: GAMES },
  { name: "crossmix", games: GAMES },
  { name: "pela", games: Math.max(1, Math.round(GAMES / 4)) },
] as const;
const RUN_SEED = 2027;

function tablesWithoutLineDoubleFour(): Uint16Array {
  const tables = buildBodovani();
  tables[LAYOUT.attack[7] + LINE_DOUBLE_FOUR_MASK] = 0;
  tables[LAYOUT.defence[7] + LINE_DOUBLE_FOUR_MASK] = 0;
  return tables;
}

async function tallyAll(bodovani: Uint16Array, label: string): Promise<BlunderTally> {
  const total = emptyTally();
  for (const player of PLAYERS) {
    process.stderr.write(`eval: ${label}: ${player.games} games against ${player.name}\n`);
    const tally = await auditGames({
      games: player.games,
      seed: RUN_SEED,
      bodovani,
      policy: (seed) => createEnginePolicy(player.name, seed),
    });
    total.decisions += tally.decisions;
    for (const kind of BLUNDER_KINDS) total.counts[kind] += tally.counts[kind];
  }
  return total;
}

function print(prefix: string, tally: BlunderTally): void {
  for (const kind of BLUNDER_KINDS) console.log(`${prefix}.${kind} ${perThousand(tally, kind).toFixed(2)}`);
}

async function main(): Promise<void> {
  const now = await tallyAll(buildBodovani(), "the tables");
  const before = await tallyAll(tablesWithoutLineDoubleFour(), "the tables without the line double four");
  console.log(`decisions ${now.decisions}`);
  print("blunders_per_1000", now);
  console.log(`decisions_without_line_double_four ${before.decisions}`);
  print("blunders_per_1000_without_line_double_four", before);
}

await main();
