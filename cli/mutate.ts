/**
 * `piskasm mutate`: mutation testing of the differential harness. The options are parsed here; the
 * campaign, its rescoring and its files are mutate/'s (run-campaign.ts, rescore.ts, outputs.ts).
 */
import { pathToFileURL } from "node:url";
import type { Command } from "commander";
import type { GeneratedPolicyName } from "../checks/policy-names.js";
import { campaignPolicyNames, policyHelp } from "../harness/policy-registry.js";
import { DEFAULT_SHRINK_MS } from "../harness/shrink.js";
import { PROBES } from "../harness/probe.js";
import { asmTarget } from "../mutate/asm-target.js";
import { DEFAULT_POLICY_GAMES, type GamePlan } from "../mutate/campaign.js";
import { gamesFrom } from "../mutate/kill-matrix.js";
import { figureLines, type MutationReport } from "../mutate/report.js";
import { mergeCampaigns } from "../mutate/merge.js";
import { rescore } from "../mutate/rescore.js";
import { progressReporter } from "../mutate/reporter.js";
import { runCampaign } from "../mutate/run-campaign.js";
import { SelectionError } from "../mutate/select.js";
import type { TargetMutants, TargetSettings } from "../mutate/target.js";
import { parseJobs, parseNonNegativeInt, parsePositiveInt, refusing, UsageError } from "./errors.js";
import { parseSeed, parseShardOption } from "./harness-options.js";
import { listenForInterrupts, SIGNAL_EXIT_CODES, type HandledSignal } from "./interrupt.js";
import { projectPath } from "./paths.js";

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
  gamesFrom?: string;
  incremental?: boolean;
  fresh?: boolean;
}

type RescoreOptions = Pick<MutateOptions, "markdown" | "verdicts" | "note" | "json">;

/** The options of the games every mutant plays (mutate/campaign.ts GamePlan). */
function addPlanOptions(command: Command): Command {
  return command
    .option(
      "--games <n>",
      "policy games per mutant at most (it is killed at its first mismatch)",
      String(DEFAULT_POLICY_GAMES),
    )
    .option(
      "--probes <n>",
      `probe games after them: set-up positions aimed at rare paths of the evaluator, scenario i mod ${PROBES.length} (harness/probe.ts; 0: none)`,
      String(PROBES.length),
    )
    .option(
      "--policy <list>",
      `comma-separated policies the games go through, two games each (${campaignPolicyNames().join(", ")}). ${policyHelp(campaignPolicyNames())}`,
      "engine,random,sweep",
    )
    .option(
      "--seed <s>",
      "game i has Seed (s + 40503 i) mod 65536 (spread over all Seeds); the policies are seeded from s",
      "1",
    )
    .option("--max-moves <n>", "abandon a game after this many computer moves", "100");
}

/** The options of how the mutants are played and judged. */
function addRunOptions(command: Command): Command {
  return command
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
    );
}

const RESCORE_HELP =
  "play nothing: read a campaign's mutation.json, count the equivalent survivors again with --verdicts, " +
  "rewrite its folder's files and the --markdown page (refused for a report of another program)";

export function registerMutate(program: Command): void {
  const mutate = addRunOptions(
    addPlanOptions(
      program
        .command("mutate")
        .description(
          "mutation testing: make mutants of PISKASM.COM (its whole program by default) or of engine-ts (--target ts): conditional jumps inverted and swapped with their neighbour, " +
            "immediates, table words and constants +1/-1, instructions removed; each is played by the differential harness " +
            "(an asm mutant on its own floppy), which counts how many it kills",
        )
        .option(
          "--target <t>",
          "asm (PISKASM.COM's NASM source, reassembled) or ts (engine-ts, through the TypeScript compiler API)",
          "asm",
        )
        .option(
          "--routines <list>",
          "comma-separated routines to mutate (default: every routine of the whole program, asm/piskasm.asm and its includes; `evaluator` stands for the evaluator's routines of asm/piskasm/engine.inc), or engine-ts's files",
        )
        .option("--limit <n>", "run only n mutants, evenly spread over the campaign")
        .option(
          "--ids <list>",
          "run only these mutants (comma-separated ids as mutation.json names them, e.g. engine.inc:64:remove)",
        ),
    )
      .option(
        "--games-from <file>",
        "play only the games of a campaign's minimal-games.json (the fewest games that killed all it killed: a fast pre-commit campaign); replaces the game options",
      )
      .option("--jobs <j>", "mutants run in parallel (worker threads, one emulator each)", "1")
      .option(
        "--shard <i/n>",
        "run only mutants i, i+n, i+2n ... (i from 0); `piskasm report merge` joins the shards",
      )
      .option(
        "--out <dir>",
        "where mutation.json, mutation-report.json and .html (the mutation-testing-elements viewer), kill-matrix.json, minimal-games.json and the killing games' mismatch reports go",
        "reports/mutation",
      )
      .option(
        "--incremental",
        "reuse the verdicts of the last campaign in --out for every mutant whose program (asm) or source (ts) and settings are unchanged; play the rest",
      )
      .option(
        "--fresh",
        "replace the last campaign in --out (without it or --incremental a used --out is refused)",
      ),
  )
    .option("--rescore <file>", `deprecated: \`piskasm mutate rescore FILE\`; ${RESCORE_HELP}`)
    .option("--note <text>", "a sentence about the run for the report (the machine's load, for example)")
    .option("--json", "print the figures as one JSON object")
    .action(async (options: MutateOptions) => {
      const target = parseTarget(options.target);
      if (options.rescore !== undefined) {
        process.stderr.write(
          "piskasm: mutate --rescore FILE is deprecated: use `piskasm mutate rescore FILE`\n",
        );
        return rescoreCommand(options.rescore, options);
      }
      await campaignCommand(options, target);
    });
  mutate
    .command("rescore")
    .description(RESCORE_HELP)
    .argument("<file>", "the campaign's mutation.json")
    .usage("[--markdown FILE] [--verdicts FILE] [--note TEXT] [--json] <file> (mutate's options)")
    .action((file: string, _options: object, command: Command) =>
      rescoreCommand(file, command.optsWithGlobals<RescoreOptions>()),
    );
}

function parseTarget(target: string): "asm" | "ts" {
  if (target !== "asm" && target !== "ts")
    throw new UsageError(`--target must be asm or ts, not ${JSON.stringify(target)}`);
  return target;
}

function parsePolicies(list: string): GeneratedPolicyName[] {
  const names = list.split(",").map((p) => p.trim());
  const known = campaignPolicyNames();
  return names.map((name) => {
    const policy = known.find((p) => p === name);
    if (!policy) throw new UsageError(`--policy: ${JSON.stringify(name)} is not one of ${known.join(", ")}`);
    return policy;
  });
}

/** --verdicts, or the target's own verdicts file. */
const verdictsPath = (verdicts: string | undefined, target: "asm" | "ts"): string =>
  verdicts ?? projectPath("mutate", target === "asm" ? "verdicts.json" : "verdicts-ts.json");

const list = (text: string | undefined): string[] | undefined => text?.split(",").map((x) => x.trim());

function parsePlan(options: MutateOptions): GamePlan {
  return {
    games: parsePositiveInt(options.games, "--games"),
    probes: parseNonNegativeInt(options.probes, "--probes"),
    policies: parsePolicies(options.policy),
    seed: parseSeed(options.seed),
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

function printFigures(report: MutationReport, json: boolean | undefined): void {
  if (json) console.log(JSON.stringify(report.figures));
  else console.log(figureLines(report.figures, report.target === "asm" ? "mutate" : "mutate_ts").join("\n"));
}

async function campaignCommand(options: MutateOptions, target: "asm" | "ts"): Promise<void> {
  const jobs = parseJobs(options.jobs);
  if (options.incremental && options.fresh)
    throw new UsageError("--incremental and --fresh exclude each other");
  const mutants =
    target === "asm"
      ? asmTarget
      : async (settings: TargetSettings, plan: GamePlan): Promise<TargetMutants> =>
          (await loadTsTarget()).tsTarget(settings, plan);
  const { report, stoppedBy } = await refusing([SelectionError], () =>
    runCampaign({
      root: projectPath(),
      target,
      mutants,
      routines: list(options.routines),
      ids: list(options.ids),
      limit: options.limit === undefined ? undefined : parsePositiveInt(options.limit, "--limit"),
      shard: parseShardOption(options.shard),
      plan: options.gamesFrom === undefined ? parsePlan(options) : gamesFrom(options.gamesFrom),
      jobs,
      timeoutMs: parsePositiveInt(options.timeoutMs, "--timeout-ms"),
      shrinkMs: parseNonNegativeInt(options.shrinkMs, "--shrink-ms"),
      shrinkSample: parseNonNegativeInt(options.shrinkSample, "--shrink-sample"),
      out: options.out,
      verdicts: verdictsPath(options.verdicts, target),
      markdown: options.markdown,
      note: options.note,
      incremental: options.incremental === true,
      fresh: options.fresh === true,
      reporter: progressReporter(),
      listen: (cleanup) => listenForInterrupts({ onSignal: cleanup }),
    }),
  );
  if (report) printFigures(report, options.json);
  if (stoppedBy) process.exitCode = SIGNAL_EXIT_CODES[stoppedBy as HandledSignal];
}

async function rescoreCommand(file: string, options: RescoreOptions): Promise<void> {
  const report = await refusing([SelectionError], () =>
    rescore({
      root: projectPath(),
      path: file,
      verdicts: (target) => verdictsPath(options.verdicts, target),
      markdown: options.markdown,
      note: options.note,
      reporter: progressReporter(),
    }),
  );
  printFigures(report, options.json);
}

/** `piskasm report merge` of `mutate --shard i/n` folders (cli/report.ts hands them here). */
export function mergeCampaignCommand(
  dirs: readonly string[],
  options: { out: string; json?: boolean },
): void {
  const report = refusing([SelectionError], () =>
    mergeCampaigns({
      dirs,
      out: options.out,
      root: projectPath(),
      verdicts: (target) => verdictsPath(undefined, target),
    }),
  );
  printFigures(report, options.json);
}
