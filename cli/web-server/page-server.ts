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

export interface PageServer {
  server: Server;
  /** Why there is no snapshot, when there is none (the page then boots the floppy itself). */
  snapshotProblem: string | undefined;
  snapshotBytes: number;
}

export async function createPageServer(options: PageServerOptions): Promise<PageServer> {
  const overrides = new Map<string, string>();
  if (options.image) overrides.set(DEFAULT_IMAGE_URL, options.image);
  const generated = new Map<string, Uint8Array>();
  let snapshotProblem: string | undefined;
  let snapshotBytes = 0;
  if (options.snapshot !== false) {
    try {
      const state = await makeMenuSnapshot(options.webRoot, options.image ?? join(options.webRoot, DEFAULT_IMAGE_URL.slice(1)));
      generated.set(MENU_STATE_URL, state);
      snapshotBytes = state.byteLength;
    } catch (error) {
      snapshotProblem = (error instanceof Error ? error.message : String(error)).split("\n", 1)[0];
    }
  } else {
    snapshotProblem = "disabled";
  }
  // An empty state tells the page "boot it yourself" without a 404 in its console.
  if (!generated.has(MENU_STATE_URL)) generated.set(MENU_STATE_URL, new Uint8Array(0));
  const server = createStaticServer({ root: options.webRoot, overrides, generated });
  return { server, snapshotProblem, snapshotBytes };
}
