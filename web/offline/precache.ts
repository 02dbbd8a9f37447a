/**
 * What the site's service worker caches and how it answers, shared by the worker and the site builder:
 * files whose names carry their content's hash never change (cache first); the others (index.html,
 * assets.json, the symbol map, the web app manifest and icons) are asked from the network first and
 * come from the cache when the network is away.
 */

/** The list the site builder gives the service worker: the build's version and the files, relative to the site's folder. */
export interface Precache {
  version: string;
  files: string[];
}

/** The site's service worker script, at the top of the site's folder (its scope is that folder). */
export const SERVICE_WORKER_FILE = "sw.js";

/** esbuild's `-XXXXXXXX` (base32) and the bundle's `-hhhhhhhhhh` (hex) content hashes. */
const HASHED_NAME = /-(?:[A-Z2-7]{8}|[0-9a-f]{10})\.[a-z0-9]+$/;

export type Strategy = "cache-first" | "network-first";

export function strategyOf(file: string): Strategy {
  return HASHED_NAME.test(file) ? "cache-first" : "network-first";
}

/** Which files the worker caches: everything but compressed copies, source maps and the worker itself. */
export function isPrecached(file: string): boolean {
  return !/\.(br|gz|map)$/.test(file) && file !== SERVICE_WORKER_FILE && !file.startsWith(".");
}

/** The site file a URL asks for (the folder itself is index.html), or undefined outside the site's folder. */
export function siteFile(url: URL, scope: URL): string | undefined {
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return undefined;
  const file = decodeURIComponent(url.pathname.slice(scope.pathname.length));
  return file === "" ? "index.html" : file;
}
