/**
 * The page's HTTP server: the bundle through sirv (its file list is read once, so nothing outside the
 * root can be named; precompressed .br/.gz files, ETag and 304), run-time files from memory, and the
 * checks sirv leaves to us: GET and HEAD only, overlong targets refused, nosniff on every answer,
 * content-hashed names cached for a year, everything else revalidated.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { lookup } from "mrmime";
import sirv from "sirv";
import { normalizeForStaticLibrary } from "./http-conditions.js";
import { sendMemoryAsset, type MemoryAsset } from "./memory-asset.js";

/** A run-time file: resolves once it exists (undefined: it cannot be had, 404); `immutable` when its URL carries its content hash. */
export interface GeneratedFile {
  asset: Promise<MemoryAsset | undefined>;
  immutable: boolean;
}

export interface StaticServerOptions {
  /** Directory served at `/` (the built bundle). */
  root: string;
  /** URL path -> file made at run time, answered instead of the bundle's file of that name (read on every request: entries may be added later). */
  generated?: ReadonlyMap<string, GeneratedFile>;
  /** Where one-line problems go (default console.error); every line is capped at LOG_LINE_MAX. */
  log?: (line: string) => void;
}

/** Longer request targets get 414; no file of the bundle comes near it. */
export const MAX_TARGET_BYTES = 2048;
/** A path segment longer than a file name can be (255 bytes on common file systems) names nothing: 404. */
export const MAX_SEGMENT_BYTES = 255;
export const LOG_LINE_MAX = 200;
export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";
const BYTES = "application/octet-stream";
/** The bundle's hashed names: esbuild's `-XXXXXXXX` (base32) and scripts/bundle.mjs's `-hhhhhhhhhh` (hex). */
const HASHED_NAME = /-(?:[A-Z2-7]{8}|[0-9a-f]{10})\.[a-z0-9]+$/;

export function createStaticServer(options: StaticServerOptions): Server {
  const generated = options.generated ?? new Map<string, GeneratedFile>();
  const log = (line: string): void => (options.log ?? console.error)(capped(line));
  const bundle = sirv(options.root, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders: (response, pathname) => {
      response.setHeader("Cache-Control", HASHED_NAME.test(pathname) ? IMMUTABLE : REVALIDATE);
      // mrmime (sirv's table) has no type for floppy images and the like: say "bytes", never nothing.
      if (/\.[^/]+$/.test(pathname) && !lookup(pathname)) response.setHeader("Content-Type", BYTES);
    },
    onNoMatch: (_request, response) => plain(response, 404, "not found"),
  });
  return createServer((request, response) => {
    response.setHeader("X-Content-Type-Options", "nosniff");
    try {
      handle(request, response);
    } catch (error) {
      fail(request, response, error);
    }
  });

  function handle(request: IncomingMessage, response: ServerResponse): void {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.setHeader("Allow", "GET, HEAD");
      return plain(response, 405, "method not allowed");
    }
    const target = request.url ?? "/";
    if (Buffer.byteLength(target) > MAX_TARGET_BYTES) return plain(response, 414, "request target too long");
    const path = target.split(/[?#]/, 1)[0];
    if (path.split("/").some((segment) => Buffer.byteLength(segment) > MAX_SEGMENT_BYTES))
      return plain(response, 404, "not found");
    const file = generated.get(path);
    if (!file) {
      normalizeForStaticLibrary(request, response, bundleFileSize(options.root, path));
      bundle(request, response);
      return;
    }
    file.asset.then(
      (asset) =>
        asset
          ? sendMemoryAsset(request, response, asset, file.immutable ? IMMUTABLE : REVALIDATE)
          : plain(response, 404, "not found"),
      (error: unknown) => fail(request, response, error),
    );
  }

  function fail(request: IncomingMessage, response: ServerResponse, error: unknown): void {
    log(`piskasm serve: ${request.url ?? "?"}: ${error instanceof Error ? error.message : String(error)}`);
    if (!response.headersSent) plain(response, 500, "internal error");
    else response.destroy();
  }
}

/** The size of the bundle's file at URL `path` (for a suffix Range), or undefined when it is not one plain file. */
function bundleFileSize(root: string, path: string): number | undefined {
  try {
    const name = decodeURIComponent(path);
    if (name.split("/").includes("..")) return undefined;
    const stat = statSync(join(root, name));
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}

/** `line` cut to LOG_LINE_MAX characters (a hostile URL must not flood the log). */
export function capped(line: string): string {
  const oneLine = line.replace(/[\r\n]+/g, " ");
  return oneLine.length <= LOG_LINE_MAX ? oneLine : `${oneLine.slice(0, LOG_LINE_MAX - 1)}…`;
}

function plain(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": REVALIDATE });
  response.end(`${status} ${message}\n`);
}
