/**
 * What the site's service worker caches, shared by the worker, the page and the site builder. The
 * worker is Workbox's (web/offline/service-worker.ts): the builder lists every file of the build with
 * its content revision (workbox-build's getManifest), and the worker answers them from its cache.
 */

/** The page's question to its service worker: which build do you hold? */
export const VERSION_REQUEST = "piskasm:version";

/** The worker's answer to VERSION_REQUEST. */
export interface VersionAnswer {
  version: string;
}

/** The site's service worker script, at the top of the site's folder (its scope is that folder). */
export const SERVICE_WORKER_FILE = "sw.js";

/** esbuild's `-XXXXXXXX` (base32) and the bundle's `-hhhhhhhhhh` (hex) content hashes: such a name is its own revision. */
export const HASHED_NAME = /-(?:[A-Z2-7]{8}|[0-9a-f]{10})\.[a-z0-9]+$/;

export function isContentHashed(file: string): boolean {
  return HASHED_NAME.test(file);
}

/**
 * Modules the page loads only when asked (the GIF export and its encoder, scripts/bundle.mjs): not
 * fetched on a first visit; the worker keeps them once they were loaded (for offline use after that).
 */
export const ON_DEMAND = /^gif-export-[A-Z2-7]{8}\.js$/;

/**
 * Whether the worker caches `file` when it installs: every file of the build but the compressed
 * copies, source maps, dotfiles, the worker itself, the modules loaded on demand and the PNG
 * home-screen icons (asked for only when the page is installed, which needs the network anyway; 7 KB
 * less on a first visit).
 */
export function precached(file: string): boolean {
  return (
    !/\.(br|gz|map)$/.test(file) &&
    !/^icon-\d+\.png$/.test(file) &&
    !ON_DEMAND.test(file) &&
    file !== SERVICE_WORKER_FILE &&
    !file.startsWith(".")
  );
}
