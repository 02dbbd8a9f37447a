/** `piskasm mutate`: mutation testing of the differential harness (asm mutants of PISKASM.COM). */
import { jobsRefusal } from "../util/address-space.js";
import { mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Command } from "commander";
import { ensureWritableDir } from "../util/files.js";
import { isPolicyName, POLICY_NAMES, type GeneratedPolicyName } from "../checks/policy-names.js";
import { writeReport, type MismatchReport } from "../checks/report.js";
import { formatShard, parseShard } from "../harness/shard.js";
import { DEFAULT_SHRINK_MS } from "../harness/shrink.js";
import { asmTarget } from "../mutate/asm-target.js";
import { runMutant, runPool, type GamePlan } from "../mutate/campaign.js";
import { PROBES } from "../harness/probe.js";
import { writeMarkdown } from "../mutate/markdown.js";
import type { MutantRun } from "../mutate/mutant-run.js";
import {
  figureLines,
  figures,
  MUTATION_FORMAT,
  mutantResult,
  readVerdicts,
  shrinkCounts,
  type MutantResult,
  type MutationReport,
} from "../mutate/report.js";
import { SelectionError, spread } from "../mutate/select.js";
import type { PreparedMutant, TargetMutants } from "../mutate/target.js";
import { parseNonNegativeInt, parsePositiveInt, UsageError } from "./errors.js";
import { listenForInterrupts, SIGNAL_EXIT_CODES } from "./interrupt.js";
import { projectPath } from "./paths.js";
import { readRegularFile, writeFileAtomically } from "../util/files.js";

interface MutateOptions {
  target: string;
  routines?: string;
  limit?: string;
  ids?: string;
  games: string;
  probes: string;
  policy: string;
  seed: string;
  maxMoves: string;
  jobs: string;
  shard?: string;
  out: string;
  json?: boolean;
  timeoutMs: string;
  shrinkMs: string;
  shrinkSample: string;
  markdown?: string;
  rescore?: string;
  note?: string;
  verdicts?: string;
}

/** The options of the games every mutant plays (mutate/campaign.ts GamePlan). */
function addPlanOptions(command: Command): Command {
  return command
    .option("--games <n>", "policy games per mutant at most (it is killed at its first mismatch)", "12")
    .option(
      "--probes <n>",
      `probe games after them: set-up positions aimed at rare paths of the evaluator, scenario i mod ${PROBES.length} (harness/probe.ts; 0: none)`,
      String(PROBES.length),
    )
    .option(
      "--policy <list>",
      `comma-separated policies the games go through, two games each (${POLICY_NAMES.join(", ")})`,
      "engine,random,sweep",
    )
    .option(
      "--seed <s>",
      "game i has Seed (s + 40503 i) mod 65536 (spread over all Seeds); the policies are seeded from s",
      "1",
    )
    .option("--max-moves <n>", "abandon a game after this many computer moves", "100");
}

export function registerMutate(program: Command): void {
  addPlanOptions(
    program
      .command("mutate")
      .description(
        "mutation testing: make mutants of the evaluator (conditional jumps inverted and swapped with their neighbour, " +
          "immediates, table words and constants +1/-1, instructions removed), each its own floppy, and count how many " +
          "the differential harness kills",
      )
      .option(
        "--target <t>",
        "asm (PISKASM.COM's NASM source, reassembled) or ts (engine-ts, through the TypeScript compiler API)",
        "asm",
      )
      .option(
        "--routines <list>",
        "comma-separated routines to mutate (default: the evaluator's: asm/piskasm/engine.inc, or engine-ts's evaluator files)",
      )
      .option("--limit <n>", "run only n mutants, evenly spread over the campaign")
      .option(
        "--ids <list>",
        "run only these mutants (comma-separated ids as mutation.json names them, e.g. engine.inc:64:remove)",
      ),
  )
    .option("--jobs <j>", "mutants run in parallel (worker threads, one emulator each)", "1")
    .option("--shard <i/n>", "run only mutants i, i+n, i+2n ... (i from 0)")
    .option(
      "--out <dir>",
      "where mutation.json and the killing games' mismatch reports go",
      "reports/mutation",
    )
    .option(
      "--timeout-ms <n>",
      "last-resort wall-time limit of one step (hangs are caught sooner: by guest instructions without progress)",
      "60000",
    )
    .option(
      "--shrink-ms <n>",
      "time budget for shrinking a killing mismatch (0: none)",
      String(DEFAULT_SHRINK_MS),
    )
    .option(
      "--shrink-sample <n>",
      "shrink the kills of about n mutants spread evenly over the campaign (0: of all)",
      "60",
    )
    .option("--markdown <file>", "also write the report as Markdown (docs/mutation.md)")
    .option(
      "--verdicts <file>",
      "the survivors' verdicts (equivalent or missed, with why) (default: mutate/verdicts.json, for --target ts mutate/verdicts-ts.json)",
    )
    .option(
      "--rescore <file>",
      "play nothing: read a campaign's mutation.json, count the equivalent survivors again with --verdicts, " +
        "rewrite its figures and the --markdown page",
    )
    .option("--note <text>", "a sentence about the run for the report (the machine's load, for example)")
    .option("--json", "print the figures as one JSON object")
    .action(async (options: MutateOptions) => {
      if (options.target !== "asm" && options.target !== "ts")
        throw new UsageError(`--target must be asm or ts, not ${JSON.stringify(options.target)}`);
      try {
        if (options.rescore !== undefined) rescore(options.rescore, options);
        else await runCampaign(options, options.target);
      } catch (error) {
        throw error instanceof SelectionError ? new UsageError(error.message) : error;
      }
    });
}

function parsePolicies(list: string): GeneratedPolicyName[] {
  const names = list.split(",").map((p) => p.trim());
  for (const name of names) {
    if (!isPolicyName(name))
      throw new UsageError(`--policy: ${JSON.stringify(name)} is not one of ${POLICY_NAMES.join(", ")}`);
  }
  return names as GeneratedPolicyName[];
}

/** --verdicts, or the target's own verdicts file. */
const verdictsPath = (options: MutateOptions, target: "asm" | "ts"): string =>
  options.verdicts ?? projectPath("mutate", target === "asm" ? "verdicts.json" : "verdicts-ts.json");

const list = (text: string | undefined): string[] | undefined => text?.split(",").map((x) => x.trim());

function parsePlan(options: MutateOptions): GamePlan {
  return {
    games: parsePositiveInt(options.games, "--games"),
    probes: parseNonNegativeInt(options.probes, "--probes"),
    policies: parsePolicies(options.policy),
    seed: parseNonNegativeInt(options.seed, "--seed") & 0xffff,
    maxComputerMoves: parsePositiveInt(options.maxMoves, "--max-moves"),
  };
}

type TsTargetModule = typeof import("../mutate/ts-target.js");

/**
 * The ts target, bundled apart as build/mutate-ts.mjs: it needs esbuild and typescript, which a clone
 * has and the npm package does not, so `piskasm` itself loads without them.
 */
async function loadTsTarget(): Promise<TsTargetModule> {
  const path = projectPath("build", "mutate-ts.mjs");
  try {
    return (await import(pathToFileURL(path).href)) as TsTargetModule;
  } catch (error) {
    const why = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
    throw new UsageError(
      `--target ts needs a clone of piskasm with its dev packages (esbuild, typescript): ${why}`,
    );
  }
}

/** What part of the campaign ran (null: all of it), as the report's `partial` says it. */
function partialRun(
  ids: string | undefined,
  limit: number | undefined,
  shard: Parameters<typeof formatShard>[0] | undefined,
  stopped: string,
): string | null {
  const parts = [
    ids === undefined ? "" : `--ids ${ids}`,
    limit === undefined ? "" : `--limit ${limit}`,
    shard ? `--shard ${formatShard(shard)}` : "",
    stopped,
  ];
  return parts.filter(Boolean).join(", ") || null;
}

async function runCampaign(options: MutateOptions, target: "asm" | "ts"): Promise<void> {
  const started = performance.now();
  const jobs = parsePositiveInt(options.jobs, "--jobs");
  const tooMany = jobsRefusal(jobs);
  if (tooMany) throw new UsageError(tooMany);
  const limit = options.limit === undefined ? undefined : parsePositiveInt(options.limit, "--limit");
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  const plan = parsePlan(options);
  const timeoutMs = parsePositiveInt(options.timeoutMs, "--timeout-ms");
  const shrinkMs = parseNonNegativeInt(options.shrinkMs, "--shrink-ms");
  const shrinkSample = parseNonNegativeInt(options.shrinkSample, "--shrink-sample");
  const verdicts = readVerdicts(verdictsPath(options, target));
  ensureWritableDir(options.out, "report directory");
  const reportsDir = join(options.out, "reports");
  mkdirSync(reportsDir, { recursive: true });
  const scratch = join(options.out, "scratch");
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const settings = {
    root: projectPath(),
    routines: list(options.routines),
    ids: list(options.ids),
    scratch,
    jobs,
    timeoutMs,
    log,
  };
  const made: TargetMutants =
    target === "asm" ? await asmTarget(settings, plan) : (await loadTsTarget()).tsTarget(settings, plan);
  const { notAssembling, identical, duplicate } = made.dropped;
  log(
    `mutate: ${made.mutants.length} distinct mutants (dropped: ${notAssembling} do not build, ${identical} identical, ${duplicate} duplicates)`,
  );
  const chosen = spread(made.mutants, limit, shard);
  const interrupts = listenForInterrupts();
  const results = await runChosen(chosen, {
    jobs,
    shrinkMs,
    shrinkSample,
    timeoutMs,
    reportsDir,
    log,
    signal: interrupts.signal,
  });
  interrupts.dispose();
  const stoppedBy = interrupts.received();
  rmSync(scratch, { recursive: true, force: true });
  const wallMs = performance.now() - started;
  const stopped = stoppedBy
    ? `stopped by ${stoppedBy} after ${results.length} of ${chosen.length} mutants`
    : "";
  const partial = partialRun(options.ids, limit, shard, stopped);
  const report: MutationReport = {
    format: MUTATION_FORMAT,
    target,
    routines: made.routines,
    plan: { ...plan, policies: [...plan.policies], timeoutMs, shrinkMs },
    jobs,
    generated: made.generated,
    dropped: made.dropped,
    ...(made.outOfScope ? { outOfScope: made.outOfScope } : {}),
    partial,
    mutants: results,
    figures: figures(results, verdicts, wallMs),
    started: new Date(Date.now() - wallMs).toISOString(),
    ...(options.note === undefined ? {} : { note: options.note }),
  };
  writeFileAtomically(
    join(options.out, "mutation.json"),
    JSON.stringify(report, null, 2) + "\n",
    "mutation report",
  );
  if (options.markdown) writeMarkdown(options.markdown, report, verdicts);
  if (options.json) console.log(JSON.stringify(report.figures));
  else console.log(figureLines(report.figures, target === "asm" ? "mutate" : "mutate_ts").join("\n"));
  if (stoppedBy) process.exitCode = SIGNAL_EXIT_CODES[stoppedBy];
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

interface RunSettings {
  jobs: number;
  shrinkMs: number;
  shrinkSample: number;
  timeoutMs: number;
  reportsDir: string;
  log: (line: string) => void;
  /** Stops starting mutants (Ctrl+C): the report covers the finished ones. */
  signal: AbortSignal;
}

/**
 * Plays the chosen mutants `jobs` at a time; the kills of about shrinkSample of them are shrunk. After
 * the signal aborts, the mutants being played finish and no new one starts: the finished ones return.
 */
async function runChosen(chosen: readonly PreparedMutant[], s: RunSettings): Promise<MutantResult[]> {
  const results: MutantResult[] = new Array<MutantResult>(chosen.length);
  const stride = s.shrinkSample === 0 ? 1 : Math.max(1, Math.floor(chosen.length / s.shrinkSample));
  let finished = 0;
  // Played in a golden-ratio order, so a campaign stopped early has covered every routine evenly.
  const order = chosen.map((_, i) => i).sort((a, b) => ((a * GOLDEN) % 1) - ((b * GOLDEN) % 1));
  const tasks = order.map((i) => async (): Promise<MutantRun> => {
    const mutant = chosen[i];
    const start = await mutant.start(i % stride === 0 ? s.shrinkMs : 0);
    try {
      return await runMutant(start.script, start.job, s.timeoutMs);
    } finally {
      start.done();
    }
  });
  await runPool(
    tasks,
    s.jobs,
    (k, run) => {
      const i = order[k];
      const mutant = chosen[i];
      results[i] = mutantResult(
        mutant.description,
        run,
        run.report ? saveKiller(s.reportsDir, mutant, run) : undefined,
      );
      finished++;
      s.log(
        `mutate: ${finished}/${chosen.length} ${mutant.description.id} (${mutant.description.routine}): ${run.status} after ${run.games} game(s)`,
      );
    },
    s.signal,
  );
  return results.filter((r) => r !== undefined);
}

/** Writes the killing game's report and the mutant's artifact (its PISKASM.COM or .ts file); returns the report's name. */
function saveKiller(dir: string, mutant: PreparedMutant, run: MutantRun): string {
  if (!run.report) throw new Error("saveKiller needs a report");
  writeFileAtomically(join(dir, mutant.artifact.name), mutant.artifact.contents, "mutant artifact");
  const path = writeReport(dir, run.report);
  return path.slice(dir.length + 1);
}

/** A campaign's mutation.json: a few thousand mutants of a few hundred bytes. */
const MAX_REPORT_BYTES = 64 * 1024 * 1024;

/** Recounts a finished campaign with the current verdicts (they are written after it ran). */
function rescore(path: string, options: MutateOptions): void {
  let report: MutationReport;
  try {
    report = JSON.parse(readRegularFile(path, MAX_REPORT_BYTES, "--rescore report")) as MutationReport;
  } catch (error) {
    throw new UsageError(
      `--rescore: cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const format: unknown = report.format;
  if (format !== MUTATION_FORMAT)
    throw new UsageError(`--rescore: ${path} is not a ${MUTATION_FORMAT} report (format ${String(format)})`);
  const verdicts = readVerdicts(verdictsPath(options, report.target));
  recountShrinks(report, join(dirname(path), "reports"));
  report.figures = figures(report.mutants, verdicts, report.figures.wallS * 1000);
  if (options.note !== undefined) report.note = options.note;
  writeFileAtomically(path, JSON.stringify(report, null, 2) + "\n", "mutation report");
  if (options.markdown) writeMarkdown(options.markdown, report, verdicts);
  if (options.json) console.log(JSON.stringify(report.figures));
  else console.log(figureLines(report.figures, report.target === "asm" ? "mutate" : "mutate_ts").join("\n"));
}

/** The shrink counts of every kill again, from the killing reports beside the campaign's JSON. */
function recountShrinks(report: MutationReport, reportsDir: string): void {
  for (const mutant of report.mutants) {
    delete mutant.shrink;
    if (!mutant.report) continue;
    // Parsed without readReport's checks: a mutant's game may break the rules those checks hold a real game to.
    const shrink = shrinkCounts(
      JSON.parse(
        readRegularFile(join(reportsDir, mutant.report), MAX_REPORT_BYTES, "mismatch report"),
      ) as MismatchReport,
    );
    if (shrink) mutant.shrink = shrink;
  }
}
