/**
 * The symbol map of a NASM `-f bin` program, read from its listing (`nasm -l`): every source line
 * that emits or reserves bytes with its offset and length, and every label. A listing line is
 *
 *   cols 0-5  source line number (in the file being included at that depth)
 *   cols 7-14 address, relative to the section start (the real offset adds the program's `org`)
 *   cols 16-35 the bytes (hex; `[..]` relocated words; `<res N>` or `????` reserved; a trailing `-`
 *             continues on the next line)
 *   cols 36-39 `<n> ` for a line of an %include at depth n
 *   cols 40-  the source text
 *
 * Lines at depth 1 belong to the file of the last `%include` seen at depth 0.
 */

export interface SourceLine {
  /** Offset in the program's segment (org included). */
  readonly offset: number;
  /** Bytes the line emits or reserves. */
  readonly length: number;
  /** Index into SymbolMap.files. */
  readonly file: number;
  /** 1-based line number in that file. */
  readonly line: number;
  readonly text: string;
}

export interface Label {
  /** `routine` or `routine.local`. */
  readonly name: string;
  readonly offset: number;
  readonly file: number;
  readonly line: number;
}

/**
 * Which code lines the differential campaign ran (`make coverage`): offsets of source lines whose
 * basic block ran, and of those whose block did not. Only for the program bytes it was made of.
 */
export interface LineCoverage {
  readonly hit: readonly number[];
  readonly missed: readonly number[];
  /** What made it (the command), for the page's title. */
  readonly source: string;
}

export interface SymbolMap {
  readonly program: string;
  readonly origin: number;
  readonly files: readonly string[];
  /** In address order as listed (code, then data). */
  readonly lines: readonly SourceLine[];
  readonly labels: readonly Label[];
  /** Added by `make coverage` (debug/coverage-lines.ts). */
  readonly coverage?: LineCoverage;
}

const LABEL = /^([A-Za-z_.?][\w.?@$]*):/;
const DATA_LABEL = /^([A-Za-z_][\w]*)\s+(?:resb|resw|resd|db|dw|dd|times)\b/i;
const INCLUDE = /^\s*%include\s+"([^"]+)"/i;
const ORG = /^\s*org\s+([0-9a-fx]+h?)\b/i;

/** `org`'s number: `100h`, `0x100` (Number reads it) or decimal. */
function parseNumber(text: string): number {
  return /h$/i.test(text) ? parseInt(text.slice(0, -1), 16) : Number(text);
}

function byteCount(field: string): number {
  const reserved = /<res ([0-9A-F]+)h?>/i.exec(field);
  if (reserved) return parseInt(reserved[1], 16);
  // `????` is a reserved word in an `absolute` block (resw 1): two bytes, no value.
  return field.replace(/[^0-9A-Fa-f?]/g, "").length / 2;
}

/**
 * Reads a listing. `mainFile` is the assembled file's path and `includeDir` the directory its
 * %include names are relative to (nasm -I).
 */
export function parseListing(text: string, program: string, mainFile: string, includeDir: string): SymbolMap {
  const files = [mainFile];
  const lines: SourceLine[] = [];
  const labels: Label[] = [];
  let origin = 0;
  let currentInclude = 0;
  let lastGlobal = "";
  const pendingLabels: { name: string; file: number; line: number }[] = [];
  let last: { offset: number; length: number; file: number; line: number; text: string } | undefined;
  const flush = (): void => {
    if (last && last.length > 0) lines.push(last);
    last = undefined;
  };
  for (const raw of text.split(/\r?\n/)) {
    if (raw.length < 7 || !/^\s*\d+$/.test(raw.slice(0, 6))) continue;
    const lineNo = Number(raw.slice(0, 6));
    const address = /^[0-9A-F]{8}$/.test(raw.slice(7, 15)) ? parseInt(raw.slice(7, 15), 16) : undefined;
    const bytes = raw.slice(16, 36);
    const depthMatch = /^<(\d+)>/.exec(raw.slice(36, 40));
    const depth = depthMatch ? Number(depthMatch[1]) : 0;
    const source = raw.slice(40);
    const file = depth === 0 ? 0 : currentInclude;
    if (address !== undefined && last && source.trim() === "" && last.line === lineNo && last.file === file) {
      last.length += byteCount(bytes);
      continue;
    }
    if (depth === 0) {
      const include = INCLUDE.exec(source);
      if (include) {
        files.push(`${includeDir}/${include[1]}`);
        currentInclude = files.length - 1;
      }
      const org = ORG.exec(source);
      if (org) origin = parseNumber(org[1]);
    }
    const label = LABEL.exec(source.trimStart()) ?? (source.startsWith(" ") ? null : DATA_LABEL.exec(source));
    if (label) {
      const name = label[1].startsWith(".") ? `${lastGlobal}${label[1]}` : label[1];
      if (!label[1].startsWith(".")) lastGlobal = name;
      pendingLabels.push({ name, file, line: lineNo });
    }
    if (address === undefined) continue;
    flush();
    const offset = origin + address;
    for (const p of pendingLabels) labels.push({ ...p, offset });
    pendingLabels.length = 0;
    last = { offset, length: byteCount(bytes), file, line: lineNo, text: source.trim() };
  }
  flush();
  return { program, origin, files, lines, labels };
}
