/** The asm target: PISKASM.COM's NASM source mutated, reassembled, each mutant on its own floppy. */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { asmMutants, assembleMutant, buildMutants, type AsmMutant, type BuiltMutant } from "./asm-mutants.js";
import { evaluatorRoutines, readAsmSource, routineNames, type AsmSource } from "./asm-source.js";
import { asmProver } from "./asm-equivalence.js";
import { mutantFloppy, mutantGames, type GamePlan } from "./campaign.js";
import { sha256 } from "./hash.js";
import { checkNames, pickIds } from "./select.js";
import { artifactName, describeSite } from "./site.js";
import type { PreparedMutant, TargetMutants, TargetSettings } from "./target.js";

/**
 * The routines whose mutants also start on a PC without a PS/2 mouse: the only ones that run there
 * alone (a boot there costs about 45 s: the BIOS waits out the PS/2 time-outs twice).
 */
const NO_PS2_ROUTINES: ReadonlySet<string> = new Set(["no_mouse_exit", "has_ps2_mouse"]);

function prepared(
  mutant: BuiltMutant,
  index: number,
  settings: TargetSettings,
  plan: GamePlan,
  source: AsmSource,
): PreparedMutant {
  const files = {
    autoexec: join(settings.root, "disk", "AUTOEXEC.BAT"),
    mouse: join(settings.root, "build", "MOUSE.COM"),
    mkimg: join(settings.root, "scripts", "mkimg.sh"),
  };
  let program = mutant.program;
  return {
    description: describeSite(mutant, mutant.hash),
    artifact: {
      name: artifactName(mutant.id, "COM"),
      contents: () => {
        if (!program) throw new Error(`mutant ${mutant.id} has not been assembled`);
        return program;
      },
    },
    start: async (shrinkMs, startChecks) => {
      program ??= await assembleMutant(
        source,
        join(settings.root, "asm"),
        mutant,
        join(settings.scratch, `asm-m${index}`),
      );
      const image = mutantFloppy(settings.scratch, `m${index}`, program, files);
      // The start without a mouse driver: a floppy whose AUTOEXEC.BAT runs PISKASM alone.
      const noDriver = startChecks
        ? mutantFloppy(settings.scratch, `m${index}-nodriver`, program, {
            ...files,
            autoexec: join(settings.root, "disk", "tests", "piskasm-nomouse.bat"),
          })
        : undefined;
      const boot = { image, dos: "builtin", timeoutMs: settings.timeoutMs } as const;
      return {
        script: join(settings.root, "build", "mutate-worker.mjs"),
        shared: true,
        job: {
          boot,
          specs: mutantGames(plan),
          shrinkMs,
          starts: noDriver
            ? [
                { boot: { ...boot, image: noDriver }, mouse: "no-driver" },
                ...(NO_PS2_ROUTINES.has(mutant.routine)
                  ? [{ boot: { ...boot, ps2Mouse: false }, mouse: "no-ps2-mouse" } as const]
                  : []),
              ]
            : [],
        },
        done: () => {
          rmSync(image, { force: true });
          if (noDriver) rmSync(noDriver, { force: true });
        },
      };
    },
  };
}

/** `--routines evaluator`: the routines of engine.inc that engine-ts mirrors (asm-source.ts). */
const EVALUATOR_KEYWORD = "evaluator";

export async function asmTarget(settings: TargetSettings, plan: GamePlan): Promise<TargetMutants> {
  const asmDir = join(settings.root, "asm");
  const source = readAsmSource(asmDir);
  // The whole program by default; `evaluator` in the list stands for the evaluator's routines.
  const routines = (settings.routines ?? routineNames(source)).flatMap((name) =>
    name === EVALUATOR_KEYWORD ? evaluatorRoutines(source) : [name],
  );
  checkNames("--routines", "routine", routines, routineNames(source));
  const all: AsmMutant[] = pickIds(asmMutants(source, new Set(routines)), settings.ids);
  const spreadOver = settings.limit === undefined ? "" : ` (the ${settings.limit} spread over them)`;
  settings.reporter.log(`mutate: ${all.length} mutants of ${routines.length} routines${spreadOver}`);
  let cached = 0;
  const fromCache = (): string => `${cached} from the last campaign`;
  const bar = await settings.reporter.phase("assembling", "mutants", all.length, fromCache());
  const built = await buildMutants(source, asmDir, all, settings.scratch, {
    parallel: settings.jobs,
    limit: settings.limit,
    onProgress: (done, hit) => {
      if (hit) cached++;
      bar.update(done, { figures: fromCache() });
    },
    signal: settings.signal,
    cache: settings.cache,
  }).finally(bar.stop);
  return {
    routines,
    program: sha256(built.original),
    unbuilt: built.unbuilt,
    generated: all.length,
    dropped: built.dropped,
    mutants: built.kept.map((m, i) => prepared(m, i, settings, plan, source)),
    assembled: built.assembled,
    prove: asmProver(asmDir, source, built.kept),
  };
}
