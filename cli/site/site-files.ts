/** Content-hashed names (the site builder's and the page server's), and the brotli and gzip copies static hosts may serve. */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

export function sha256(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** `stem-HASH.ext`: the first 10 hex digits of the content's SHA-256 (the bundle's own scheme). */
export function hashedName(stem: string, extension: string, bytes: Uint8Array): string {
  return `${stem}-${sha256(bytes).slice(0, 10)}${extension}`;
}

/** Writes `dir/name` with its `.br` and `.gz` copies (best compression: this runs at build time). */
export function writeWithCompressed(dir: string, name: string, bytes: Uint8Array | string): void {
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  const path = join(dir, name);
  writeFileSync(path, data);
  const params = {
    [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
  };
  writeFileSync(`${path}.br`, brotliCompressSync(data, { params }));
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
}

/** `dir/name`'s bytes; a missing file is an error that says which `make` step makes it. */
export function readSiteInput(path: string, madeBy: string): Uint8Array {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`${madeBy}\` first`);
  return new Uint8Array(readFileSync(path));
}
