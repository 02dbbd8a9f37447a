/**
 * The ts target: engine-ts mutated (mutate/ts-mutants.ts), each mutant bundled with the mutant's
 * worker by esbuild, played against the unmutated PISKASM.COM. The mutant is the reference's: the
 * engine-ts that the model of the program (program-ts) imports is a copy of its own with the one
 * file replaced, while the harness around it (the policies that choose the human's moves, the
 * reports) keeps the unmutated engine-ts, so that what the mutant changes shows as the reference's
 * expectation (or its failure), not as a policy that breaks. The floppy is the same for every
 * mutant, so its machine at the menu is booted once and each worker continues from that snapshot.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { build } from "esbuild";
import type { MachineSnapshot } from "../emu/types.js";
import { openSession, type BootSpec } from "../guest/boot.js";
import {
  MismatchError,
  ProgramChecker,
  ReferenceFailure,
  referenceMismatch,
  START,
  unansweredMismatch,
} from "../checks/checker.js";
import { buildReport } from "../harness/mismatch-report.js";
import type { GameSpec } from "../harness/model.js";
import { noMovesOutcome, playGame } from "../harness/runner.js";
import { emptyCost } from "../harness/stats.js";
import { Progress, type MutantJob, type MutantRun } from "./mutant-run.js";
import { mutantGames, type GamePlan } from "./campaign.js";
import { machineCheck } from "./equivalence.js";
import { sha256 } from "./hash.js";
import { engineHash, engineSources, tsProgram } from "./identity.js";
import { checkNames, pickIds } from "./select.js";
import { artifactName, describeSite } from "./site.js";
import type { PreparedMutant, TargetMutants, TargetSettings } from "./target.js";
import { distinctTsMutants, evaluatorTsMutants, OUT_OF_SCOPE, type TsMutant } from "./ts-mutants.js";

/** The esbuild namespace of the reference's own copy of engine-ts. */
const REFERENCE = "reference";

/**
 * Bundles the mutant's worker (mutate/ts-worker.ts) with `mutant`'s text in place of its file in the
 * reference's engine-ts: the engine-ts files program-ts imports, and those they import, are loaded
 * again in a namespace of their own.
 */
async function bundleMutant(root: string, mutant: TsMutant, outfile: string): Promise<void> {
  const replaced = join(root, mutant.file);
  const programTs = join(root, "program-ts");
  const engineTs = join(root, "engine-ts");
  await build({
    entryPoints: [join(root, "mutate", "ts-worker.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "error",
    plugins: [
      {
        name: "mutant",
        setup(b) {
          b.onResolve({ filter: /\.js$/ }, (args) => {
            const fromReference = args.namespace === REFERENCE || dirname(args.importer) === programTs;
            const path = resolve(args.resolveDir, args.path.replace(/\.js$/, ".ts"));
            return fromReference && dirname(path) === engineTs ? { path, namespace: REFERENCE } : undefined;
          });
          b.onLoad({ filter: /./, namespace: REFERENCE }, (args) => ({
            contents: args.path === replaced ? mutant.text : readFileSync(args.path, "utf8"),
            loader: "ts",
            resolveDir: dirname(args.path),
          }));
        },
      },
    ],
  });
}

/** The machine at the program's menu, and what the program shows and counts there. */
interface AtMenu {
  snapshot: MachineSnapshot;
  seed: number;
  phase: number;
  screen: string[];
}

async function menuSnapshot(boot: BootSpec): Promise<AtMenu> {
  const session = await openSession(boot);
  try {
    const { seed } = session.readState();
    const screen = [...session.machine.screen().lines];
    return { snapshot: await session.machine.snapshot(), seed, phase: session.phase(), screen };
  } finally {
    await session.machine.destroy();
  }
}

/** The game `spec` killed at the program's start by the reference's `failure` (the program at its menu). */
function startKill(
  spec: GameSpec,
  menu: AtMenu,
  boot: BootSpec,
  failure: ReferenceFailure,
  games: number,
): MutantRun {
  const mismatch = referenceMismatch(failure, { ply: 0, phase: menu.phase, screen: menu.screen }, START);
  const outcome = { ...noMovesOutcome(spec, menu.seed, emptyCost()), mismatch };
  return { status: "killed", games, report: buildReport(outcome, boot.dos) };
}

/**
 * A mutant whose worker fell silent: its reference looped for ever on an input (the worker's thread
 * never came back from it). job.progress names the game and its input; the game is played again on
 * the program at its menu with the unmutated reference, which agrees with the program up to there as
 * the mutant did (no mismatch came before), and that input is the mismatch: the reference did not
 * answer. A game that does not come to that input again stays a timeout, with why.
 */
async function silentRun(job: MutantJob, menu: AtMenu, silenceMs: number): Promise<MutantRun> {
  if (!job.progress) throw new Error("a silent worker's run needs its job's progress");
  const words = new Int32Array(job.progress);
  const games = words[Progress.GAMES];
  const input = words[Progress.INPUTS] - words[Progress.GAME_START];
  const spec = job.specs[games];
  const silence = `the worker was silent for ${silenceMs} ms`;
  const why = `no answer within ${silenceMs} ms (the worker's thread never came back from it)`;
  if (!spec) return { status: "timeout", games: games + 1, message: silence };
  if (input === 0)
    return games === 0
      ? startKill(spec, menu, job.boot, new ReferenceFailure(why, `at ${START}`), 1)
      : {
          status: "timeout",
          games: games + 1,
          message: `${silence}, before game ${spec.index}'s first input`,
        };
  const session = await openSession(job.boot, job.menu);
  try {
    ProgramChecker.attach(session, { settleTimeoutMs: job.boot.timeoutMs, sink: "throw" });
    // After the checker's own listener: the program has handled the input and the unmutated
    // reference agrees with it.
    let seen = 0;
    session.inputs.listen(async (event) => {
      if (++seen === input) throw new MismatchError(unansweredMismatch(session, event, why));
    });
    const outcome = await playGame(session, spec, { stepTimeoutMs: job.boot.timeoutMs });
    if (outcome.mismatch?.diffs[0]?.field !== "Reference")
      return {
        status: "timeout",
        games: games + 1,
        message: `${silence}; game ${spec.index}, played again with the unmutated reference, did not come to its input ${input}`,
      };
    return { status: "killed", games: games + 1, report: buildReport(outcome, job.boot.dos) };
  } finally {
    await session.machine.destroy();
  }
}

export function tsTarget(settings: TargetSettings, plan: GamePlan): TargetMutants {
  const { root } = settings;
  const all = evaluatorTsMutants(root);
  const available = [...new Set(all.map((m) => m.routine))];
  if (settings.routines) checkNames("--routines", "routine", settings.routines, available);
  const routines = settings.routines ?? available;
  const chosen = pickIds(
    all.filter((m) => routines.includes(m.routine)),
    settings.ids,
  );
  const { kept, dropped } = distinctTsMutants(root, chosen);
  const boot: BootSpec = {
    image: join(root, "build", "piskasm.img"),
    dos: "builtin",
    timeoutMs: settings.timeoutMs,
  };
  let menu: Promise<AtMenu> | undefined;
  const bundles = join(root, "build", "mutate-ts");
  mkdirSync(bundles, { recursive: true });
  const engine = engineSources(root);
  const floppy = readFileSync(boot.image);
  const mutants = kept.map((mutant, i): PreparedMutant => {
    // engine-ts with the mutant's file, and the PISKASM.COM it plays against (the floppy).
    const hash = sha256(engineHash(new Map(engine).set(mutant.file, mutant.text)), floppy);
    return {
      description: describeSite(mutant, hash),
      artifact: { name: artifactName(mutant.id, "ts"), contents: () => mutant.text },
      start: async (shrinkMs) => {
        menu ??= menuSnapshot(boot);
        const script = join(bundles, `m${i}-${process.pid}.mjs`);
        await bundleMutant(root, mutant, script);
        const atMenu = await menu;
        const specs = mutantGames(plan);
        const progress = new SharedArrayBuffer(Progress.WORDS * Int32Array.BYTES_PER_ELEMENT);
        return {
          script,
          shared: false,
          job: { boot, specs, shrinkMs, menu: atMenu.snapshot, progress },
          // An engine-ts that threw while it loaded: the first game's mismatch at the program's start.
          unloaded: (error) => startKill(specs[0], atMenu, boot, new ReferenceFailure(error, "to load"), 1),
          silent: (job) => silentRun(job, atMenu, settings.timeoutMs),
          done: () => rmSync(script, { force: true }),
        };
      },
    };
  });
  return {
    routines,
    program: tsProgram(root, engine),
    unbuilt: [],
    generated: chosen.length,
    dropped,
    mutants,
    prove: async (id) => {
      const mutant = kept.find((m) => m.id === id);
      return mutant && machineCheck(root, mutant, (file) => readFileSync(join(root, file), "utf8"));
    },
    outOfScope: OUT_OF_SCOPE,
  };
}
