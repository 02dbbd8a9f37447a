/**
 * The NASM source around CS:IP: the current line marked, with its file, line number and routine. When
 * the symbol map carries the campaign's coverage (`make coverage`), each code line is marked as run
 * or not run by it.
 */
import type { SourceLine } from "../../debug/listing.js";
import type { SymbolTable, Where } from "../../debug/symbols.js";
import { el } from "../dom.js";
import { hex4 } from "./registers-view.js";

const CONTEXT_LINES = 4;

/** The lines the campaign ran and did not run, by offset. */
interface CoverageMarks {
  hit: ReadonlySet<number>;
  missed: ReadonlySet<number>;
  source: string;
}

function coverageMarks(symbols: SymbolTable): CoverageMarks | undefined {
  const coverage = symbols.map.coverage;
  return (
    coverage && { hit: new Set(coverage.hit), missed: new Set(coverage.missed), source: coverage.source }
  );
}

export class SourceView {
  readonly root = el("div", "dbg-source");
  private readonly title = el("div", "dbg-where");
  private readonly lines = el("ol", "dbg-lines");
  private marks: { symbols: SymbolTable; marks: CoverageMarks | undefined } | undefined;

  constructor() {
    this.root.append(this.title, this.lines);
  }

  render(
    symbols: SymbolTable | undefined,
    where: Where | undefined,
    segment: number | undefined,
    ip: number | undefined,
  ): void {
    if (!symbols || !where) {
      this.title.textContent =
        ip === undefined
          ? "running"
          : `CS:IP outside PISKASM.COM (${segment === undefined ? "?" : hex4(segment)}:${hex4(ip)})`;
      this.lines.replaceChildren();
      return;
    }
    this.title.textContent = `${where.routine} · ${where.file}:${where.line}${where.label !== where.routine ? ` (${where.label})` : ""}`;
    const file = symbols.map.files.indexOf(where.file);
    const code = symbols.map.lines.filter((l: SourceLine) => l.file === file).sort((a, b) => a.line - b.line);
    const at = code.findIndex((l) => l.line === where.line);
    const shown = code.slice(Math.max(0, at - CONTEXT_LINES), at + CONTEXT_LINES + 1);
    if (this.marks?.symbols !== symbols) this.marks = { symbols, marks: coverageMarks(symbols) };
    const marks = this.marks.marks;
    this.lines.title = marks ? `marked: the lines run (green) and not run (red) by ${marks.source}` : "";
    this.lines.replaceChildren(
      ...shown.map((l) => {
        const item = el(
          "li",
          l.line === where.line ? "current" : undefined,
          `${String(l.line).padStart(4)} ${hex4(l.offset)}  ${l.text}`,
        );
        item.dataset.offset = String(l.offset);
        if (marks?.hit.has(l.offset)) item.classList.add("covered");
        else if (marks?.missed.has(l.offset)) item.classList.add("uncovered");
        return item;
      }),
    );
  }
}
