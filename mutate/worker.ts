/**
 * Worker-thread entry of `piskasm mutate`: one mutant's games on its own emulator (bundled as
 * build/mutate-worker.mjs; for the ts target the bundle holds the mutated engine-ts). The games are
 * the differential harness's (harness/run.ts playGames), stopped at the first mismatch, which is shrunk.
 */
import { parentPort, workerData } from "node:worker_threads";
import { buildReport } from "../harness/report.js";
import { playGames } from "../harness/run.js";
import type { GameOutcome } from "../harness/runner.js";
import type { MutantJob, MutantRun } from "./mutant-run.js";

if (!parentPort) throw new Error("mutate/worker must run in a worker thread");
const port = parentPort;
const job = workerData as MutantJob;

/** The killing game's run; a report that cannot be made (a LastPC off the board) is said in its place. */
function killed(outcome: GameOutcome, games: number): MutantRun {
  try {
    return { status: "killed", games, report: buildReport(outcome, job.boot.dos) };
  } catch (error) {
    return { status: "killed", games, message: `no report: ${error instanceof Error ? error.message : String(error)}` };
  }
}

async function play(): Promise<MutantRun> {
  const stop = new AbortController();
  let games = 0;
  let killer: GameOutcome | undefined;
  try {
    await playGames(
      job.boot,
      { specs: job.specs },
      {
        onGame: (outcome) => {
          games++;
          if (!outcome.mismatch) return;
          killer = outcome;
          stop.abort();
        },
      },
      { signal: stop.signal, shrinkMs: job.shrinkMs, menu: job.menu },
    );
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    if (killer) return killed(killer, games);
    return { status: /timed out/.test(message) ? "timeout" : "crashed", games: games + 1, message };
  }
  return killer ? killed(killer, games) : { status: "survived", games };
}

port.postMessage(await play());
