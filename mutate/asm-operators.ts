/**
 * The mutation operators on one line of NASM source. Each returns the line's mutated texts:
 *   jump-invert      a conditional jump to its opposite (jb -> jae)
 *   jump-neighbour   a conditional jump to its neighbour condition (jb -> jbe, jl -> jle)
 *   immediate+1/-1   an immediate operand of an instruction (a number or a constant expression)
 *   word+1/-1        an item of a dw table (score values, steps, the rules of the tables)
 *   constant+1/-1    the value of an equ
 *   remove           the instruction (or macro invocation) deleted, its label and comment kept
 * Memory operands, jump and call targets and assembler directives are left alone.
 */
export type AsmOperator =
  | "jump-invert"
  | "jump-neighbour"
  | "immediate+1"
  | "immediate-1"
  | "word+1"
  | "word-1"
  | "constant+1"
  | "constant-1"
  | "remove";

export interface LineMutation {
  operator: AsmOperator;
  text: string;
}

/** Conditional jumps paired ("jb jae, jl jge"): each of a pair maps to the other. */
export function pairs(list: string): Record<string, string> {
  const both = list.split(", ").map((pair) => pair.split(" ") as [string, string]);
  return Object.fromEntries([...both, ...both.map(([a, b]) => [b, a] as const)]);
}

/** Each jump's opposite condition; jnb and jnae, aliases of jae and jb, one way. */
const INVERSE: Readonly<Record<string, string>> = {
  ...pairs("je jne, jz jnz, jl jge, jle jg, jb jae, jbe ja, jc jnc, js jns, jo jno, jp jnp"),
  jnb: "jb",
  jnae: "jae",
};

/** Each jump's neighbour condition (one bound moved by one); the carry aliases one way. */
const NEIGHBOUR: Readonly<Record<string, string>> = {
  ...pairs("jl jle, jg jge, jb jbe, ja jae"),
  jc: "jbe",
  jnc: "ja",
  jnb: "ja",
  jnae: "jbe",
};

const REGISTERS = new Set("ax bx cx dx si di bp sp al ah bl bh cl ch dl dh cs ds es ss".split(" "));
const NO_IMMEDIATES = /^(j[a-z]+|call|loop[a-z]*|ret[nf]?|iret|rep[a-z]*|lock)$/;
const DIRECTIVES = /^(%|\.|db$|dw$|dd$|resb$|resw$|times$|cpu$|org$|align$|section$|bits$|incbin$)/;

/** The line split into its label (with the colon), its code and its comment (with the semicolon). */
export function splitLine(text: string): { label: string; code: string; comment: string } {
  let quote: string | undefined;
  let cut = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"' || c === "`") quote = c;
    else if (c === ";") {
      cut = i;
      break;
    }
  }
  const before = text.slice(0, cut);
  const label = /^\s*(\.{0,2}[A-Za-z_%][\w.%]*:)/.exec(before)?.[0] ?? "";
  return { label, code: before.slice(label.length), comment: text.slice(cut) };
}

/** Commas at nesting depth 0 split the operands. */
function splitOperands(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

function isImmediate(operand: string): boolean {
  const o = operand.trim().replace(/^(byte|word)\s+/i, "");
  if (o === "" || o.includes("[") || o.startsWith("'") || o.startsWith('"')) return false;
  return !REGISTERS.has(o.toLowerCase());
}

/** `head operands comment` with operand `k` replaced by `(operand)+1` and by `(operand)-1`. */
function bumpOperands(
  prefix: string,
  operands: string[],
  suffix: string,
  pick: (operand: string) => boolean,
  plus: AsmOperator,
  minus: AsmOperator,
): LineMutation[] {
  const out: LineMutation[] = [];
  for (const [k, operand] of operands.entries()) {
    if (!pick(operand)) continue;
    const lead = /^\s*(?:(?:byte|word)\s+)?/i.exec(operand)?.[0] ?? "";
    const value = operand.slice(lead.length).trimEnd();
    const trail = operand.slice(lead.length + value.length);
    for (const [operator, sign] of [
      [plus, "+"],
      [minus, "-"],
    ] as const) {
      const changed = operands.map((o, j) => (j === k ? `${lead}(${value})${sign}1${trail}` : o));
      out.push({ operator, text: `${prefix}${changed.join(",")}${suffix}` });
    }
  }
  return out;
}

/** Every mutation of one source line (none for comments, blank lines and directives). */
export function mutateLine(text: string): LineMutation[] {
  const { label, code, comment } = splitLine(text);
  const equ = /^(\s*[A-Za-z_]\w*\s+equ\s+)(.*?)(\s*)$/i.exec(code);
  if (equ && label === "") {
    return bumpOperands(equ[1], [equ[2]], `${equ[3]}${comment}`, () => true, "constant+1", "constant-1");
  }
  const match = /^(\s*)([A-Za-z_%][\w%]*)(.*)$/.exec(code);
  if (!match) return [];
  const [, indent, mnemonic, rest] = match;
  const word = mnemonic.toLowerCase();
  const head = `${label}${indent}${mnemonic}`;
  if (word === "dw") {
    return bumpOperands(head, splitOperands(rest), comment, (o) => o.trim() !== "", "word+1", "word-1");
  }
  if (DIRECTIVES.test(word)) return [];
  const out: LineMutation[] = [];
  const inverse = INVERSE[word];
  if (inverse) out.push({ operator: "jump-invert", text: `${label}${indent}${inverse}${rest}${comment}` });
  const neighbour = NEIGHBOUR[word];
  if (neighbour)
    out.push({ operator: "jump-neighbour", text: `${label}${indent}${neighbour}${rest}${comment}` });
  const isMacroCall = /^[A-Z_0-9]+$/.test(mnemonic);
  if (!NO_IMMEDIATES.test(word) && !isMacroCall && rest.trim() !== "") {
    out.push(...bumpOperands(head, splitOperands(rest), comment, isImmediate, "immediate+1", "immediate-1"));
  }
  const removedCode = label === "" ? "" : label;
  out.push({ operator: "remove", text: `${removedCode}${indent}${comment === "" ? "" : comment}` });
  return out;
}
