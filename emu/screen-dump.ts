import type { TextScreen } from "./types.js";

/** The screen as text inside a border, each row prefixed with its number, for error messages. */
export function formatScreenDump(screen: TextScreen): string {
  const rule = "   +" + "-".repeat(screen.cols) + "+";
  const rows = screen.lines.map((line, row) => `${String(row).padStart(2, " ")} |${line}|`);
  return [rule, ...rows, rule].join("\n");
}
