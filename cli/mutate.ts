/** `piskasm mutate`: mutation testing of the differential harness (asm mutants of PISKASM.COM). */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { ensureWritableDir } from "../util/files.js";
import { isPolicyName, POLICY_NAMES, type GeneratedPolicyName } from "../checks/policy-names.js";
import { writeReport } from "../checks/report.js";
import type { Shard } from "../harness/model.js";
import { formatShard, parseShard } from "../harness/shard.js";
import { DEFAULT_SHRINK_MS } from "../harness/shrink.js";
import { asmMutants, buildMutants, type AsmMutant, type BuiltMutant } from "../mutate/asm-mutants.js";
import { evaluatorRoutines, readAsmSource, routineNames } from "../mutate/asm-source.js";
import { mutantFloppy, mutantGames, runMutant, runPool, type GamePlan } from "../mutate/campaign.js";
import { writeMarkdown } from "../mutate/markdown.js";
import type { MutantJob, MutantRun } from "../mutate/mutant-run.js";
import { figureLines, figures, MUTATION_FORMAT, mutantResult, readVerdicts, type MutantResult, type MutationReport } from "../mutate/report.js";
import { parseNonNegativeInt, parsePositiveInt, UsageError } from "./errors.js";
import { projectPath } from "./paths.js";

interface MutateOptions {
  target: string;
  routines?: string;
  limit?: string;
  ids?: string;
  games: string;
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
  verdicts: string;
}

export function registerMutate(program: Command): void {
  program
    .command("mutate")
    .description(
      "mutation testing: make mutants of the evaluator (conditional jumps inverted and swapped with their neighbour, " +
        "immediates, table words and constants +1/-1, instructions removed), each its own floppy, and count how many " +
        "the differential harness kills",
    )
    .option("--target <t>", "asm (PISKASM.COM's NASM source)", "asm")
    .option("--routines <list>", "comma-separated routines to mutate (default: the evaluator's, from asm/piskasm/engine.inc)")
    .option("--limit <n>", "run only n mutants, evenly spread over the campaign")
    .option("--ids <list>", "run only these mutants (comma-separated ids as mutation.json names them, e.g. engine.inc:64:remove)")
    .option("--games <n>", "games per mutant at most (it is killed at its first mismatch)", "12")
    .option("--policy <list>", `comma-separated policies the games go through, two games each (${POLICY_NAMES.join(", ")})`, "engine,random")
    .option("--seed <s>", "game i has Seed (s + i) mod 65536; the policies are seeded from s", "1")
    .option("--max-moves <n>", "abandon a game after this many computer moves", "100")
    .option("--jobs <j>", "mutants run in parallel (worker threads, one emulator each)", "1")
    .option("--shard <i/n>", "run only mutants i, i+n, i+2n ... (i from 0)")
    .option("--out <dir>", "where mutation.json and the killing games' mismatch reports go", "reports/mutation")
    .option("--timeout-ms <n>", "last-resort wall-time limit of one step (hangs are caught sooner: by guest instructions without progress)", "60000")
    .option("--shrink-ms <n>", "time budget for shrinking a killing mismatch (0: none)", String(DEFAULT_SHRINK_MS))
    .option("--shrink-sample <n>", "shrink the kills of about n mutants spread evenly over the campaign (0: of all)", "60")
    .option("--markdown <file>", "also write the report as Markdown (docs/mutation.md)")
    .option("--verdicts <file>", "the survivors' verdicts (equivalent or missed, with why)", projectPath("mutate", "verdicts.json"))
    .option("--json", "print the figures as one JSON object")
    .action(async (options: MutateOptions) => {
      if (options.target !== "asm") throw new UsageError(`--target must be asm, not ${JSON.stringify(options.target)}`);
      await runCampaign(options);
    });
}

function parsePolicies(list: string): GeneratedPolicyName[] {
  const names = list.split(",").map((p) => p.trim());
  for (const name of names) {
    if (!isPolicyName(name)) throw new UsageError(`--policy: ${JSON.stringify(name)} is not one of ${POLICY_NAMES.join(", ")}`);
  }
  return names as GeneratedPolicyName[];
}

function chooseRoutines(option: string | undefined, available: string[], evaluator: string[]): string[] {
  if (option === undefined) return evaluator;
  const chosen = option.split(",").map((r) => r.trim());
  const unknown = chosen.filter((r) => !available.includes(r));
  if (unknown.length > 0) throw new UsageError(`--routines: no routine ${unknown.join(", ")}; the program has ${available.join(" ")}`);
  return chosen;
}

/**
 * The mutants named by --ids (all must exist; they are assembled without the others, so the check for
 * duplicates of earlier mutants is skipped), or all.
 */
function namedMutants(list: AsmMutant[], ids: string | undefined): AsmMutant[] {
  if (ids === undefined) return list;
  const wanted = ids.split(",").map((id) => id.trim());
  const missing = wanted.filter((id) => !list.some((m) => m.id === id));
  if (missing.length > 0) throw new UsageError(`--ids: no mutant ${missing.join(", ")} in the chosen routines`);
  return list.filter((m) => wanted.includes(m.id));
}

/** `n` of `list` evenly spread (all when n >= its length), and the shard's share. */
function selectMutants(list: readonly BuiltMutant[], limit: number | undefined, shard: Shard | undefined): BuiltMutant[] {
  let out = [...list];
  if (limit !== undefined && limit < out.length) out = Array.from({ length: limit }, (_, i) => out[Math.floor((i * out.length) / limit)]);
  if (shard) out = out.filter((_, i) => i % shard.count === shard.index);
  return out;
}

async function runCampaign(options: MutateOptions): Promise<void> {
  const started = performance.now();
  const jobs = parsePositiveInt(options.jobs, "--jobs");
  const limit = options.limit === undefined ? undefined : parsePositiveInt(options.limit, "--limit");
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  const plan: GamePlan = {
    games: parsePositiveInt(options.games, "--games"),
    policies: parsePolicies(options.policy),
    seed: parseNonNegativeInt(options.seed, "--seed") & 0xffff,
    maxComputerMoves: parsePositiveInt(options.maxMoves, "--max-moves"),
  };
  const timeoutMs = parsePositiveInt(options.timeoutMs, "--timeout-ms");
  const shrinkMs = parseNonNegativeInt(options.shrinkMs, "--shrink-ms");
  const shrinkSample = parseNonNegativeInt(options.shrinkSample, "--shrink-sample");
  const verdicts = readVerdicts(options.verdicts);
  ensureWritableDir(options.out, "report directory");
  const reportsDir = join(options.out, "reports");
  mkdirSync(reportsDir, { recursive: true });

  const asmDir = projectPath("asm");
  const source = readAsmSource(asmDir);
  const routines = chooseRoutines(options.routines, routineNames(source), evaluatorRoutines(source));
  const all = namedMutants(asmMutants(source, new Set(routines)), options.ids);
  const scratch = join(options.out, "scratch");
  process.stderr.write(`mutate: ${all.length} mutants of ${routines.length} routines; assembling\n`);
  const built = await buildMutants(source, asmDir, all, scratch, jobs, (done) => {
    if (done % 50 === 0) process.stderr.write(`mutate: assembled ${done}/${all.length}\n`);
  });
  const { notAssembling, identical, duplicate } = built.dropped;
  process.stderr.write(`mutate: ${built.kept.length} distinct mutants (dropped: ${notAssembling} do not assemble, ${identical} identical, ${duplicate} duplicates)\n`);
  const chosen = selectMutants(built.kept, limit, shard);
  const specs = mutantGames(plan);
  const files = { autoexec: projectPath("disk", "AUTOEXEC.BAT"), mouse: projectPath("build", "MOUSE.COM"), mkimg: projectPath("scripts", "mkimg.sh") };
  const script = projectPath("build", "mutate-worker.mjs");
  const results: MutantResult[] = new Array<MutantResult>(chosen.length);
  const shrinkStride = shrinkSample === 0 ? 1 : Math.max(1, Math.floor(chosen.length / shrinkSample));
  let finished = 0;
  const tasks = chosen.map((mutant, i) => async (): Promise<MutantRun> => {
    const image = mutantFloppy(scratch, `m${i}`, mutant.program, files);
    try {
      const job: MutantJob = { boot: { image, dos: "builtin", timeoutMs }, specs, shrinkMs: i % shrinkStride === 0 ? shrinkMs : 0 };
      return await runMutant(script, job);
    } finally {
      rmSync(image, { force: true });
    }
  });
  await runPool(tasks, jobs, (i, run) => {
    const mutant = chosen[i];
    results[i] = mutantResult(describe(mutant), run, run.report ? saveKiller(reportsDir, mutant, run) : undefined);
    finished++;
    const where = `${mutant.id} (${mutant.routine})`;
    process.stderr.write(`mutate: ${finished}/${chosen.length} ${where}: ${run.status} after ${run.games} game(s)\n`);
  });
  rmSync(scratch, { recursive: true, force: true });
  const wallMs = performance.now() - started;
  const partial = [options.ids === undefined ? "" : `--ids ${options.ids}`, limit === undefined ? "" : `--limit ${limit}`, shard ? `--shard ${formatShard(shard)}` : ""].filter(Boolean).join(" ") || null;
  const report: MutationReport = {
    format: MUTATION_FORMAT,
    target: "asm",
    routines,
    plan: { ...plan, policies: [...plan.policies], timeoutMs, shrinkMs },
    jobs,
    generated: all.length,
    dropped: built.dropped,
    partial,
    mutants: results,
    figures: figures(results, verdicts, wallMs),
    started: new Date(Date.now() - wallMs).toISOString(),
  };
  writeFileSync(join(options.out, "mutation.json"), JSON.stringify(report, null, 2) + "\n");
  if (options.markdown) writeMarkdown(options.markdown, report, verdicts);
  if (options.json) console.log(JSON.stringify(report.figures));
  else console.log(figureLines(report.figures).join("\n"));
}

function describe(mutant: BuiltMutant): Omit<MutantResult, "status" | "games"> {
  const { id, file, line, routine, operator, original, mutated, inMacro } = mutant;
  return { id, file, line, routine, operator, original, mutated, inMacro };
}

/** Writes the killing game's report (with the mutation) and the mutant's PISKASM.COM; returns the report's name. */
function saveKiller(dir: string, mutant: BuiltMutant, run: MutantRun): string {
  if (!run.report) throw new Error("saveKiller needs a report");
  const name = mutant.id.replace(/[^\w.+-]/g, "_");
  writeFileSync(join(dir, `${name}.COM`), mutant.program);
  const path = writeReport(dir, run.report);
  return path.slice(dir.length + 1);
}
