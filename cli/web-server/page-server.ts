/**
 * The page's server as `piskasm serve` and the browser tests start it: build/web, the chosen floppy
 * as the default disk, and a menu snapshot of that floppy when one can be made. The floppy and the
 * snapshot (packed as the static site packs it, util/sparse-bytes.ts) are served from memory under
 * content-hashed names that assets.json lists.
 */
import { existsSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import { ASSET_MANIFEST_URL, type AssetManifest, type BundleAssets } from "../../web/asset-manifest.js";
import { hashedName } from "../site/site-files.js";
import { memoryAsset, type MemoryAsset } from "./memory-asset.js";
import { makeMenuSnapshot } from "./menu-snapshot.js";
import { createStaticServer, type GeneratedFile } from "./static-server.js";
import { packSparse } from "../../util/sparse-bytes.js";
import { messageOf } from "../../util/error-message.js";

const OCTETS = "application/octet-stream";

export interface PageServerOptions {
  webRoot: string;
  /** Another floppy image to serve as the default disk (absolute path). */
  image?: string;
  /** Make the menu snapshot (default true). */
  snapshot?: boolean;
  /** Where the server's one-line problems go (default console.error). */
  log?: (line: string) => void;
}

export interface SnapshotResult {
  /** The state, empty when there is none (the page then boots the floppy itself). */
  bytes: Uint8Array;
  /** Why there is no snapshot, when there is none. */
  problem: string | undefined;
}

export interface PageServer {
  server: Server;
  /** Settles once the snapshot is made (or failed); requests for assets.json wait until then. */
  snapshot: Promise<SnapshotResult>;
}

/** The hashed names of v86.wasm and the BIOS files: build/web/bundle-assets.json, or build/site/assets.json (which names them too). */
export function readBundleAssets(webRoot: string): BundleAssets {
  const name = existsSync(join(webRoot, "bundle-assets.json")) ? "bundle-assets.json" : ASSET_MANIFEST_URL;
  return JSON.parse(readFileSync(join(webRoot, name), "utf8")) as BundleAssets;
}

/**
 * A menu state as the static site keeps it: without its zero blocks and its copies of the two BIOS
 * images (util/sparse-bytes.ts), which the page loads beside it anyway (from `root`, the bundle).
 */
export function packMenuState(state: Uint8Array, root: string, bundle: BundleAssets): Uint8Array {
  const biosFiles = [bundle.bios, bundle.vgaBios].map((name) => readFileSync(join(root, name)));
  return packSparse(state, biosFiles);
}

/** The server answers at once; the menu snapshot is made in the background. */
export function createPageServer(options: PageServerOptions): PageServer {
  const bundle = readBundleAssets(options.webRoot);
  const floppyPath = options.image ?? join(options.webRoot, bundle.floppy);
  const generated = new Map<string, GeneratedFile>();
  const floppy = readFloppy(floppyPath);
  const floppyUrl = floppy ? `/${hashedName("piskasm", ".img", floppy.bytes)}` : `/${bundle.floppy}`;
  // An unreadable floppy is a 404 under its plain name, which the page reports by name.
  generated.set(floppyUrl, { asset: Promise.resolve(floppy), immutable: floppy !== undefined });
  const snapshot: Promise<SnapshotResult> =
    options.snapshot === false
      ? Promise.resolve({ bytes: new Uint8Array(0), problem: "disabled" })
      : makeMenuSnapshot(options.webRoot, bundle, floppyPath).then(
          (bytes) => ({ bytes, problem: undefined }),
          (error: unknown) => ({
            bytes: new Uint8Array(0),
            problem: messageOf(error).split("\n", 1)[0],
          }),
        );
  const manifest = snapshot.then(({ bytes }) => {
    let menuState: string | null = null;
    if (bytes.byteLength > 0) {
      const state = memoryAsset(packMenuState(bytes, options.webRoot, bundle), OCTETS);
      menuState = `/${hashedName("menu", ".sparse", state.bytes)}`;
      generated.set(menuState, { asset: Promise.resolve(state), immutable: true });
    }
    const answer: AssetManifest = {
      ...bundle,
      floppy: floppyUrl.slice(1),
      menuState: menuState && menuState.slice(1),
    };
    return memoryAsset(new TextEncoder().encode(JSON.stringify(answer)), "application/json; charset=utf-8");
  });
  generated.set(`/${ASSET_MANIFEST_URL}`, { asset: manifest, immutable: false });
  const server = createStaticServer({ root: options.webRoot, generated, log: options.log });
  return { server, snapshot };
}

function readFloppy(path: string): MemoryAsset | undefined {
  try {
    return memoryAsset(new Uint8Array(readFileSync(path)), OCTETS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
