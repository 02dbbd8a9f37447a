/**
 * Where PISKASM.COM keeps and writes a game variable, from the symbol map: the label's own source
 * line and every instruction that names the label as its destination (`mov [Info + di], ax`, `inc
 * word [MoveCount]`, `stosw` aside), grouped by routine. `piskasm info` and the mismatch reports
 * print it beside a differing field, so a reader knows which routines to look at.
 */
import { shortPlace, type SymbolTable } from "./symbols.js";

/** The fields of the comparison (checks/diff-types.ts) that the program keeps under a label of that name. */
const VARIABLE_FIELDS = ["Plocha", "Info", "Random", "LastPC", "VolnaPole", "Phase", "MoveCount"];

/** `[Label ...]` as the first operand of an instruction that writes its first operand. */
function writes(text: string, label: string): boolean {
  const m =
    /^(mov|inc|dec|add|sub|adc|sbb|and|or|xor|not|neg|shl|shr|sal|sar|rol|ror|rcl|rcr|xchg|pop)\s+(?:byte\s+|word\s+)?\[([^\]]*)\]/i.exec(
      text,
    );
  return m !== null && new RegExp(`\\b${label}\\b`).test(m[2]);
}

/** One line like "Info (defined at asm/piskasm.asm:219) is written in update (engine.inc:131), new_board (engine.inc:480)". */
export function describeVariable(symbols: SymbolTable, field: string): string | undefined {
  if (!VARIABLE_FIELDS.includes(field)) return undefined;
  const label = field;
  let offset: number;
  try {
    offset = symbols.lookup(label);
  } catch {
    return undefined;
  }
  const home = symbols.where(offset);
  const byRoutine = new Map<string, string[]>();
  for (const line of symbols.map.lines) {
    if (!writes(line.text, label)) continue;
    const where = symbols.where(line.offset);
    if (!where) continue;
    const places = byRoutine.get(where.routine) ?? [];
    places.push(shortPlace(where));
    byRoutine.set(where.routine, places);
  }
  const writers = [...byRoutine].map(([routine, places]) => `${routine} (${places.join(", ")})`).join(", ");
  return `${field}: PISKASM.COM's ${label} at offset ${offset.toString(16).toUpperCase()}h (${home ? `${home.file}:${home.line}` : "?"}), written in ${writers || "no routine by name (string instructions or pointers)"}`;
}
