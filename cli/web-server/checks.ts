import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { FLOPPY_BYTES } from "../../emu/floppy.js";

/** Throws a one-line error when `dir` does not hold a built page (`manifest`: bundle-assets.json in build/web, assets.json in build/site). */
export function checkBundle(dir: string, manifest = "bundle-assets.json"): void {
  for (const name of ["index.html", manifest]) {
    if (!existsSync(join(dir, name)))
      throw new Error(`${dir} holds no built page (${name}); run \`make\` first`);
  }
}

/** Throws a one-line error unless `path` is a readable 1.44 MB floppy image. */
export function checkImage(path: string): void {
  let size: number;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw new Error(`--image ${path} is not a file`);
    size = stats.size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new Error(`--image ${path}: not found`, { cause: error });
    throw error;
  }
  if (size !== FLOPPY_BYTES)
    throw new Error(`--image ${path} has ${size} bytes; a 1.44 MB floppy image has ${FLOPPY_BYTES}`);
}
