/**
 * The page's server as `piskasm serve` and the browser tests start it: build/web, the chosen floppy
 * as the default disk, and a menu snapshot of that floppy when one can be made.
 */
import type { Server } from "node:http";
import { join } from "node:path";
import { makeMenuSnapshot, MENU_STATE_URL } from "./menu-snapshot.js";
import { createStaticServer } from "./static-server.js";

/** The URL path the page loads its default floppy from (scripts/bundle.mjs copies it there). */
export const DEFAULT_IMAGE_URL = "/piskasm.img";

export interface PageServerOptions {
  webRoot: string;
  /** Another floppy image to serve as the default disk (absolute path). */
  image?: string;
  /** Make the menu snapshot (default true). */
  snapshot?: boolean;
}

export interface SnapshotResult {
  /** The state, empty when there is none (the page then boots the floppy itself). */
  bytes: Uint8Array;
  /** Why there is no snapshot, when there is none. */
  problem: string | undefined;
}

export interface PageServer {
  server: Server;
  /** Settles once the snapshot is made (or failed); requests for it wait until then. */
  snapshot: Promise<SnapshotResult>;
}

/** The server answers at once; the menu snapshot is made in the background. */
export function createPageServer(options: PageServerOptions): PageServer {
  const overrides = new Map<string, string>();
  if (options.image) overrides.set(DEFAULT_IMAGE_URL, options.image);
  const floppy = options.image ?? join(options.webRoot, DEFAULT_IMAGE_URL.slice(1));
  const snapshot: Promise<SnapshotResult> =
    options.snapshot === false
      ? Promise.resolve({ bytes: new Uint8Array(0), problem: "disabled" })
      : makeMenuSnapshot(options.webRoot, floppy).then(
          (bytes) => ({ bytes, problem: undefined }),
          (error: unknown) => ({ bytes: new Uint8Array(0), problem: (error instanceof Error ? error.message : String(error)).split("\n", 1)[0] }),
        );
  // An empty state tells the page "boot it yourself" without a 404 in its console.
  const generated = new Map([[MENU_STATE_URL, snapshot.then((result) => result.bytes)]]);
  const server = createStaticServer({ root: options.webRoot, overrides, generated });
  return { server, snapshot };
}
