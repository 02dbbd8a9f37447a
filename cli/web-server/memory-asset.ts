/**
 * Files the server makes at run time (the served floppy, the menu snapshot, assets.json), kept in
 * memory with their brotli and gzip forms and a strong ETag, answered like the bundle's files.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { acceptedEncodings, noneMatch } from "./http-conditions.js";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { sha256 } from "../site/site-files.js";

export interface MemoryAsset {
  readonly type: string;
  readonly etag: string;
  readonly bytes: Uint8Array;
  readonly brotli: Uint8Array;
  readonly gzip: Uint8Array;
}

/** Fast settings: these are compressed at start-up, not at build time. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

export function memoryAsset(bytes: Uint8Array, type: string): MemoryAsset {
  return {
    type,
    etag: `"${sha256(bytes).slice(0, 32)}"`,
    bytes,
    brotli: brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
    gzip: gzipSync(bytes, { level: GZIP_LEVEL }),
  };
}

/** Answers `request` with `asset`: 304 on a matching If-None-Match, else the smallest encoding the client takes. */
export function sendMemoryAsset(
  request: IncomingMessage,
  response: ServerResponse,
  asset: MemoryAsset,
  cacheControl: string,
): void {
  response.setHeader("ETag", asset.etag);
  response.setHeader("Cache-Control", cacheControl);
  response.setHeader("Vary", "Accept-Encoding");
  if (noneMatch(request.headers["if-none-match"], asset.etag)) {
    response.writeHead(304).end();
    return;
  }
  const accepted = acceptedEncodings(request.headers["accept-encoding"]);
  const [body, encoding] = accepted.includes("br")
    ? [asset.brotli, "br"]
    : accepted.includes("gzip")
      ? [asset.gzip, "gzip"]
      : [asset.bytes, undefined];
  const headers: Record<string, string | number> = {
    "Content-Type": asset.type,
    "Content-Length": body.byteLength,
  };
  if (encoding) headers["Content-Encoding"] = encoding;
  response.writeHead(200, headers);
  response.end(request.method === "HEAD" ? undefined : body);
}
