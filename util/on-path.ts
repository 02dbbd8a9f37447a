/** The programs run by name (nasm and mtools for mutate, xdg-open for serve), looked up on the PATH. */
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** The first executable called `name` in a folder of the PATH, if any. */
export function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder of the PATH: the next one may have it.
      continue;
    }
  }
  return undefined;
}
