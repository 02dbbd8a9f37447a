/**
 * The site's service worker, by Workbox (built into sw.js by the site builder, which gives it the
 * build's precache manifest, every file with its content revision, from workbox-build's getManifest):
 * on install it caches every file of this build, so the page works with the network off after one
 * visit, and answers the site's files from that cache alone, so offline a page always gets one whole
 * build (never a newer index.html without its script). Workbox names the caches by the worker's scope
 * and deletes only its own scope's outdated ones, so copies of the site in other folders of the host
 * keep theirs. Modules the page loads only on demand (the GIF export) are cached when first loaded.
 * A new build brings a new sw.js (its manifest changed only when a file's content did), which the
 * browser installs on the next visit, and the page says so (web/offline/offline.ts).
 */
import { cacheNames, clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { ON_DEMAND, VERSION_REQUEST, type VersionAnswer } from "./precache.js";

declare const PRECACHE_MANIFEST: PrecacheEntry[];
declare const BUILD_VERSION: string;

/** The parts of the service worker's global scope used here (the DOM library has no WebWorker types). */
interface ExtendableMessageEvent extends Event {
  readonly data: unknown;
  readonly source: { postMessage(message: unknown): void } | null;
}
interface WorkerScope {
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;

void worker.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// The folder's address is its index.html; a link's query (a share link's) never names another file.
precacheAndRoute(PRECACHE_MANIFEST, { directoryIndex: "index.html", ignoreURLParametersMatching: [/.*/] });
// A module loaded on demand is kept the first time (its name carries its content's hash), in the
// runtime cache Workbox names by this worker's scope.
registerRoute(
  ({ url }) => ON_DEMAND.test(url.pathname.split("/").pop() ?? ""),
  new CacheFirst({ cacheName: cacheNames.runtime }),
);

worker.addEventListener("message", (event) => {
  if (event.data === VERSION_REQUEST)
    event.source?.postMessage({ version: BUILD_VERSION } satisfies VersionAnswer);
});
