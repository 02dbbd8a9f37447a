/** `piskasm diff`'s options: their declarations and their validation into the settings of one run. */
import { randomInt } from "node:crypto";
import type { Command } from "commander";
import { DEFAULT_POLICY, isPlannedPolicy, policyChoices, policyHelp } from "../harness/policy-registry.js";
import type { DiffRequest } from "../harness/diff-command.js";
import { DEFAULT_SHRINK_MS } from "../harness/shrink.js";
import { parseJobs, parseNonNegativeInt, parsePositiveInt, UsageError } from "./errors.js";
import {
  addBootOptions,
  bootOptions,
  parseSeed,
  parseShardOption,
  type BootCommandOptions,
} from "./harness-options.js";
import { projectPath } from "./paths.js";

export interface DiffCommandOptions extends BootCommandOptions {
  games: string;
  seed?: string;
  policy: string;
  jobs: string;
  maxMoves: string;
  out: string;
  stopOnWriteError?: boolean;
  json?: boolean;
  shard?: string;
  coverage?: boolean;
  coverageMd?: string;
  coverageLines?: string;
  shrinkMs: string;
}

/** The largest --games: game indices and the policies' seed derivation stay 32-bit. */
export const MAX_GAMES = 2 ** 31;

const POLICY_CHOICES = policyChoices().join(" or ");

export function addDiffOptions(command: Command): Command {
  command
    .option("--games <n>", `number of games, 1..${MAX_GAMES} (they alternate who starts)`, "20")
    .option(
      "--seed <s>",
      "0..65535: game i starts with Seed = (s + i) mod 65536 (typed after the game's menu key S) and the policies are seeded from s",
    )
    .option(
      "--policy <name>",
      `the human opponent: ${POLICY_CHOICES}. ${policyHelp(policyChoices())}`,
      DEFAULT_POLICY,
    )
    .option("--jobs <j>", "emulators running in parallel (worker threads)", "1")
    .option("--max-moves <n>", "abandon a game after this many computer moves", "100")
    .option(
      "--out <dir>",
      "where mismatch reports are written (JSON, with the game as .psq and .sgf beside it; created and checked before the first game)",
      "reports",
    )
    .option(
      "--stop-on-write-error",
      "stop the run when a report cannot be written (default: say so and go on)",
    )
    .option(
      "--shrink-ms <n>",
      "time budget per mismatch for shrinking it to the smallest game that still diverges (fewest human moves, " +
        "then the earliest divergence; the report keeps both games); 0: no shrinking",
      String(DEFAULT_SHRINK_MS),
    )
    .option("--json", "print one JSON object with the figures at the end")
    .option(
      "--coverage",
      "trace which basic blocks of PISKASM.COM run and which conditional jumps go both ways (INT 3 breakpoints removed " +
        "once seen; docs/architecture.md) from the menu on: a table per routine, the whole program's and the " +
        "evaluator's figures, the blocks and jumps left (in the JSON with --json)",
    )
    .option(
      "--coverage-md <file>",
      "with --coverage: also write the coverage page (docs/coverage.md, `make coverage`) with the reasons of what is left",
    )
    .option(
      "--coverage-lines <file>",
      "with --coverage: also write which source lines ran (JSON; `make coverage` puts it in the symbol map for the debugger tab)",
    )
    .option(
      "--shard <i/n>",
      "play only shard i of n of the run (i from 0; needs --seed): the run's pairs of games (one per starter) " +
        "go to the shards in turn; writes DIR/shard-i-of-n.json beside the reports for `piskasm report merge`",
    );
  return addBootOptions(command);
}

/**
 * Checks the options in the order the user reads them; the first bad one is a UsageError. Nothing is
 * made or written here: the floppy (a FreeDOS one is built) and the output checks are the run's.
 */
export function parseDiffOptions(options: DiffCommandOptions): {
  request: Omit<DiffRequest, "interruption">;
  json: boolean;
} {
  const games = parsePositiveInt(options.games, "--games", MAX_GAMES);
  const jobs = parseJobs(options.jobs);
  const maxComputerMoves = parsePositiveInt(options.maxMoves, "--max-moves");
  const shrinkMs = parseNonNegativeInt(options.shrinkMs, "--shrink-ms");
  const policy = options.policy;
  if (!isPlannedPolicy(policy)) {
    throw new UsageError(`--policy must be ${POLICY_CHOICES}, not ${JSON.stringify(policy)}`);
  }
  const fixedSeed = options.seed === undefined ? undefined : parseSeed(options.seed);
  if (options.shard !== undefined && fixedSeed === undefined)
    throw new UsageError("--shard needs --seed: every shard must plan the same games");
  const shard = parseShardOption(options.shard);
  const boot = bootOptions(options);
  const coverageMd = needsCoverage(options, options.coverageMd, "--coverage-md");
  const coverageLines = needsCoverage(options, options.coverageLines, "--coverage-lines");
  const runSeed = fixedSeed ?? randomInt(0x1_0000_0000);
  return {
    request: {
      boot,
      plan: { games, policy, runSeed, fixedSeed, maxComputerMoves, shard },
      jobs,
      out: options.out,
      stopOnWriteError: options.stopOnWriteError === true,
      shard,
      coverage: options.coverage ? { md: coverageMd, lines: coverageLines } : undefined,
      shrinkMs,
      build: projectPath("build"),
    },
    json: options.json === true,
  };
}

/** A --coverage-* file: only with --coverage (checked writable by the run, before its first game). */
function needsCoverage(
  options: DiffCommandOptions,
  value: string | undefined,
  name: string,
): string | undefined {
  if (value === undefined) return undefined;
  if (!options.coverage) throw new UsageError(`${name} needs --coverage`);
  return value;
}
