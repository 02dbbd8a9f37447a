/**
 * A whole campaign, as `piskasm mutate` runs it: the folder checked (a used one is resumed with
 * --incremental, replaced with --fresh, or refused), the mutants made, those whose verdict can be
 * reused taken from the last campaign, the rest played J at a time, the folder's files written
 * (mutate/outputs.ts). The command line only parses options and prints the figures.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { GameSpec, Shard } from "../harness/model.js";
import { formatShard } from "../harness/shard.js";
import { writeReport } from "../checks/report.js";
import { checkOutputPlace, ensureWritableDir, writeFileAtomically } from "../util/files.js";
import type { Interruption } from "../util/abort.js";
import { runEach } from "../util/worker-pool.js";
import { MutantWorker, type GamePlan } from "./campaign.js";
import { reusable, type KnownKill, type Reusable } from "./reuse.js";
import { settingsIdentity } from "./identity.js";
import type { MutantRun } from "./mutant-run.js";
import { CAMPAIGN_FILES, writeCampaignFiles } from "./outputs.js";
import {
  figures,
  MUTATION_FORMAT,
  mutantResult,
  readMutationReport,
  readVerdicts,
  type MutantResult,
  type MutationReport,
  type ReuseCounts,
} from "./report.js";
import { SelectionError, shardPositions, spread } from "./select.js";
import { proveSurvivors } from "./proofs.js";
import type { PreparedMutant, TargetMutants, TargetSettings } from "./target.js";
import { requireTools } from "./tools.js";

/** The settings a campaign hands on to its target as they are. */
type TargetKeys = "root" | "routines" | "ids" | "limit" | "jobs" | "timeoutMs" | "reporter";

export interface CampaignRequest extends Pick<TargetSettings, TargetKeys> {
  target: "asm" | "ts";
  /** Makes the target's mutants (asm or ts). */
  mutants: (settings: TargetSettings, plan: GamePlan) => Promise<TargetMutants>;
  shard?: Shard;
  plan: GamePlan;
  shrinkMs: number;
  shrinkSample: number;
  out: string;
  verdicts: string;
  markdown?: string;
  note?: string;
  /** Reuse the verdicts of the last campaign in `out` for mutants of unchanged hash and settings. */
  incremental: boolean;
  /** Replace the last campaign in `out`. */
  fresh: boolean;
  /** Starts listening for signals; `cleanup` runs at once on each, before a second one exits. */
  listen: (cleanup: () => void) => Interruption;
}

export interface CampaignResult {
  /** Undefined when stopped before a mutant was played (the folder is left as it was). */
  report?: MutationReport;
  /** The signal that stopped it early. */
  stoppedBy?: string;
}

/** The files a campaign leaves in its folder, and its reports/ and scratch/ folders. */
const campaignEntries = (out: string): string[] =>
  [...Object.values(CAMPAIGN_FILES), "reports", "scratch"].filter((name) => existsSync(join(out, name)));

/** The last campaign's report for --incremental (undefined: none), after the folder checks. */
function lastCampaign(request: CampaignRequest): MutationReport | undefined {
  const used = campaignEntries(request.out);
  if (used.length === 0) return undefined;
  // Replaced at the end: the new files over the old, reports/ cleared of what the new report does not
  // name; until then (a second Ctrl+C, a kill) the last campaign stays whole.
  if (request.fresh) return undefined;
  const path = join(request.out, CAMPAIGN_FILES.report);
  if (!request.incremental || !existsSync(path))
    throw new SelectionError(
      `--out ${request.out} holds a campaign already (${used.join(", ")}): --incremental reuses its verdicts, --fresh replaces it`,
    );
  return readMutationReport(path, "--incremental");
}

/** What part of the campaign ran (null: all of it), as the report's `partial` says it. */
function partialRun(request: CampaignRequest, stopped: string): string | null {
  const { ids, limit, shard } = request;
  const parts = [
    ids === undefined ? "" : `--ids ${ids.join(",")}`,
    limit === undefined ? "" : `--limit ${limit}`,
    shard ? `--shard ${formatShard(shard)}` : "",
    stopped,
  ];
  return parts.filter(Boolean).join(", ") || null;
}

export async function runCampaign(request: CampaignRequest): Promise<CampaignResult> {
  const started = performance.now();
  const { out, target, reporter, plan } = request;
  requireTools(request.root, target);
  const verdicts = readVerdicts(request.verdicts);
  ensureWritableDir(out, "report directory");
  if (request.markdown) checkOutputPlace(request.markdown, "--markdown file", "file");
  const last = lastCampaign(request);
  const reportsDir = join(out, "reports");
  mkdirSync(reportsDir, { recursive: true });
  const scratch = join(out, "scratch");
  // The first signal lets the NASM processes and games under way finish (scratch/ goes at the end); a
  // second one exits at once, so scratch/ goes then.
  const interrupts = request.listen(() => {
    if (interrupts.received()) rmSync(scratch, { recursive: true, force: true });
  });
  try {
    // The target is given the request as it is (TargetSettings picks from it), with where and when to stop.
    const settings = { ...request, scratch, signal: interrupts.signal, cache: last?.assembled };
    const made = await request.mutants(settings, plan);
    const { notAssembling, identical, duplicate } = made.dropped;
    reporter.log(
      `mutate: ${made.mutants.length} distinct mutants (dropped: ${notAssembling} do not build, ${identical} identical, ${duplicate} duplicates)`,
    );
    const identity = { program: made.program, settings: settingsIdentity(request.root, target, plan) };
    const chosen = spread(made.mutants, request.limit);
    const positions = shardPositions(chosen.length, request.shard);
    const known = reusable(last, target, identity.settings, plan, reporter.log);
    const { results, played, counts } = await runChosen(chosen, positions, known, {
      ...request,
      reportsDir,
      signal: interrupts.signal,
    });
    if (made.prove)
      await proveSurvivors(results, made.prove, provenBefore(last, identity.program), reporter, "proofs");
    const stoppedBy = interrupts.received();
    if (stoppedBy && played === 0) {
      reporter.log(`mutate: stopped by ${stoppedBy} before a mutant was played: ${out} is left as it was`);
      return { stoppedBy };
    }
    const wallMs = performance.now() - started;
    const stopped = stoppedBy
      ? `stopped by ${stoppedBy} after ${results.length} of ${positions.length} mutants`
      : "";
    const report: MutationReport = {
      format: MUTATION_FORMAT,
      target,
      routines: made.routines,
      plan: { ...plan, timeoutMs: request.timeoutMs, shrinkMs: request.shrinkMs },
      identity,
      jobs: request.jobs,
      generated: made.generated,
      dropped: made.dropped,
      ...(made.outOfScope ? { outOfScope: made.outOfScope } : {}),
      ...(made.unbuilt.length > 0 ? { unbuilt: made.unbuilt } : {}),
      ...(made.assembled ? { assembled: made.assembled } : {}),
      partial: partialRun(request, stopped),
      ...(request.shard ? { shard: request.shard } : {}),
      ...(last ? { reuse: counts } : {}),
      mutants: results,
      figures: figures(results, verdicts, wallMs),
      started: new Date(Date.now() - wallMs).toISOString(),
      ...(request.note === undefined ? {} : { note: request.note }),
    };
    dropStaleReports(reportsDir, report.mutants, chosen);
    writeCampaignFiles(out, report, verdicts, request.root, request.markdown);
    return stoppedBy ? { report, stoppedBy } : { report };
  } finally {
    interrupts.dispose();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The proofs of the last campaign by mutant hash, when it was of the same program: a proof compares
 * the program with the mutant, so it holds again for the same bytes of both.
 */
function provenBefore(last: MutationReport | undefined, program: string): ReadonlyMap<string, string> {
  if (!last || last.identity?.program !== program) return new Map();
  return new Map(
    last.mutants.flatMap((m) =>
      m.proof === undefined || m.hash === undefined ? [] : [[m.hash, m.proof] as const],
    ),
  );
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

interface RunSettings extends Pick<
  CampaignRequest,
  "jobs" | "shrinkMs" | "shrinkSample" | "timeoutMs" | "reporter"
> {
  reportsDir: string;
  /** Stops starting mutants (Ctrl+C): the report covers the finished ones. */
  signal: AbortSignal;
}

/**
 * Plays the mutants of `chosen` at `positions` (the shard's) `jobs` at a time, reusing what `known`
 * allows (mutate/reuse.ts: an unchanged hash's verdict, or a kill its killing game confirms); the kills
 * of about shrinkSample of the chosen are shrunk (by position, so shards shrink what the whole
 * campaign would). After the signal aborts, the mutants being played finish and no new one starts: the
 * finished ones return, in the order of their positions, with how many were played and how each got
 * its verdict.
 */
async function runChosen(
  chosen: readonly PreparedMutant[],
  positions: readonly number[],
  known: Reusable,
  s: RunSettings,
): Promise<{ results: MutantResult[]; played: number; counts: ReuseCounts }> {
  const results = new Map<number, MutantResult>();
  const counts: ReuseCounts = { exact: 0, reverified: 0, played: 0, games: 0 };
  const stride = s.shrinkSample === 0 ? 1 : Math.max(1, Math.floor(chosen.length / s.shrinkSample));
  const toPlay: number[] = [];
  const kills = new Map<number, KnownKill>();
  for (const i of positions) {
    const { description } = chosen[i];
    const old = description.hash === undefined ? undefined : known.byHash.get(description.hash);
    if (old) results.set(i, { ...old, ...description });
    else toPlay.push(i);
    const kill = old ? undefined : known.kill(description);
    if (kill) kills.set(i, kill);
  }
  counts.exact = results.size;
  const reusing = results.size > 0 || kills.size > 0;
  if (reusing)
    s.reporter.log(
      `mutate: --incremental: ${results.size} verdicts reused, ${toPlay.length} mutants to play (${kills.size} kills first re-verified by their killing game)`,
    );
  let finished = 0;
  let killed = 0;
  const tally = (): string => `${killed} killed, ${finished - killed} survived`;
  const bar = await s.reporter.phase("playing", "mutants", toPlay.length, tally());
  // Played in a golden-ratio order, so a campaign stopped early has covered every routine evenly.
  const order = [...toPlay].sort((a, b) => ((a * GOLDEN) % 1) - ((b * GOLDEN) % 1));
  const { play, close } = mutantPlayer(chosen, s.timeoutMs);
  const tasks = order.map((i) => async (): Promise<MutantRun> => {
    const shrinkMs = i % stride === 0 ? s.shrinkMs : 0;
    const kill = kills.get(i);
    if (kill) {
      const again = await play(i, shrinkMs, kill.game);
      counts.games += again.games;
      // The same kind of kill by the same game: the verdict names that game, as the last one did.
      if (again.status === kill.result.status) {
        counts.reverified++;
        return { ...again, games: kill.result.games };
      }
      kills.delete(i);
    }
    const run = await play(i, shrinkMs);
    counts.games += run.games;
    counts.played++;
    return run;
  });
  await runEach(
    tasks,
    s.jobs,
    (k, run) => {
      const i = order[k];
      const mutant = chosen[i];
      results.set(
        i,
        mutantResult(mutant.description, run, run.report ? saveKiller(s.reportsDir, mutant, run) : undefined),
      );
      finished++;
      if (run.status !== "survived") killed++;
      bar.update(finished, { figures: tally() });
    },
    s.signal,
  ).finally(() => {
    bar.stop();
    close();
  });
  if (reusing)
    s.reporter.log(
      `mutate: --incremental: ${counts.exact} verdicts reused exactly, ${counts.reverified} re-verified by their killing game, ${counts.played} played in full (${counts.games} games)`,
    );
  return { results: positions.flatMap((i) => results.get(i) ?? []), played: finished, counts };
}

/**
 * Plays the mutants of `chosen`, one worker thread per lane (each playing its lane's mutants one
 * after another); `close` ends the threads.
 */
function mutantPlayer(
  chosen: readonly PreparedMutant[],
  timeoutMs: number,
): {
  /** Mutant i's games and start checks, or only the game `killer` (a re-verification). */
  play: (i: number, shrinkMs: number, killer?: GameSpec) => Promise<MutantRun>;
  close: () => void;
} {
  const idle: MutantWorker[] = [];
  return {
    play: async (i, shrinkMs, killer) => {
      const start = await chosen[i].start(shrinkMs, killer === undefined);
      const worker = idle.pop() ?? new MutantWorker(timeoutMs);
      try {
        const job = killer ? { ...start.job, specs: [killer] } : start.job;
        return await worker.run(start.script, job, start);
      } finally {
        if (!start.shared) worker.close();
        idle.push(worker);
        start.done();
      }
    },
    close: () => {
      for (const worker of idle) worker.close();
    },
  };
}

/** Writes the killing game's report and the mutant's artifact (its PISKASM.COM or .ts file); returns the report's name. */
function saveKiller(dir: string, mutant: PreparedMutant, run: MutantRun): string {
  if (!run.report) throw new Error("saveKiller needs a report");
  writeFileAtomically(join(dir, mutant.artifact.name), mutant.artifact.contents(), "mutant artifact");
  const path = writeReport(dir, run.report);
  return path.slice(dir.length + 1);
}

/** Removes from reports/ what no mutant of the report refers to (the kills of a replaced campaign, or of replaced mutants). */
function dropStaleReports(
  dir: string,
  mutants: readonly MutantResult[],
  chosen: readonly PreparedMutant[],
): void {
  const artifacts = new Map(chosen.map((m) => [m.description.id, m.artifact.name]));
  const keep = new Set(mutants.flatMap((m) => (m.report ? [m.report, artifacts.get(m.id) ?? ""] : [])));
  for (const name of readdirSync(dir)) if (!keep.has(name)) rmSync(join(dir, name), { force: true });
}
