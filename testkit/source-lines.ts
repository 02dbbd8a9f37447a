/**
 * Production lines, the figure the structure's work is measured by (bench/sizes.ts): the lines of the
 * TypeScript and JavaScript files git tracks (.ts, .mjs, .js) in the project's folders, outside the
 * folders that never ship or run in a user's command (tests/, bench/, testkit/, scripts/) and the
 * configuration files at the top level. Lines are counted as `wc -l` counts them (newlines).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The folders whose code is not production code: the tests, the benchmarks and what only they use. */
export const NOT_PRODUCTION: readonly string[] = ["tests", "bench", "testkit", "scripts"];
const SOURCE_FILE = /\.(ts|mjs|js)$/;

/** Production lines per top-level folder of the git checkout at root, folders in name order. */
export function productionLines(root: string): Map<string, number> {
  const tracked = execFileSync("git", ["ls-files", "-z"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  })
    .split("\0")
    .filter((path) => SOURCE_FILE.test(path) && path.includes("/"));
  const perFolder = new Map<string, number>();
  for (const path of tracked.sort()) {
    const folder = path.slice(0, path.indexOf("/"));
    if (NOT_PRODUCTION.includes(folder)) continue;
    const text = readFileSync(join(root, path), "utf8");
    const lines = text.split("\n").length - 1;
    perFolder.set(folder, (perFolder.get(folder) ?? 0) + lines);
  }
  return perFolder;
}
