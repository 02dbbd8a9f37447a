/** Reading a game record whose format is known only from its text (or its file name): PSQ or SGF. */
import { RecordError, type GameRecord } from "./game-record.js";
import { parsePsq } from "./psq.js";
import { parseSgf } from "./sgf.js";

export type RecordFormat = "psq" | "sgf";

/** The format of a record: by the file name's extension when it has one, else by the text. */
export function detectFormat(text: string, fileName?: string): RecordFormat {
  const ext = fileName?.toLowerCase().match(/\.(psq|sgf)$/)?.[1];
  if (ext === "psq" || ext === "sgf") return ext;
  const start = text.trimStart();
  if (start.startsWith("(")) return "sgf";
  if (start.startsWith("Piskvorky")) return "psq";
  throw new RecordError(
    `${fileName ?? "the text"} is neither SGF (starts with "(") nor PSQ (starts with "Piskvorky")`,
  );
}

export function parseRecord(text: string, fileName?: string): GameRecord {
  return detectFormat(text, fileName) === "sgf" ? parseSgf(text) : parsePsq(text);
}
