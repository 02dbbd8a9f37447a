/** `piskasm diff`'s options: their declarations and their validation into the settings of one run. */
import { randomInt } from "node:crypto";
import type { Command } from "commander";
import { ENGINE_POLICY_NAMES, isEnginePolicyName, isPolicyName, POLICY_NAMES } from "../checks/policy-names.js";
import type { BootSpec } from "../guest/boot.js";
import type { RunPlanOptions, Shard } from "../harness/model.js";
import { parseShard } from "../harness/shard.js";
import { ensureWritableDir } from "../util/files.js";
import { parsePositiveInt, UsageError } from "./errors.js";
import { addBootOptions, bootSpec, parseSeed, type BootCommandOptions } from "./harness-options.js";

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
}

/** A run of `piskasm diff` as its checked options describe it. */
export interface DiffSettings {
  boot: BootSpec;
  plan: RunPlanOptions;
  jobs: number;
  /** Where the mismatch reports go (checked writable). */
  out: string;
  stopOnWriteError: boolean;
  json: boolean;
  shard?: Shard;
}

/** The largest --games: game indices and the policies' seed derivation stay 32-bit. */
export const MAX_GAMES = 2 ** 31;

const POLICY_CHOICES = [...POLICY_NAMES, ...ENGINE_POLICY_NAMES, "pbrain:CMD"].join(" or ");

export function addDiffOptions(command: Command): Command {
  command
    .option("--games <n>", `number of games, 1..${MAX_GAMES} (they alternate who starts)`, "20")
    .option("--seed <s>", "0..65535: game i starts with Seed = (s + i) mod 65536 (typed after the game's menu key S) and the policies are seeded from s")
    .option("--policy <name>", `the human opponent: ${POLICY_CHOICES}`, "random")
    .option("--jobs <j>", "emulators running in parallel (worker threads)", "1")
    .option("--max-moves <n>", "abandon a game after this many computer moves", "100")
    .option("--out <dir>", "where mismatch reports are written (JSON, with the game as .psq and .sgf beside it; created and checked before the first game)", "reports")
    .option("--stop-on-write-error", "stop the run when a report cannot be written (default: say so and go on)")
    .option("--json", "print one JSON object with the figures at the end")
    .option(
      "--shard <i/n>",
      "play only shard i of n of the run (i from 0; needs --seed): the run's pairs of games (one per starter) " +
        "go to the shards in turn; writes DIR/shard-i-of-n.json beside the reports for `piskasm report merge`",
    );
  return addBootOptions(command);
}

/** Checks the options in the order the user reads them; the first bad one is a UsageError. */
export function parseDiffOptions(options: DiffCommandOptions): DiffSettings {
  const games = parsePositiveInt(options.games, "--games", MAX_GAMES);
  const jobs = parsePositiveInt(options.jobs, "--jobs");
  const maxComputerMoves = parsePositiveInt(options.maxMoves, "--max-moves");
  const policy = options.policy;
  if (!isPolicyName(policy) && !isEnginePolicyName(policy)) {
    throw new UsageError(`--policy must be ${POLICY_CHOICES}, not ${JSON.stringify(policy)}`);
  }
  const fixedSeed = options.seed === undefined ? undefined : parseSeed(options.seed);
  const shard = parseShardOption(options.shard, fixedSeed);
  const boot = bootSpec(options);
  ensureWritableDir(options.out, "report directory");
  const runSeed = fixedSeed ?? randomInt(0x1_0000_0000);
  return {
    boot,
    plan: { games, policy, runSeed, fixedSeed, maxComputerMoves, shard },
    jobs,
    out: options.out,
    stopOnWriteError: options.stopOnWriteError === true,
    json: options.json === true,
    shard,
  };
}

function parseShardOption(text: string | undefined, fixedSeed: number | undefined): Shard | undefined {
  if (text === undefined) return undefined;
  if (fixedSeed === undefined) throw new UsageError("--shard needs --seed: every shard must plan the same games");
  try {
    return parseShard(text);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
