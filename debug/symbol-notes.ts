/**
 * Notes for mismatch reports and `piskasm info`: for each differing field, where PISKASM.COM keeps
 * it and which routines and source lines write it (debug/variable-sources.ts), from the symbol map
 * `make` writes to build/piskasm.sym.json.
 */
import { readFileSync } from "node:fs";
import type { SymbolMap } from "./listing.js";
import { SymbolTable } from "./symbols.js";
import { describeVariable } from "./variable-sources.js";
import type { Diff } from "../checks/diff-types.js";

const tables = new Map<string, SymbolTable>();

function loadTable(path: string): SymbolTable {
  const table = tables.get(path) ?? new SymbolTable(JSON.parse(readFileSync(path, "utf8")) as SymbolMap);
  tables.set(path, table);
  return table;
}

/** One line per differing field that is a variable of the program; a note instead when the map is missing. */
export function fieldNotes(diffs: readonly Diff[], symbolMapPath: string): string[] {
  const fields = [...new Set(diffs.map((d) => d.field))];
  if (fields.length === 0) return [];
  let table: SymbolTable;
  try {
    table = loadTable(symbolMapPath);
  } catch (error) {
    return [
      `(no routine names: cannot read the symbol map ${symbolMapPath}: ${(error as Error).message.split("\n", 1)[0]}; \`make\` writes it)`,
    ];
  }
  return fields.flatMap((field) => describeVariable(table, field) ?? []);
}
