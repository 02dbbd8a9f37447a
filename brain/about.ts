/** ABOUT's answer: `key="value"` pairs separated by ", " (protocl2en.htm, ABOUT). */
import type { EngineAbout } from "../engines/engine.js";

/** Quotation marks cannot be escaped in the format: they become apostrophes; line breaks become spaces. */
function value(text: string): string {
  return text.replace(/"/g, "'").replace(/[\r\n]+/g, " ");
}

export function formatAbout(about: EngineAbout): string {
  const pairs: [string, string | undefined][] = [
    ["name", about.name],
    ["version", about.version],
    ["author", about.author],
    ["country", about.country],
    ["www", about.www],
    ["email", about.email],
  ];
  return pairs
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([key, text]) => `${key}="${value(text)}"`)
    .join(", ");
}
