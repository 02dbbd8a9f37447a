/** The arena's files as the tests read them: results.json, and every game of games.jsonl in a list. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { forEachGame, type ArenaResults } from "../../arena/results.js";
import type { GameEntry } from "../../arena/model.js";

export const results = (dir: string): ArenaResults =>
  JSON.parse(readFileSync(join(dir, "results.json"), "utf8")) as ArenaResults;

/** The games recorded in DIR/games.jsonl, sorted by index. */
export function games(dir: string): GameEntry[] {
  const all: GameEntry[] = [];
  forEachGame(dir, (g) => all.push(g));
  return all.sort((a, b) => a.index - b.index);
}
