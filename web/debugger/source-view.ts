/**
 * The NASM source around CS:IP: the current line marked, with its file, line number and routine. When
 * the symbol map carries the campaign's coverage (`make coverage`), each code line is marked as run
 * or not run by it: a glyph before the line and its colour, explained by a legend under the lines.
 * The list is a keyboard-reachable scroll region (its lines can be wider than the panel).
 */
import type { SourceLine } from "../../debug/listing.js";
import type { SymbolTable, Where } from "../../debug/symbols.js";
import { el } from "../dom.js";
import { hexDigits } from "../../util/hex.js";

const CONTEXT_LINES = 4;
/** The glyphs before a line the campaign ran, did not run, or that it says nothing of. */
const RUN_MARK = "+";
const MISSED_MARK = "−";
const NO_MARK = " ";

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
  private readonly lines = el("ol", "dbg-lines", undefined, {
    tabIndex: 0,
    ariaLabel: "Source lines around CS:IP",
  });
  private readonly legend = el("p", "dbg-legend muted", undefined, { hidden: true });
  private marks: { symbols: SymbolTable; marks: CoverageMarks | undefined } | undefined;

  constructor() {
    this.root.append(this.title, this.lines, this.legend);
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
          : `CS:IP outside PISKASM.COM (${segment === undefined ? "?" : hexDigits(segment, 4)}:${hexDigits(ip, 4)})`;
      this.lines.replaceChildren();
      this.legend.hidden = true;
      return;
    }
    this.title.textContent = `${where.routine} · ${where.file}:${where.line}${where.label !== where.routine ? ` (${where.label})` : ""}`;
    const file = symbols.map.files.indexOf(where.file);
    const code = symbols.map.lines.filter((l: SourceLine) => l.file === file).sort((a, b) => a.line - b.line);
    const at = code.findIndex((l) => l.line === where.line);
    const shown = code.slice(Math.max(0, at - CONTEXT_LINES), at + CONTEXT_LINES + 1);
    if (this.marks?.symbols !== symbols) this.marks = { symbols, marks: coverageMarks(symbols) };
    const marks = this.marks.marks;
    this.legend.hidden = !marks;
    this.legend.textContent = marks
      ? `${RUN_MARK} run, ${MISSED_MARK} not run by ${marks.source} (green and red)`
      : "";
    this.lines.replaceChildren(
      ...shown.map((l) => {
        const run = marks?.hit.has(l.offset) === true;
        const missed = !run && marks?.missed.has(l.offset) === true;
        const mark = marks ? `${run ? RUN_MARK : missed ? MISSED_MARK : NO_MARK} ` : "";
        const item = el(
          "li",
          l.line === where.line ? "current" : undefined,
          `${mark}${String(l.line).padStart(4)} ${hexDigits(l.offset, 4)}  ${l.text}`,
        );
        item.dataset.offset = String(l.offset);
        if (run) item.classList.add("covered");
        else if (missed) item.classList.add("uncovered");
        return item;
      }),
    );
  }
}
