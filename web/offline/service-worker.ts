/**
 * The site's service worker (built into sw.js by the site builder, which defines PRECACHE): on
 * install it caches every file of this build, so the page works with the network off after one
 * visit; a new build brings a new sw.js, which the browser installs on the next visit, and the page
 * says so (web/offline/offline.ts). The caches are named by the worker's scope, so copies of the site
 * under other folders of the origin keep theirs; this copy's old builds' caches are deleted when the
 * new worker takes over. A file of the build is only ever stored by the install, so offline the page
 * always gets one build's consistent set of files (never a newer index.html without its script).
 */
import { siteFile, strategyOf, VERSION_REQUEST, type Precache, type VersionAnswer } from "./precache.js";

declare const PRECACHE: Precache;

/** The parts of the service worker's global scope used here (the DOM library has no WebWorker types). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly source: { postMessage(message: unknown): void } | null;
}
interface WorkerScope {
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
/** This copy of the site's caches: "piskasm:/games/piskasm/:" and the build's version. */
const CACHE_PREFIX = `piskasm:${new URL(worker.registration.scope).pathname}:`;
const CACHE = `${CACHE_PREFIX}${PRECACHE.version}`;
const onDemand = new Set(PRECACHE.onDemand);
const cached = new Set([...PRECACHE.files, ...onDemand]);

function scope(): URL {
  return new URL(worker.registration.scope);
}

async function install(): Promise<void> {
  const cache = await caches.open(CACHE);
  // Hashed files may come from the HTTP cache (the page has just loaded them); the others are revalidated.
  await cache.addAll(
    PRECACHE.files.map(
      (file) =>
        new Request(new URL(file, scope()), {
          cache: strategyOf(file) === "cache-first" ? "default" : "no-cache",
        }),
    ),
  );
  await worker.skipWaiting();
}

async function activate(): Promise<void> {
  for (const name of await caches.keys())
    if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
  await worker.clients.claim();
}

async function cacheFirst(file: string, request: Request): Promise<Response> {
  const hit = await caches.match(new URL(file, scope()).href, { cacheName: CACHE });
  return hit ?? fetch(request);
}

async function networkFirst(file: string, request: Request): Promise<Response> {
  const key = new URL(file, scope()).href;
  try {
    const response = await fetch(request);
    // The install's copy stays: a newer index.html cached here would name scripts this build lacks.
    if (response.ok && !response.redirected && onDemand.has(file))
      await (await caches.open(CACHE)).put(key, response.clone());
    return response;
  } catch (error) {
    const hit = await caches.match(key, { cacheName: CACHE });
    if (hit) return hit;
    throw error;
  }
}

worker.addEventListener("install", (event) => event.waitUntil(install()));
worker.addEventListener("activate", (event) => event.waitUntil(activate()));
worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const file = siteFile(new URL(request.url), scope());
  if (file === undefined || !cached.has(file)) return;
  event.respondWith(
    strategyOf(file) === "cache-first" ? cacheFirst(file, request) : networkFirst(file, request),
  );
});
worker.addEventListener("message", (event) => {
  if (event.data === VERSION_REQUEST)
    event.source?.postMessage({ version: PRECACHE.version } satisfies VersionAnswer);
});
