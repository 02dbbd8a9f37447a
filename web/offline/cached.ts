/**
 * A content-hashed file straight from the service worker's cache, when a worker controls the page and
 * holds it. Read here, Cache Storage hands the bytes to the page directly; through fetch() every byte
 * passes the worker's fetch handler first, three to five times slower for the 2 MB wasm on an
 * offline reload. The name's hash makes any cached copy the right one. Anything else (no worker, a
 * file it does not hold, a name without a hash) is left to fetch().
 */
import { isContentHashed } from "./precache.js";

export async function cachedResponse(url: string): Promise<Response | undefined> {
  if (!("caches" in window) || !("serviceWorker" in navigator) || !navigator.serviceWorker.controller)
    return undefined;
  const absolute = new URL(url, location.href);
  if (!isContentHashed(absolute.pathname.slice(absolute.pathname.lastIndexOf("/") + 1))) return undefined;
  try {
    return await caches.match(absolute.href);
  } catch {
    // Storage the browser refuses here (a privacy mode): fetch() through the worker still works.
    return undefined;
  }
}
