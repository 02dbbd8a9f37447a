/** What a campaign needs from its target (asm or ts): the mutants, each ready to run in a worker. */
import type { AssemblyCache, DroppedCounts } from "./asm-mutants.js";
import type { MutantJob, MutantRun } from "./mutant-run.js";
import type { MutantDescription } from "./report.js";
import type { CampaignReporter } from "./reporter.js";

export interface MutantStart {
  /** The worker bundle that plays it. */
  script: string;
  /** The bundle plays every mutant of the campaign (asm): its worker plays the lane's next mutant too. */
  shared: boolean;
  job: MutantJob;
  /**
   * The run of a mutant whose worker could not load it (its engine-ts threw at load, ts target): the
   * mismatch of the program's start, the reference's expectation of it not formed.
   */
  unloaded?: (error: Error) => MutantRun;
  /**
   * The run of a worker that fell silent while it played `job` (its reference looped for ever, ts
   * target): the mismatch of the input it never answered, read from job.progress.
   */
  silent?: (job: MutantJob) => Promise<MutantRun>;
  /** Removes the files made for the run. */
  done: () => void;
}

export interface PreparedMutant {
  description: MutantDescription;
  /**
   * Makes what the run needs (its floppy, its bundle) with the job's shrink budget; without
   * `startChecks` the job has no start checks (the re-verification of a kill by its game alone).
   */
  start: (shrinkMs: number, startChecks: boolean) => Promise<MutantStart>;
  /** Kept beside a killing game's report, to rebuild the mutant: file name and contents (once started). */
  artifact: { name: string; contents: () => Uint8Array | string };
}

export interface TargetMutants {
  routines: string[];
  /** sha256 of the unmutated program (CampaignIdentity's program). */
  program: string;
  /** Mutants that did not build. */
  unbuilt: MutantDescription[];
  /** What was assembled (asm target), for the next --incremental campaign. */
  assembled?: AssemblyCache;
  generated: number;
  dropped: DroppedCounts;
  mutants: PreparedMutant[];
  /**
   * Checks a survivor's equivalence by machine (mutate/equivalence.ts): the name of the model that
   * proves it, or undefined.
   */
  prove?: (id: string) => Promise<string | undefined>;
  /** Declarations left unmutated because the check never runs them, with why. */
  outOfScope?: Readonly<Record<string, { readers: readonly string[]; why: string }>>;
}

/** What every target is given. */
export interface TargetSettings {
  root: string;
  /** Routines asked for (undefined: the evaluator's). */
  routines?: string[];
  /** Mutant ids asked for (undefined: all). */
  ids?: string[];
  /** At most this many mutants, evenly spread (`--limit`; undefined: all). */
  limit?: number;
  scratch: string;
  jobs: number;
  timeoutMs: number;
  reporter: CampaignReporter;
  /** Aborted by Ctrl+C and its kin: stop making mutants. */
  signal?: AbortSignal;
  /** The last campaign's assembled programs (--incremental, asm target). */
  cache?: AssemblyCache;
}
