/** `piskasm diff --coverage`: the tracer's plan from build/, and the report printed or put in the JSON. */
import { existsSync, readFileSync } from "node:fs";
import { controlFlow, type ControlFlow } from "../debug/control-flow.js";
import type { CoverageHits, CoveragePlan } from "../debug/coverage.js";
import {
  coveragePlan,
  coverageReport,
  dosProgramEntry,
  emptyHits,
  type CoverageReport,
} from "../debug/coverage-report.js";
import type { SymbolMap } from "../debug/listing.js";
import { join } from "node:path";

export interface CoverageSetup {
  map: SymbolMap;
  image: Uint8Array;
  flow: ControlFlow;
  plan: CoveragePlan;
}

/** Reads piskasm.sym.json and PISKASM.COM of the build folder (made by `make`). */
export function loadCoverageSetup(build: string): CoverageSetup {
  const symPath = join(build, "piskasm.sym.json");
  const comPath = join(build, "PISKASM.COM");
  let map: SymbolMap;
  let image: Uint8Array;
  try {
    map = JSON.parse(readFileSync(symPath, "utf8")) as SymbolMap;
    image = readFileSync(comPath);
  } catch (error) {
    const why = `--coverage needs ${symPath} and ${comPath}: run \`make\` first (${(error as Error).message})`;
    throw new Error(why, { cause: error });
  }
  const flow = controlFlow(map, image);
  // The small DOS's entry into a program run again (optional: without its listing only the first run is traced).
  const kernelListing = join(build, "kernel.lst");
  const programEntry = existsSync(kernelListing)
    ? dosProgramEntry(readFileSync(kernelListing, "utf8"))
    : undefined;
  const plan = coveragePlan(flow, image, map.origin);
  return { map, image, flow, plan: programEntry === undefined ? plan : { ...plan, programEntry } };
}

export function coverageOf(setup: CoverageSetup, hits: CoverageHits | undefined): CoverageReport {
  return coverageReport(setup.flow, hits ?? emptyHits());
}
