/**
 * Mutants of engine-ts, the same operators as the asm's applied with the TypeScript compiler API, one
 * syntax node per mutant, as a splice of the source text:
 *   jump-invert      a comparison to its opposite (< to >=, === to !==), the asm's inverted jump
 *   jump-neighbour   a comparison to its neighbour (< to <=, > to >=), the asm's jl/jle swap
 *   immediate+1/-1   a numeric literal (values, masks, steps, loop bounds, table words)
 *   remove           an expression statement deleted (an assignment, a call, an increment)
 * Each top-level declaration is a routine (its function or constant name). A mutant whose module
 * minifies to the original's code, or to an earlier mutant's, is dropped and counted.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import ts from "typescript";
import type { DroppedCounts } from "./asm-mutants.js";
import { pairs } from "./asm-operators.js";
import { sha256 } from "./hash.js";
import { mutantIds, type MutantSite } from "./site.js";

/** The engine-ts files of the evaluator (GetRandom, the first move, Update, the win test, CountScore, PCMove, the tables). */
export const TS_EVALUATOR_FILES = ["random.ts", "tables.ts", "axes.ts", "score.ts", "update.ts", "pcmove.ts"];

/**
 * Declarations of those files that the differential check never runs, with the modules that read them
 * (besides the tests, the testkit and each other) and why. A mutant of one cannot change a move, a score or an Info
 * word the harness compares, so the campaign does not make it (docs/mutation-ts.md lists them).
 * tests/mutate/ts-scope.test.ts checks that no other module reads them.
 */
export const OUT_OF_SCOPE: Readonly<Record<string, { readers: readonly string[]; why: string }>> = {
  CELL_POSITIONS: {
    readers: ["engine-ts/explain.ts"],
    why: "read by the page's explanation only",
  },
  tableOffset: { readers: ["engine-ts/explain.ts"], why: "called by the page's explanation only" },
  maskPattern: {
    readers: ["engine-ts/explain.ts"],
    why: "draws a window's pattern for the page's explanation only",
  },
  lonelyShortcutHolds: { readers: [], why: "the lonely shortcut's self-check, run by the unit tests only" },
  rayCells: {
    readers: ["harness/policies.ts"],
    why:
      "the engine policy's choice of the human's moves (update() walks its rays itself): both sides then get " +
      "the same moves, so no mutant of it can make them disagree",
  },
};

export type TsOperator = "jump-invert" | "jump-neighbour" | "immediate+1" | "immediate-1" | "remove";

/** original and mutated: the spliced node only changes its line's text when it fits on it. */
export interface TsMutant extends MutantSite {
  operator: TsOperator;
  /** The whole mutated file. */
  text: string;
  inMacro: false;
}

/** The comparisons by their operator's text, as the asm's conditional jumps (asm-operators.ts). */
const INVERSE = pairs("< >=, <= >, === !==");
const NEIGHBOUR = pairs("< <=, > >=");

interface Splice {
  start: number;
  end: number;
  text: string;
  operator: TsOperator;
}

function routineOf(node: ts.Node): string {
  let top: ts.Node = node;
  while (top.parent && !ts.isSourceFile(top.parent)) top = top.parent;
  if (ts.isFunctionDeclaration(top) && top.name) return top.name.text;
  if (ts.isVariableStatement(top))
    return top.declarationList.declarations.map((d) => d.name.getText()).join(",");
  if (ts.isClassDeclaration(top) && top.name) return top.name.text;
  return "(module)";
}

function splicesOf(node: ts.Node, sf: ts.SourceFile): Splice[] {
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken;
    const at = { start: op.getStart(sf), end: op.getEnd() };
    const out: Splice[] = [];
    const inverse = INVERSE[op.getText(sf)];
    if (inverse) out.push({ ...at, text: inverse, operator: "jump-invert" });
    const neighbour = NEIGHBOUR[op.getText(sf)];
    if (neighbour) out.push({ ...at, text: neighbour, operator: "jump-neighbour" });
    return out;
  }
  if (ts.isNumericLiteral(node) && !ts.isLiteralTypeNode(node.parent) && !ts.isEnumMember(node.parent)) {
    const at = { start: node.getStart(sf), end: node.getEnd() };
    return [
      { ...at, text: `(${node.text} + 1)`, operator: "immediate+1" },
      { ...at, text: `(${node.text} - 1)`, operator: "immediate-1" },
    ];
  }
  if (ts.isExpressionStatement(node))
    return [{ start: node.getStart(sf), end: node.getEnd(), text: ";", operator: "remove" }];
  return [];
}

/** Every mutant of one engine-ts file (`root` is the project). */
export function tsFileMutants(root: string, file: string): TsMutant[] {
  const path = join(root, file);
  const source = readFileSync(path, "utf8");
  const sf = ts.createSourceFile(path, source, ts.ScriptTarget.ES2022, true);
  const lines = source.split("\n");
  const out: TsMutant[] = [];
  const idOf = mutantIds();
  const visit = (node: ts.Node): void => {
    for (const s of splicesOf(node, sf)) {
      const text = source.slice(0, s.start) + s.text + source.slice(s.end);
      const line = sf.getLineAndCharacterOfPosition(s.start).line + 1;
      out.push({
        id: idOf(file, line, s.operator),
        file,
        line,
        routine: routineOf(node),
        operator: s.operator,
        original: lines[line - 1],
        mutated: text.split("\n")[line - 1],
        text,
        inMacro: false,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The mutants of the evaluator files (`root` is the project) but those of OUT_OF_SCOPE declarations. */
export function evaluatorTsMutants(root: string): TsMutant[] {
  return TS_EVALUATOR_FILES.flatMap((file) => tsFileMutants(root, `engine-ts/${file}`)).filter(
    (m) => !Object.hasOwn(OUT_OF_SCOPE, m.routine),
  );
}

const minified = (text: string): string => transformSync(text, { loader: "ts", minify: true }).code;

/** Drops mutants that minify to their file's original code or to an earlier mutant's. */
export function distinctTsMutants(
  root: string,
  mutants: readonly TsMutant[],
): { kept: TsMutant[]; dropped: DroppedCounts } {
  const dropped: DroppedCounts = { notAssembling: 0, identical: 0, duplicate: 0 };
  const originals = new Map<string, string>();
  const seen = new Set<string>();
  const kept: TsMutant[] = [];
  for (const mutant of mutants) {
    let original = originals.get(mutant.file);
    if (original === undefined) {
      original = sha256(minified(readFileSync(join(root, mutant.file), "utf8")));
      originals.set(mutant.file, original);
    }
    let code: string;
    try {
      code = sha256(minified(mutant.text));
    } catch {
      dropped.notAssembling++;
      continue;
    }
    const key = `${mutant.file}:${code}`;
    if (code === original) dropped.identical++;
    else if (seen.has(key)) dropped.duplicate++;
    else {
      seen.add(key);
      kept.push(mutant);
    }
  }
  return { kept, dropped };
}
