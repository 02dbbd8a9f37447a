/** The arena's files as the tests read them: results.json, and every game of games.jsonl in a list. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { GAMES_FILE, type ArenaResults } from "../../arena/results.js";
import type { GameEntry } from "../../arena/model.js";

export const results = (dir: string): ArenaResults =>
  JSON.parse(readFileSync(join(dir, "results.json"), "utf8")) as ArenaResults;

/** The games recorded in DIR/games.jsonl, sorted by index. */
export function games(dir: string): GameEntry[] {
  return readFileSync(join(dir, GAMES_FILE), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as GameEntry)
    .sort((a, b) => a.index - b.index);
}
