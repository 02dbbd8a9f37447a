/** ABOUT's answer: `key="value"` pairs separated by ", " (protocl2en.htm, ABOUT). */
import { ABOUT_KEYS, type EngineAbout } from "../engines/engine.js";

/** Quotation marks cannot be escaped in the format: they become apostrophes; line breaks become spaces. */
function value(text: string): string {
  return text.replace(/"/g, "'").replace(/[\r\n]+/g, " ");
}

export function formatAbout(about: EngineAbout): string {
  return ABOUT_KEYS.flatMap((key) => {
    const text = about[key];
    return text === undefined ? [] : [`${key}="${value(text)}"`];
  }).join(", ");
}
