/**
 * What the site's service worker caches and how it answers, shared by the worker and the site builder:
 * the files the page needs (the debugger's symbol map included) when the worker installs, the
 * home-screen icons when first asked for;
 * files whose names carry their content's hash never change (cache first); the others (index.html,
 * assets.json, the symbol map, the web app manifest and icons) are asked from the network first and
 * come from the cache when the network is away.
 */

/** The lists the site builder gives the service worker (file names relative to the site's folder). */
export interface Precache {
  version: string;
  /** Cached when the worker installs: what the page needs to reach the menu and play. */
  files: string[];
  /** Cached the first time the page asks for them: what only some visits use (the home-screen icons). */
  onDemand: string[];
}

/** The page's question to its service worker: which build do you hold? */
export const VERSION_REQUEST = "piskasm:version";

/** The worker's answer to VERSION_REQUEST. */
export interface VersionAnswer {
  version: string;
}

/** The site's service worker script, at the top of the site's folder (its scope is that folder). */
export const SERVICE_WORKER_FILE = "sw.js";

/** esbuild's `-XXXXXXXX` (base32) and the bundle's `-hhhhhhhhhh` (hex) content hashes. */
const HASHED_NAME = /-(?:[A-Z2-7]{8}|[0-9a-f]{10})\.[a-z0-9]+$/;

export type Strategy = "cache-first" | "network-first";

export function strategyOf(file: string): Strategy {
  return HASHED_NAME.test(file) ? "cache-first" : "network-first";
}

export type CacheRole = "install" | "on-demand" | "never";

/** When the worker caches `file`: never the compressed copies, source maps or the worker itself. */
export function cacheRole(file: string): CacheRole {
  if (/\.(br|gz|map)$/.test(file) || file === SERVICE_WORKER_FILE || file.startsWith(".")) return "never";
  return /^icon-\d+\.png$/.test(file) ? "on-demand" : "install";
}

/** The site file a URL asks for (the folder itself is index.html), or undefined outside the site's folder. */
export function siteFile(url: URL, scope: URL): string | undefined {
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return undefined;
  const file = decodeURIComponent(url.pathname.slice(scope.pathname.length));
  return file === "" ? "index.html" : file;
}
