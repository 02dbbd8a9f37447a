/** Content types of the files the page's bundle holds; anything else is served as bytes. */
const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".img": "application/octet-stream",
  ".bin": "application/octet-stream",
  ".state": "application/octet-stream",
};

export const DEFAULT_TYPE = "application/octet-stream";

export function contentType(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  if (dot < 0) return DEFAULT_TYPE;
  return TYPES[fileName.slice(dot).toLowerCase()] ?? DEFAULT_TYPE;
}
