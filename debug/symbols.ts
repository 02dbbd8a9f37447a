/**
 * Questions asked of a symbol map: which routine and source line an offset is in, the offset of a
 * routine or of `file:line`, the next source line after an instruction. Offsets are in the program's
 * segment; the debugger relocates them by the segment the program was loaded at (the PSP's).
 */
import type { Label, SourceLine, SymbolMap } from "./listing.js";

export interface Where {
  /** The global label before the offset (the routine, or the data block). */
  routine: string;
  /** The closest label before the offset, local labels included. */
  label: string;
  file: string;
  line: number;
  text: string;
  /** Start of the source line's bytes. */
  offset: number;
  length: number;
}

/** A source line as the debugger names it: the file's name without its folders, and the line (`engine.inc:362`). */
export function shortPlace(where: Pick<Where, "file" | "line">): string {
  return `${where.file.split("/").pop()}:${where.line}`;
}

export class SymbolTable {
  private readonly code: SourceLine[];
  private readonly labels: Label[];
  private readonly byName: Map<string, number>;

  constructor(readonly map: SymbolMap) {
    this.code = [...map.lines].sort((a, b) => a.offset - b.offset);
    this.labels = [...map.labels].sort((a, b) => a.offset - b.offset);
    this.byName = new Map(map.labels.map((l) => [l.name.toLowerCase(), l.offset]));
  }

  /** The source line whose bytes hold `offset`, with its routine; undefined outside the program. */
  where(offset: number): Where | undefined {
    const line = this.lineAt(offset);
    if (!line) return undefined;
    const label = this.labelBefore(offset, false);
    const routine = this.labelBefore(offset, true);
    return {
      routine: routine?.name ?? "?",
      label: label?.name ?? "?",
      file: this.map.files[line.file],
      line: line.line,
      text: line.text,
      offset: line.offset,
      length: line.length,
    };
  }

  /** The offset of a label (`pc_move`, `update.next`) or a source line (`engine.inc:123`, `asm/piskasm.asm:175`). */
  lookup(name: string): number {
    const byLabel = this.byName.get(name.trim().toLowerCase());
    if (byLabel !== undefined) return byLabel;
    const fileLine = /^(.+):(\d+)$/.exec(name.trim());
    if (fileLine) {
      const named = (file: string): boolean => file === fileLine[1] || file.endsWith(`/${fileLine[1]}`);
      const hit = this.code.find((l) => l.line === Number(fileLine[2]) && named(this.map.files[l.file]));
      if (hit) return hit.offset;
    }
    throw new Error(
      `no routine or source line "${name}" in ${this.map.program} (give a label like pc_move or file:line like engine.inc:120)`,
    );
  }

  /** The offset of the source line after the one holding `offset` (where a call returns to). */
  nextLine(offset: number): number | undefined {
    const line = this.lineAt(offset);
    return line ? line.offset + line.length : undefined;
  }

  /** Global labels in the code, in address order, with where each ends (the next global label). */
  routines(): { name: string; start: number; end: number }[] {
    const globals = this.labels.filter((l) => !l.name.includes("."));
    return globals.map((l, i) => ({
      name: l.name,
      start: l.offset,
      end: globals[i + 1]?.offset ?? l.offset + 1,
    }));
  }

  private lineAt(offset: number): SourceLine | undefined {
    let lo = 0;
    let hi = this.code.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const l = this.code[mid];
      if (offset < l.offset) hi = mid - 1;
      else if (offset >= l.offset + l.length) lo = mid + 1;
      else return l;
    }
    return undefined;
  }

  private labelBefore(offset: number, globalOnly: boolean): Label | undefined {
    let found: Label | undefined;
    for (const l of this.labels) {
      if (l.offset > offset) break;
      if (!globalOnly || !l.name.includes(".")) found = l;
    }
    return found;
  }
}
