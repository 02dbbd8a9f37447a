/**
 * A small static file server for the page's bundle (node:http, no framework): GET and HEAD only,
 * content types by extension, nothing outside the root, optional replacement files for chosen URLs
 * (`--image` serves another floppy as the page's default disk).
 */
import { createReadStream, realpathSync, statSync, type Stats } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { join } from "node:path";
import { contentType } from "./mime.js";
import { isInside, resolveRequestPath } from "./safe-path.js";

export interface StaticServerOptions {
  /** Directory served at `/`. */
  root: string;
  /** URL path (e.g. "/piskasm.img") -> file served instead of the root's file of that name. */
  overrides?: ReadonlyMap<string, string>;
  /** URL path -> bytes made after start-up and served from memory (e.g. "/menu.state"); requests wait for them. */
  generated?: ReadonlyMap<string, Promise<Uint8Array>>;
}

export function createStaticServer(options: StaticServerOptions): Server {
  const root = realpathSync(options.root);
  const overrides = options.overrides ?? new Map<string, string>();
  const generated = options.generated ?? new Map<string, Promise<Uint8Array>>();
  return createServer((request, response) => {
    try {
      handle(root, overrides, generated, request, response);
    } catch (error) {
      console.error(`piskasm serve: ${request.url}: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) plain(response, 500, "internal error");
      else response.destroy();
    }
  });
}

function handle(
  root: string,
  overrides: ReadonlyMap<string, string>,
  generated: ReadonlyMap<string, Promise<Uint8Array>>,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.setHeader("Allow", "GET, HEAD");
    return plain(response, 405, "method not allowed");
  }
  const target = request.url ?? "/";
  const resolved = resolveRequestPath(root, target);
  if (resolved.refused) return plain(response, resolved.status, resolved.reason);
  const requestPath = target.split(/[?#]/, 1)[0];
  const pending = generated.get(requestPath);
  if (pending !== undefined) {
    pending.then(
      (bytes) => {
        response.writeHead(200, { "Content-Type": contentType(requestPath), "Content-Length": bytes.byteLength, "Cache-Control": "no-cache" });
        response.end(request.method === "HEAD" ? undefined : bytes);
      },
      (error: unknown) => {
        console.error(`piskasm serve: ${requestPath}: ${error instanceof Error ? error.message : String(error)}`);
        plain(response, 500, "could not be made");
      },
    );
    return;
  }
  const override = overrides.get(requestPath);
  const file = override ? { path: override, name: requestPath } : servedFile(root, resolved.path);
  if (!file) return plain(response, 404, "not found");
  let stats: Stats;
  try {
    stats = statSync(file.path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return plain(response, code === "ENOENT" ? 404 : 500, code === "ENOENT" ? "not found" : `cannot read: ${code}`);
  }
  response.writeHead(200, {
    "Content-Type": contentType(file.name),
    "Content-Length": stats.size,
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
  });
  if (request.method === "HEAD") {
    response.end();
    return;
  }
  const stream = createReadStream(file.path);
  stream.on("error", (error) => response.destroy(error));
  stream.pipe(response);
}

interface ServedFile {
  path: string;
  /** The name whose extension picks the content type. */
  name: string;
}

/** The file for a path inside the root (index.html for a directory), after following symlinks. */
function servedFile(root: string, path: string): ServedFile | undefined {
  let real: string;
  try {
    real = realpathSync(path);
    if (statSync(real).isDirectory()) real = realpathSync(join(real, "index.html"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
  return isInside(root, real) ? { path: real, name: real } : undefined;
}

function plain(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" });
  response.end(`${status} ${message}\n`);
}
