import { existsSync, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { FLOPPY_BYTES } from "../../emu/floppy.js";
import { errnoCode } from "../../util/files.js";
import { messageOf } from "../../util/error-message.js";
import { UsageError } from "../errors.js";

/** Refuses (one line, exit 2) a `dir` that holds no built page: its index.html and assets.json. */
export function checkBundle(dir: string): void {
  for (const name of ["index.html", "assets.json"]) {
    if (!existsSync(join(dir, name)))
      throw new UsageError(`${dir} holds no built page (${name}); run \`make\` first`);
  }
}

/** Refuses (one line, exit 2) a `path` that is not a readable 1.44 MB floppy image. */
export function checkImage(path: string): void {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    throw new UsageError(errnoCode(error) === "ENOENT" ? `--image ${path}: not found` : messageOf(error));
  }
  if (!stats.isFile()) throw new UsageError(`--image ${path} is not a file`);
  if (stats.size !== FLOPPY_BYTES)
    throw new UsageError(
      `--image ${path} has ${stats.size} bytes; a 1.44 MB floppy image has ${FLOPPY_BYTES}`,
    );
}
