/**
 * The files the page server's static part may answer with, listed once when the server is made:
 * regular files under the root (no dot names), reached through a link only when the link stays
 * inside the root. A broken link or one out of the root is left out with one log line, never served
 * and never a reason not to start.
 */
import { readdirSync, realpathSync, statSync, type Stats } from "node:fs";
import { join, sep } from "node:path";
import { fsReason } from "../../util/files.js";

export interface ServedFile {
  abs: string;
  stats: Stats;
}

export class ServedFiles {
  /** `dev:ino` of every file served: whatever path reaches a file, it is served only if listed here. */
  private readonly ids = new Set<string>();

  constructor(
    private readonly root: string,
    log: (line: string) => void,
  ) {
    const realRoot = realpathSync(root);
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name.startsWith(".")) continue;
        const abs = join(dir, entry.name);
        let real: string;
        try {
          real = realpathSync(abs);
        } catch (error) {
          log(`piskasm serve: ${abs}: a broken link, not served (${fsReason(error)})`);
          continue;
        }
        if (real !== realRoot && !real.startsWith(realRoot + sep)) {
          log(`piskasm serve: ${abs}: a link out of the site folder (to ${real}), not served`);
          continue;
        }
        const stats = statSync(real);
        if (stats.isFile()) this.ids.add(fileId(stats));
        // A link to a folder inside the root leads to files listed on their own path: not walked twice.
        else if (stats.isDirectory() && entry.isDirectory()) walk(abs);
      }
    };
    walk(root);
  }

  /** Is the file `stats` describes (links followed) one of the files served? */
  has(stats: Stats): boolean {
    return stats.isFile() && this.ids.has(fileId(stats));
  }

  /** The served file at the URL path `path`, or undefined when there is none. */
  find(path: string): ServedFile | undefined {
    let name: string;
    try {
      name = decodeURIComponent(path);
    } catch {
      return undefined;
    }
    if (name.split("/").includes("..")) return undefined;
    const abs = join(this.root, name);
    let stats: Stats;
    try {
      stats = statSync(abs);
    } catch {
      return undefined;
    }
    return this.has(stats) ? { abs, stats } : undefined;
  }
}

function fileId(stats: Stats): string {
  return `${stats.dev}:${stats.ino}`;
}
