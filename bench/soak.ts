/**
 * Memory over a long differential run: the process's resident set size (the main thread and the
 * worker threads' emulators together) at game 1,000 and at the end of the run, which should stay within
 * 10 % of each other (a planned run keeps only counters). Then a run of the storm policy.
 *   node bench/run.mjs soak                                   2,000 games (part of `make bench`)
 *   SOAK_GAMES=20000 SOAK_STORM_GAMES=2000 node bench/run.mjs soak   the soak (`make soak`)
 * Prints `name value` lines; needs `make` (build/piskasm.img, build/diff-worker.mjs).
 */
import { resolve } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { BootSpec } from "../guest/boot.js";
import { runDiff } from "../harness/run.js";
import type { RunSummary } from "../harness/stats.js";
import type { GeneratedPolicyName } from "../checks/policy-names.js";

const BOOT: BootSpec = { image: resolve("build/piskasm.img"), dos: "builtin", timeoutMs: 20_000 };
const WORKER = resolve("build/diff-worker.mjs");
const JOBS = 2;
const FIRST_MARK = 1000;
const RUN_SEED = 0x50a6;
const MAX_COMPUTER_MOVES = 100;

function countFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  const n = text === undefined ? fallback : Number(text);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number of games, not ${JSON.stringify(text)}`);
  return n;
}

const GAMES = countFromEnv("SOAK_GAMES", 2000);
const STORM_GAMES = countFromEnv("SOAK_STORM_GAMES", 200);

const megabytes = (bytes: number): number => bytes / (1024 * 1024);

// A full garbage collection before each reading, so the figures are what the run keeps, not what
// the collector has not reclaimed yet (the main thread only: each worker has its own heap).
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

interface Reading {
  rss: number;
  heap: number;
}

function reading(): Reading {
  collectGarbage();
  const usage = process.memoryUsage();
  return { rss: megabytes(usage.rss), heap: megabytes(usage.heapUsed) };
}

interface Soak {
  summary: RunSummary;
  /** RSS and the main thread's heap (MiB) when game `mark` finished, for each mark. */
  readings: Map<number, Reading>;
}

async function soak(policy: GeneratedPolicyName, games: number, marks: readonly number[]): Promise<Soak> {
  const readings = new Map<number, Reading>();
  let finished = 0;
  let lastReport = performance.now();
  const { summary } = await runDiff(
    {
      boot: BOOT,
      plan: { games, policy, runSeed: RUN_SEED, maxComputerMoves: MAX_COMPUTER_MOVES },
      jobs: JOBS,
      workerScript: WORKER,
    },
    {
      onGame: () => {
        finished++;
        if (marks.includes(finished)) readings.set(finished, reading());
        if (performance.now() - lastReport > 30_000) {
          lastReport = performance.now();
          console.error(
            `soak: ${policy} ${finished}/${games} games, RSS ${megabytes(process.memoryUsage().rss).toFixed(1)} MiB`,
          );
        }
      },
    },
  );
  if (summary.mismatches > 0)
    throw new Error(
      `${summary.mismatches} mismatches in the ${policy} soak: run \`piskasm diff --policy ${policy}\``,
    );
  return { summary, readings };
}

async function main(): Promise<void> {
  if (GAMES <= FIRST_MARK)
    throw new Error(
      `SOAK_GAMES must be above ${FIRST_MARK} to compare the RSS at game ${FIRST_MARK} with the end`,
    );
  const { summary, readings } = await soak("random", GAMES, [FIRST_MARK, GAMES]);
  const first = readings.get(FIRST_MARK) ?? { rss: 0, heap: 0 };
  const last = readings.get(GAMES) ?? { rss: 0, heap: 0 };
  console.log(`games ${GAMES}`);
  console.log(`computer_moves ${summary.computerMoves}`);
  console.log(`moves_per_s_jobs2 ${summary.movesPerSecond.toFixed(1)}`);
  console.log(`rss_mb_at_game_${FIRST_MARK} ${first.rss.toFixed(1)}`);
  console.log(`rss_mb_at_game_${GAMES} ${last.rss.toFixed(1)}`);
  console.log(`rss_growth_percent ${(((last.rss - first.rss) / first.rss) * 100).toFixed(1)}`);
  console.log(`heap_mb_at_game_${FIRST_MARK} ${first.heap.toFixed(1)}`);
  console.log(`heap_mb_at_game_${GAMES} ${last.heap.toFixed(1)}`);
  if (STORM_GAMES > 0) {
    const storm = await soak("storm", STORM_GAMES, []);
    console.log(`storm_games ${STORM_GAMES}`);
    console.log(`storm_computer_moves ${storm.summary.computerMoves}`);
    console.log(`storm_games_per_s_jobs2 ${(STORM_GAMES / (storm.summary.wallMs / 1000)).toFixed(1)}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(`bench/soak: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
