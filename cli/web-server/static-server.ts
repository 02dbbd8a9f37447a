/**
 * The page's HTTP server: the bundle through sirv (precompressed .br/.gz files, ETag and 304), only
 * the files listed when the server is made (served-files.ts: nothing reached through a link out of the
 * root), run-time files from memory, and what sirv leaves to us: GET and HEAD only, overlong targets
 * refused, byte ranges and If-Range (sirv reads `bytes=0-0` as the whole file), nosniff on every
 * answer, content-hashed names cached for a year, everything else revalidated.
 */
import { createReadStream } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { lookup } from "mrmime";
import sirv from "sirv";
import { byteRange, ifRangeHolds, normalizeForStaticLibrary } from "./http-conditions.js";
import { sendMemoryAsset, type MemoryAsset } from "./memory-asset.js";
import { ServedFiles, type ServedFile } from "./served-files.js";
import { messageOf } from "../../util/error-message.js";
import { isContentHashed } from "../../web/offline/precache.js";

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

/** sirv found a file that is not one of the files served (reached through a link out of the root). */
class NotServed extends Error {
  override readonly name = "NotServed";
}

export function createStaticServer(options: StaticServerOptions): Server {
  const generated = options.generated ?? new Map<string, GeneratedFile>();
  const log = (line: string): void => (options.log ?? console.error)(capped(line));
  const files = new ServedFiles(options.root, log);
  const bundle = sirv(options.root, {
    // dev: sirv looks each file up when asked (its own list would follow every link and stop at a
    // broken one); setHeaders refuses any file not in `files`.
    dev: true,
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders: (response, pathname, stats) => {
      if (!files.has(stats)) throw new NotServed(pathname);
      response.setHeader("Cache-Control", cacheControl(pathname));
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
      if (error instanceof NotServed) plain(response, 404, "not found");
      else fail(request, response, error);
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
      if (answerRange(request, response, path)) return;
      normalizeForStaticLibrary(request, response);
      try {
        bundle(request, response);
      } catch (error) {
        if (!(error instanceof NotServed) || !request.headers["accept-encoding"]) throw error;
        // A compressed copy that is not served (a link out of the root): the file itself, if it is.
        request.headers["accept-encoding"] = "";
        bundle(request, response);
      }
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

  /** Answers a usable Range of a bundle file (true); sirv, which sends whole files only, never sees one. */
  function answerRange(request: IncomingMessage, response: ServerResponse, path: string): boolean {
    const range = request.headers.range;
    delete request.headers.range;
    const served = range === undefined ? undefined : files.find(path);
    if (range === undefined || !served || !ifRangeHolds(request.headers["if-range"], served.stats))
      return false;
    const answer = byteRange(range, served.stats.size);
    if (answer === "ignore") return false;
    if (answer === "unsatisfiable") {
      response.setHeader("Content-Range", `bytes */${served.stats.size}`);
      plain(response, 416, "range not satisfiable");
    } else sendRange(request, response, path, served, answer);
    return true;
  }

  function fail(request: IncomingMessage, response: ServerResponse, error: unknown): void {
    log(`piskasm serve: ${request.url ?? "?"}: ${messageOf(error)}`);
    if (!response.headersSent) plain(response, 500, "internal error");
    else response.destroy();
  }
}

function cacheControl(pathname: string): string {
  return isContentHashed(pathname) ? IMMUTABLE : REVALIDATE;
}

/** Bytes `start`..`end` of a bundle file (206), with the validators sirv gives the whole file. */
function sendRange(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  { abs, stats }: ServedFile,
  { start, end }: { start: number; end: number },
): void {
  response.writeHead(206, {
    "Content-Type": lookup(path) ?? BYTES,
    "Content-Range": `bytes ${start}-${end}/${stats.size}`,
    "Content-Length": end - start + 1,
    "Accept-Ranges": "bytes",
    ETag: `W/"${stats.size}-${stats.mtime.getTime()}"`,
    "Last-Modified": stats.mtime.toUTCString(),
    "Cache-Control": cacheControl(path),
  });
  if (request.method === "HEAD") {
    response.end();
    return;
  }
  createReadStream(abs, { start, end })
    .on("error", () => response.destroy())
    .pipe(response);
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
