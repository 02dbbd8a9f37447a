/**
 * Coverage figures of the default campaign (`piskasm diff --coverage`: 20 games of the sweep policy,
 * seed 1) and what the tracer costs: the same 60 games with and without it, the host time of the
 * first 20 games (the first pass, while blocks are still being seen and jumps watched) and of the last
 * 40 (once they are seen), as wall time summed over the games and as this process's CPU time.
 * Run through `node bench/run.mjs coverage` (needs `make`). Prints one `name value` line per figure.
 */
import { resolve } from "node:path";
import { coverageReport } from "../debug/coverage-report.js";
import { reachableFigures } from "../debug/coverage-doc.js";
import { loadCoverageSetup } from "../harness/diff-coverage.js";
import { planGames } from "../harness/game-spec.js";
import { runDiff } from "../harness/run.js";

const BOOT = { image: resolve("build/piskasm.img"), dos: "builtin" as const, timeoutMs: 30_000 };
const CAMPAIGN = { games: 20, policy: "sweep" as const, runSeed: 1, fixedSeed: 1, maxComputerMoves: 100 };
const COST_GAMES = 60;
const FIRST_PASS = 20;

const { flow, plan } = loadCoverageSetup(resolve("build"));

const campaign = await runDiff({ boot: BOOT, specs: planGames(CAMPAIGN), jobs: 1, coverage: plan });
if (!campaign.coverage) throw new Error("the campaign returned no coverage");
const report = coverageReport(flow, campaign.coverage);
console.log(`evaluator_blocks_percent ${report.evaluator.blocksPercent}`);
console.log(`evaluator_jumps_both_percent ${report.evaluator.jumpsBothPercent}`);
console.log(`program_blocks_percent ${report.program.blocksPercent}`);
console.log(`program_jumps_both_percent ${report.program.jumpsBothPercent}`);
console.log(`program_jumps_both_ways_percent ${report.program.jumpsBothPercent}`);
const reachable = reachableFigures(report);
console.log(`program_reachable_blocks_percent ${reachable.blocksPercent}`);
console.log(`program_reachable_jumps_both_ways_percent ${reachable.jumpsBothPercent}`);
console.log(`traps ${report.traps}`);
console.log(`mismatches ${campaign.summary.mismatches}`);

/** Host ms of the first pass and of the rest (summed game wall time), and the run's CPU ms. */
async function cost(withCoverage: boolean): Promise<{ first: number; rest: number; cpu: number }> {
  const specs = planGames({ ...CAMPAIGN, games: COST_GAMES });
  const before = process.cpuUsage();
  const run = await runDiff({ boot: BOOT, specs, jobs: 1, coverage: withCoverage ? plan : undefined });
  const used = process.cpuUsage(before);
  const sum = (from: number, to: number): number =>
    run.outcomes.slice(from, to).reduce((ms, o) => ms + o.wallMs, 0);
  return {
    first: sum(0, FIRST_PASS),
    rest: sum(FIRST_PASS, COST_GAMES),
    cpu: (used.user + used.system) / 1000,
  };
}

const plain = await cost(false);
const traced = await cost(true);
const percent = (a: number, b: number): string => ((100 * (a - b)) / b).toFixed(1);
console.log(`first_pass_slowdown_percent ${percent(traced.first, plain.first)}`);
console.log(`after_seen_slowdown_percent ${percent(traced.rest, plain.rest)}`);
console.log(`cpu_slowdown_percent ${percent(traced.cpu, plain.cpu)}`);
