/**
 * Equivalence checked by machine (ts target): a surviving mutant whose module gives the original's
 * answers on every input the check can give it is equivalent, without an argument in prose. Two models:
 *
 *   tables   engine-ts/tables.ts: the differential check reads it through buildBodovani() and its
 *            constants (LAYOUT, BODOVANI_WORDS...); classify() is called with the masks 0..2^L - 1 of
 *            L = 5, 6, 7 only. Equal when every constant is the same, buildBodovani() gives the same 448
 *            words and classify the same class for every such mask.
 *   planes   engine-ts/score.ts's side scoring (sideBest, lonelyBest, windowsBest and the constants
 *            only they and axisScoreIn's last lines read): an axis score is the larger of the two sides'
 *            sideBest over the line's own, opponent and off-board planes (13 bits, bit 6 the empty scored
 *            cell). Along a line the off-board positions are a prefix and a suffix (row and column move
 *            monotonically), so every reachable line is one of the 3^(12-p-s) stone patterns of the
 *            off-board prefix p and suffix s (0..6 each): about 1.2 million lines, all compared.
 *
 * Each module is bundled by esbuild from the original file or the mutant's text, with an export added
 * for what the model calls, and imported in this process.
 */
import { join } from "node:path";
import { build } from "esbuild";
import type { TsMutant } from "./ts-mutants.js";
import { everyLine } from "./lines.js";

type Module = Record<string, unknown>;

interface Model {
  name: string;
  file: string;
  routines: ReadonlySet<string>;
  /** Appended to the module's text: exports of what the model calls. */
  exports: string;
  equal: (original: Module, mutant: Module) => boolean;
}

const call = <T>(module: Module, name: string): ((...args: number[]) => T) => {
  const f = module[name];
  if (typeof f !== "function") throw new Error(`the model's module has no function ${name}`);
  return f as (...args: number[]) => T;
};

function tablesEqual(original: Module, mutant: Module): boolean {
  for (const [name, value] of Object.entries(original))
    if (typeof value !== "function" && JSON.stringify(value) !== JSON.stringify(mutant[name])) return false;
  const [a, b] = [original, mutant].map((m) => call<Uint16Array>(m, "buildBodovani")());
  if (a.length !== b.length || a.some((word, i) => word !== b[i])) return false;
  const [ca, cb] = [original, mutant].map((m) => call<string>(m, "classify"));
  for (const length of [5, 6, 7])
    for (let mask = 0; mask < 1 << length; mask++) if (ca(length, mask) !== cb(length, mask)) return false;
  return true;
}

function planesEqual(original: Module, mutant: Module): boolean {
  const [fa, fb] = [original, mutant].map((m) => call<number>(m, "__lineScore"));
  return everyLine((x, o, off) => fa(x, o, off) === fb(x, o, off));
}

const MODELS: readonly Model[] = [
  {
    name: "tables",
    file: "engine-ts/tables.ts",
    routines: new Set([
      "CLASSES",
      "CLASS_VALUES",
      "WINDOW_LENGTHS",
      "TABLE_SIZES",
      "SIDE_WORDS",
      "BODOVANI_WORDS",
      "LAYOUT",
      "LINE_DOUBLE_FOUR_MASK",
      "classify",
      "popcount",
      "buildBodovani",
    ]),
    exports: "",
    equal: tablesEqual,
  },
  {
    name: "planes",
    file: "engine-ts/score.ts",
    routines: new Set([
      "NEAR_CELLS",
      "ONE_MASK",
      "CENTRE_BIT",
      "A5,A6,A7",
      "D5,D6,D7",
      "windowsBest",
      "lonelyBest",
      "sideBest",
    ]),
    // axisScoreIn's last lines, over planes instead of a board (the model's function, not mutated).
    exports: [
      'import { buildBodovani as __build } from "./tables.js";',
      "const __table = __build();",
      "export function __lineScore(x: number, o: number, off: number): number {",
      "  const attack = sideBest(__table, x | CENTRE_BIT, o | off, A5, A6, A7);",
      "  const defence = sideBest(__table, o | CENTRE_BIT, x | off, D5, D6, D7);",
      "  return attack > defence ? attack : defence;",
      "}",
    ].join("\n"),
    equal: planesEqual,
  },
];

/** `file` (a project path) bundled with `text` in its place and `extra` appended, imported. */
async function load(root: string, file: string, text: string, extra: string): Promise<Module> {
  const path = join(root, file);
  const result = await build({
    entryPoints: [path],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "error",
    plugins: [
      {
        name: "model",
        setup(b) {
          b.onLoad({ filter: /engine-ts[\\/][\w-]+\.ts$/ }, (args) =>
            args.path === path ? { contents: `${text}\n${extra}\n`, loader: "ts" } : undefined,
          );
        },
      },
    ],
  });
  const code = result.outputFiles[0].text;
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as Module;
}

/** The model that proves `mutant` equivalent (its name), or undefined: none applies, or it differs. */
export async function machineCheck(
  root: string,
  mutant: TsMutant,
  original: (file: string) => string,
): Promise<string | undefined> {
  const model = MODELS.find((m) => m.file === mutant.file && m.routines.has(mutant.routine));
  if (!model) return undefined;
  const [a, b] = await Promise.all([
    load(root, model.file, original(model.file), model.exports),
    load(root, model.file, mutant.text, model.exports),
  ]);
  try {
    return model.equal(a, b) ? model.name : undefined;
  } catch (error) {
    // The mutant threw where the original answered (a guard turned round): it differs. Unless the
    // original itself throws, which the comparison with itself shows (and throws on).
    if (!model.equal(a, a)) throw new Error(`model ${model.name} differs from itself`, { cause: error });
    return undefined;
  }
}
