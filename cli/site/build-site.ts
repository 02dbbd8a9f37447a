/**
 * build/site: the page as a folder of static files any web server can host, under any sub-path: the
 * bundle (build/web), the floppy and the menu state under content-hashed names (both with their zero
 * blocks left out, util/sparse-bytes.ts: `.sparse`; the page unpacks them), assets.json naming them, the web app manifest with its icons, and the service worker that keeps it all for offline use.
 * Every file also gets .br and .gz copies for hosts that serve precompressed files.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { build as esbuild } from "esbuild";
import { getManifest } from "workbox-build";
import { ASSET_MANIFEST_URL, type AssetManifest } from "../../web/asset-manifest.js";
import { HASHED_NAME, precached, SERVICE_WORKER_FILE } from "../../web/offline/precache.js";
import { packMenuState, readBundleAssets } from "../web-server/page-server.js";
import { packSparse } from "../../util/sparse-bytes.js";
import { iconPng, iconSvg } from "./icons.js";
import { siteIndexHtml, webManifest } from "./site-html.js";
import { hashedName, readSiteInput, sha256, writeWithCompressed } from "./site-files.js";

export interface SiteOptions {
  /** The web bundle (build/web). */
  webRoot: string;
  /** The default floppy (build/piskasm.img). */
  floppy: string;
  /** The machine saved at the menu of that floppy (build/menu.state). */
  menuState: string;
  /** The folder to (re)create (build/site). */
  outDir: string;
}

export interface SiteSummary {
  files: number;
  bytes: number;
  version: string;
}

/** The service worker's source, from the project's folder (where make runs the builder). */
const SERVICE_WORKER_SOURCE = "web/offline/service-worker.ts";
const ICON_SIZES = [192, 512];
/** The bundle's pages, which get the site's head lines: the page, and its iframe entry for other sites. */
const PAGES = ["index.html", "embed.html"];
/** Above every file of the site (the wasm is about 2 MB): Workbox's default of 2 MB would leave some out. */
const MAX_PRECACHED_BYTES = 64 * 1024 * 1024;

/** Builds the site into options.outDir (deleted first) and says what it holds. */
export async function buildSite(options: SiteOptions): Promise<SiteSummary> {
  const { outDir } = options;
  const bundle = readBundleAssets(options.webRoot);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  copyBundle(options.webRoot, outDir, new Set(["bundle-assets.json", ...PAGES, bundle.floppy]));
  const floppy = packSparse(readSiteInput(options.floppy, "make image"));
  const menuState = packMenuState(readSiteInput(options.menuState, "make menu-state"), outDir, bundle);
  const manifest: AssetManifest = {
    ...bundle,
    floppy: hashedName("piskasm", ".sparse", floppy),
    menuState: hashedName("menu", ".sparse", menuState),
  };
  writeWithCompressed(outDir, manifest.floppy, floppy);
  writeWithCompressed(outDir, manifest.menuState ?? "", menuState);
  writeWithCompressed(outDir, ASSET_MANIFEST_URL, `${JSON.stringify(manifest, null, 2)}\n`);
  writeWithCompressed(outDir, "manifest.webmanifest", webManifest());
  writeWithCompressed(outDir, "icon.svg", iconSvg());
  for (const size of ICON_SIZES) writeWithCompressed(outDir, `icon-${size}.png`, iconPng(size));
  const pages = PAGES.map((name) => ({ name, html: readFileSync(join(options.webRoot, name), "utf8") }));
  const version = buildVersion(outDir, pages);
  for (const { name, html } of pages) writeWithCompressed(outDir, name, siteIndexHtml(html, version));
  writeWithCompressed(
    outDir,
    SERVICE_WORKER_FILE,
    await serviceWorker(SERVICE_WORKER_SOURCE, await precacheManifest(outDir), version),
  );
  return summary(outDir, version);
}

/** The bundle's files (with their compressed copies) but the ones the site replaces. */
function copyBundle(webRoot: string, outDir: string, replaced: ReadonlySet<string>): void {
  for (const name of readdirSync(webRoot)) {
    if (name.startsWith(".") || replaced.has(name.replace(/\.(br|gz)$/, ""))) continue;
    copyFileSync(join(webRoot, name), join(outDir, name));
  }
}

/**
 * The build's version: a hash over the names and contents of the files the worker caches and the
 * pages before the version is written into them (so a change to index.html alone is a new version too).
 */
function buildVersion(outDir: string, pages: readonly { name: string; html: string }[]): string {
  const lines = readdirSync(outDir)
    .filter(precached)
    .sort()
    .map((name) => `${name} ${sha256(readFileSync(join(outDir, name)))}`);
  const all = [...lines, ...pages.map(({ name, html }) => `${name} ${sha256(html)}`)];
  return sha256(all.join("\n")).slice(0, 10);
}

/** Every file the worker caches with its revision (none for content-hashed names: the name is one). */
async function precacheManifest(outDir: string): Promise<unknown[]> {
  const files = readdirSync(outDir).filter(precached);
  const { manifestEntries, warnings } = await getManifest({
    globDirectory: outDir,
    globPatterns: files,
    dontCacheBustURLsMatching: HASHED_NAME,
    maximumFileSizeToCacheInBytes: MAX_PRECACHED_BYTES,
  });
  if (warnings.length > 0) throw new Error(`workbox-build: ${warnings.join("; ")}`);
  if (manifestEntries?.length !== files.length)
    throw new Error(
      `workbox-build listed ${manifestEntries?.length ?? 0} of the site's ${files.length} files`,
    );
  return manifestEntries;
}

async function serviceWorker(source: string, manifest: unknown[], version: string): Promise<string> {
  if (!existsSync(source)) throw new Error(`${source} is missing`);
  const result = await esbuild({
    entryPoints: [source],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    define: { PRECACHE_MANIFEST: JSON.stringify(manifest), BUILD_VERSION: JSON.stringify(version) },
    logLevel: "warning",
  });
  return result.outputFiles[0].text;
}

function summary(outDir: string, version: string): SiteSummary {
  const names = readdirSync(outDir);
  return {
    files: names.filter((name) => !name.startsWith(".")).length,
    bytes: names.reduce((sum, name) => sum + statSync(join(outDir, name)).size, 0),
    version,
  };
}
