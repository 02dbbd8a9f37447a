/**
 * The page's side of the offline site: registers the service worker the built site names in
 * index.html (`<meta name="piskasm-service-worker">`; the page served from build/web has none) and
 * says when a new version arrived: on the first visit that runs a new build ("updated since your
 * last visit", from the build version in `<meta name="piskasm-build">`), and when a worker of another
 * build takes over while this page runs ("a new version is ready: reload"; the worker says its build).
 */
import { siteFolder } from "../site-folder.js";
import { VERSION_REQUEST, type VersionAnswer } from "./precache.js";
import { showUpdateNotice } from "./update-notice.js";
import { messageOf } from "../../util/error-message.js";

const WORKER_META = "piskasm-service-worker";
const BUILD_META = "piskasm-build";
/** localStorage key: the build version this browser ran last of this copy of the site (by its folder). */
const seenBuildKey = (): string => `piskasm.build:${siteFolder()}`;

function meta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

/** The build this browser ran before, and remembers this one; undefined on a first visit or without storage. */
function previousBuild(build: string): string | undefined {
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    // Storage blocked by the browser's settings: the page works, it just cannot compare builds.
    return undefined;
  }
  const seen = storage.getItem(seenBuildKey()) ?? undefined;
  storage.setItem(seenBuildKey(), build);
  return seen;
}

/** Starts the offline support when the page is the built site (call once, early). */
export function startOffline(): void {
  const workerUrl = meta(WORKER_META);
  const build = meta(BUILD_META);
  // Service workers exist only in secure contexts (https, or http on localhost).
  if (workerUrl === undefined || !("serviceWorker" in navigator)) return;
  if (build !== undefined) {
    const seen = previousBuild(build);
    if (seen !== undefined && seen !== build)
      showUpdateNotice(`This page was updated to a new version (${build}) since your last visit.`, false);
  }
  // A worker of another build took over while this page runs: the next load brings that build.
  navigator.serviceWorker.addEventListener("controllerchange", () =>
    navigator.serviceWorker.controller?.postMessage(VERSION_REQUEST),
  );
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<unknown>) => {
    const answer = event.data as Partial<VersionAnswer> | null;
    if (typeof answer?.version === "string" && build !== undefined && answer.version !== build) {
      showUpdateNotice("A new version of this page is ready; it starts the next time the page loads.", true);
    }
  });
  const register = (): void => {
    navigator.serviceWorker.register(workerUrl).catch((error: unknown) => {
      showUpdateNotice(`The page cannot work offline here: ${messageOf(error)}`, false);
    });
  };
  // After the load, so the worker's copies come from the HTTP cache the page has just filled.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
