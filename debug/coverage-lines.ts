/**
 * Per source line, whether the campaign ran it: the symbol map's code lines marked by their basic
 * block (a line ran when its block did). Written by `piskasm diff --coverage-lines FILE` with a hash of
 * the program's bytes, and merged into the symbol map by `make coverage` only while the program is
 * the same (debug/make-symbols.ts), so the page's source view never marks the lines of another build.
 */
import { createHash } from "node:crypto";
import type { ControlFlow } from "./control-flow.js";
import type { CoverageHits } from "./coverage.js";
import type { LineCoverage, SymbolMap } from "./listing.js";

export interface LineCoverageFile extends LineCoverage {
  format: "piskasm-line-coverage/1";
  /** SHA-256 of the COM file the blocks were cut from. */
  programSha256: string;
}

export function programHash(image: Uint8Array): string {
  return createHash("sha256").update(image).digest("hex");
}

export function lineCoverage(
  map: SymbolMap,
  flow: ControlFlow,
  hits: CoverageHits,
  image: Uint8Array,
  source: string,
): LineCoverageFile {
  const ran = new Set(hits.blocks);
  const hit: number[] = [];
  const missed: number[] = [];
  for (const line of map.lines) {
    const block = flow.blocks.find((b) => line.offset >= b.start && line.offset < b.end);
    if (block) (ran.has(block.start) ? hit : missed).push(line.offset);
  }
  return { format: "piskasm-line-coverage/1", programSha256: programHash(image), source, hit, missed };
}
