/**
 * The ts target: engine-ts mutated (mutate/ts-mutants.ts), each mutant bundled with the mutant's
 * worker by esbuild (the one file replaced), played against the unmutated PISKASM.COM. The floppy is
 * the same for every mutant, so its machine at the menu is booted once and each worker continues from
 * that snapshot.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import type { MachineSnapshot } from "../emu/types.js";
import { openSession, type BootSpec } from "../guest/boot.js";
import { mutantGames, type GamePlan } from "./campaign.js";
import { machineCheck } from "./equivalence.js";
import { sha256 } from "./hash.js";
import { engineHash, engineSources, tsProgram } from "./identity.js";
import { checkNames, pickIds } from "./select.js";
import type { PreparedMutant, TargetMutants, TargetSettings } from "./target.js";
import { distinctTsMutants, evaluatorTsMutants, OUT_OF_SCOPE, type TsMutant } from "./ts-mutants.js";

/** Bundles mutate/worker.ts with `mutant`'s text in place of its file. */
async function bundleMutant(root: string, mutant: TsMutant, outfile: string): Promise<void> {
  const replaced = join(root, mutant.file);
  await build({
    entryPoints: [join(root, "mutate", "worker.ts")],
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
          b.onLoad({ filter: /engine-ts[\\/][\w-]+\.ts$/ }, (args) =>
            args.path === replaced ? { contents: mutant.text, loader: "ts" } : undefined,
          );
        },
      },
    ],
  });
}

async function menuSnapshot(boot: BootSpec): Promise<MachineSnapshot> {
  const session = await openSession(boot);
  try {
    return await session.machine.snapshot();
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
  let menu: Promise<MachineSnapshot> | undefined;
  const bundles = join(root, "build", "mutate-ts");
  mkdirSync(bundles, { recursive: true });
  const engine = engineSources(root);
  const floppy = readFileSync(boot.image);
  const mutants = kept.map((mutant, i): PreparedMutant => {
    const { id, file, line, routine, operator, original, mutated, inMacro } = mutant;
    // engine-ts with the mutant's file, and the PISKASM.COM it plays against (the floppy).
    const hash = sha256(engineHash(new Map(engine).set(mutant.file, mutant.text)), floppy);
    return {
      description: { id, file, line, routine, operator, original, mutated, inMacro, hash },
      artifact: { name: `${id.replace(/[^\w.+-]/g, "_")}.ts`, contents: () => mutant.text },
      start: async (shrinkMs) => {
        menu ??= menuSnapshot(boot);
        const script = join(bundles, `m${i}-${process.pid}.mjs`);
        await bundleMutant(root, mutant, script);
        return {
          script,
          shared: false,
          job: { boot, specs: mutantGames(plan), shrinkMs, menu: await menu },
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
