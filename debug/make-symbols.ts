/**
 * `make` step: build/piskasm.lst (nasm -l) -> build/piskasm.sym.json, the symbol map the debugger
 * tab, `piskasm info` and the mismatch reports use. Run by scripts/bundle.mjs symbols. With the COM
 * file and a line-coverage file of `make coverage` (debug/coverage-lines.ts) made of the same bytes,
 * the map carries which lines the campaign ran (the debugger tab's source view marks them).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { programHash, type LineCoverageFile } from "./coverage-lines.js";
import { parseListing, type LineCoverage } from "./listing.js";

const [listing, out, com, coverageFile] = process.argv.slice(2);
if (!listing || !out) {
  console.error("usage: make-symbols LISTING OUT.json [PROGRAM.COM LINE-COVERAGE.json]");
  process.exit(2);
}

function coverageOf(): LineCoverage | undefined {
  if (!com || !coverageFile || !existsSync(coverageFile)) return undefined;
  const file = JSON.parse(readFileSync(coverageFile, "utf8")) as LineCoverageFile;
  if (file.programSha256 !== programHash(readFileSync(com))) {
    console.log(
      `${coverageFile} was made of another ${com}: the symbol map gets no coverage (make coverage again)`,
    );
    return undefined;
  }
  return { hit: file.hit, missed: file.missed, source: file.source };
}

const map = parseListing(readFileSync(listing, "utf8"), "PISKASM.COM", "asm/piskasm.asm", "asm");
const coverage = coverageOf();
writeFileSync(out, JSON.stringify(coverage ? { ...map, coverage } : map) + "\n");
console.log(
  `${out}: ${map.labels.length} labels, ${map.lines.length} source lines${coverage ? `, ${coverage.hit.length} lines covered` : ""}`,
);
