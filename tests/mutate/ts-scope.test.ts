/** The ts campaign's scope: what it leaves unmutated is really outside the differential check. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  evaluatorTsMutants,
  OUT_OF_SCOPE,
  TS_EVALUATOR_FILES,
  tsFileMutants,
} from "../../mutate/ts-mutants.js";

const root = process.cwd();
/**
 * Modules that compare nothing between the two sides: the page's explanation and the policies (they choose the human's moves, which both sides then get alike).
 */
const NOT_CHECKING = ["engine-ts/explain.ts", "harness/policies.ts"];

/** A property's name (`{ NAME: .. }`, `x.NAME`), not a read of the declaration NAME. */
const isPropertyName = (node: ts.Identifier): boolean =>
  (ts.isPropertyAssignment(node.parent) || ts.isPropertyAccessExpression(node.parent)) &&
  node.parent.name === node;

interface Read {
  file: string;
  declaration: string;
  name: string;
}

/**
 * Every read of a declaration of `names` in `file`, outside the declarations of `names` (a re-export,
 * as engine-ts/index.ts names what the package ships, reads nothing: its importers are read instead).
 */
function readsOf(file: string, names: ReadonlySet<string>): Read[] {
  const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
  const out: Read[] = [];
  for (const top of sf.statements) {
    const declared = ts.isFunctionDeclaration(top)
      ? [top.name?.text ?? ""]
      : ts.isVariableStatement(top)
        ? top.declarationList.declarations.map((d) => d.name.getText(sf))
        : [];
    if (declared.some((n) => names.has(n)) || ts.isExportDeclaration(top)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && names.has(node.text) && !isPropertyName(node))
        out.push({ file, declaration: declared.join(",") || "(module)", name: node.text });
      ts.forEachChild(node, visit);
    };
    visit(top);
  }
  return out;
}

describe("the ts mutation campaign's scope", () => {
  const all = TS_EVALUATOR_FILES.flatMap((file) => tsFileMutants(root, `engine-ts/${file}`));

  it("names only declarations of the evaluator files, each with mutants the campaign leaves out", () => {
    const routines = new Set(all.map((m) => m.routine));
    for (const name of Object.keys(OUT_OF_SCOPE)) expect(routines, name).toContain(name);
    const kept = evaluatorTsMutants(root);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((m) => Object.hasOwn(OUT_OF_SCOPE, m.routine))).toEqual([]);
    expect(kept.length).toBeLessThan(all.length);
  });

  it("leaves out declarations read only by the tests, the testkit, each other and modules that compare nothing", () => {
    for (const { readers } of Object.values(OUT_OF_SCOPE))
      for (const reader of readers) expect(NOT_CHECKING).toContain(reader);
    const sources = execFileSync("git", ["ls-files", "*.ts"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter((f) => f !== "" && !f.startsWith("tests/") && !f.startsWith("testkit/"));
    const names = new Set(Object.keys(OUT_OF_SCOPE));
    const unexpected = sources
      .flatMap((file) => readsOf(file, names))
      .filter((r) => !OUT_OF_SCOPE[r.name].readers.includes(r.file))
      .map((r) => `${r.file}: ${r.declaration} reads ${r.name}`);
    expect(unexpected).toEqual([]);
  });
});
