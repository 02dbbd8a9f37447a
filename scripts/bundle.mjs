// Bundles the TypeScript entry points with esbuild.
//   node scripts/bundle.mjs cli  -> build/cli.mjs (Node, npm packages left external)
//   node scripts/bundle.mjs lib  -> build/lib/machine.mjs, engine.mjs, embed.mjs (the package's exports)
//   node scripts/bundle.mjs site -> build/make-site.mjs (Node: the menu state and the static site, cli/site/)
//   node scripts/bundle.mjs web  -> build/web/ (browser ES module + CSS + static assets, content-hashed
//                                    names, .br and .gz copies, bundle-assets.json naming the assets)
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

const target = process.argv[2];

/** Node modules of our own: ESM, npm packages left external (they come from node_modules). */
const NODE_BUNDLE = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
};

async function bundleCli() {
  // The differential runner's worker threads load build/diff-worker.mjs beside build/cli.mjs.
  await build({
    ...NODE_BUNDLE,
    entryPoints: {
      cli: "cli/main.ts",
      "diff-worker": "harness/diff-worker.ts",
      "arena-worker": "arena/worker.ts",
      "mutate-worker": "mutate/worker.ts",
      // The ts target needs esbuild and typescript (dev packages): apart, so the CLI loads without them.
      "mutate-ts": "mutate/ts-target.ts",
    },
    outdir: "build",
    outExtension: { ".js": ".mjs" },
    sourcemap: true,
  });
}

// What `import "piskasm/machine"` and `"piskasm/engine"` load in an installed package (types: tsconfig.types.json).
async function bundleLib() {
  await build({
    ...NODE_BUNDLE,
    entryPoints: { machine: "emu/index.ts", engine: "engine-ts/index.ts" },
    outdir: "build/lib",
    outExtension: { ".js": ".mjs" },
    sourcemap: true,
  });
  // "piskasm/embed": mount() for pages that bundle it (web/embed/mount.ts); it runs in the browser.
  await build({
    entryPoints: { embed: "web/embed/mount.ts" },
    outdir: "build/lib",
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    sourcemap: true,
    logLevel: "warning",
  });
}

// The site builder runs in Node after the web bundle: the menu state and build/site (cli/site/main.ts).
async function bundleSiteBuilder() {
  await build({ ...NODE_BUNDLE, entryPoints: ["cli/site/main.ts"], outfile: "build/make-site.mjs" });
}

// @sabaki/sgf's README: in the browser, `fs` (parseFile only) and the optional encoding detectors
// (iconv-lite, jschardet) are replaced by null; the library then falls back to UTF-8 strings.
const sabakiSgfInBrowser = {
  name: "sabaki-sgf-in-browser",
  setup(build) {
    build.onResolve({ filter: /^(fs|iconv-lite|jschardet)$/ }, (args) =>
      args.importer.includes("@sabaki/sgf") ? { path: args.path, namespace: "sgf-null" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "sgf-null" }, () => ({
      contents: "module.exports = null;",
      loader: "js",
    }));
  },
};

async function bundleWeb() {
  mkdirSync("build/web", { recursive: true });
  if (!existsSync("web/main.ts")) return;
  // Content-hashed names (main-HASH.js, v86-HASH.wasm, ...) may be cached for ever by browsers; only
  // index.html and the server's assets.json are revalidated on each visit.
  const browserModule = {
    outdir: "build/web",
    entryNames: "[name]-[hash]",
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    sourcemap: true,
    minify: true,
    metafile: true,
    logLevel: "warning",
  };
  // The GIF export (and its encoder) is a module of its own that the page imports only when a GIF is
  // asked for; its hashed name goes into the page's script as GIF_EXPORT_MODULE. (esbuild's splitting
  // would also put its runtime helpers into a chunk the page's script loads before it can start.)
  const gif = await build({ ...browserModule, entryPoints: { "gif-export": "web/share/gif-export.ts" } });
  const gifOutputs = Object.keys(gif.metafile.outputs).map((path) => basename(path));
  const gifModule = gifOutputs.find((name) => name.endsWith(".js"));
  const result = await build({
    ...browserModule,
    entryPoints: ["web/main.ts", "web/style.css"],
    define: { GIF_EXPORT_MODULE: JSON.stringify(`./${gifModule}`) },
    // v86 reaches for these Node modules only when it runs under Node (guarded by typeof checks).
    external: ["crypto", "node:crypto", "fs", "node:fs/promises", "perf_hooks"],
    plugins: [sabakiSgfInBrowser],
  });
  const outputs = [...Object.keys(result.metafile.outputs).map((path) => basename(path)), ...gifOutputs];
  const script = outputs.find((name) => /^main-.*\.js$/.test(name));
  const style = outputs.find((name) => /^style-.*\.css$/.test(name));
  const assets = copyWebAssets();
  const html = readFileSync("web/index.html", "utf8")
    .replace('href="style.css"', `href="${style}"`)
    .replace('src="main.js"', `src="${script}"`)
    .replace("  </head>", `${PRELOAD}  </head>`);
  writeFileSync("build/web/index.html", html);
  // The iframe entry for other sites (web/embed/embed-page.ts): the same page, marked for its compact layout.
  writeFileSync("build/web/embed.html", embedHtml(html));
  writeFileSync("build/web/bundle-assets.json", `${JSON.stringify(assets, null, 2)}\n`);
  removeStale(
    new Set([...outputs, "index.html", "embed.html", "bundle-assets.json", ...Object.values(assets)]),
  );
  precompress();
}

/**
 * index.html as embed.html: `<html data-embed>` (the page's script reads it), its own title, and no
 * `autofocus` (browsers refuse it in a frame of another origin, with a console error; a dialog then
 * focuses its first control instead).
 */
function embedHtml(html) {
  const marked = html
    .replace('<html lang="en">', '<html lang="en" data-embed>')
    .replaceAll(" autofocus>", ">")
    .replace(/<title>([^<]*)<\/title>/, "<title>$1 · embedded</title>");
  if (!marked.includes("data-embed")) throw new Error('web/index.html has no <html lang="en"> to mark');
  return marked;
}

/** `name-HASH.ext`: the first 10 hex digits of the content's SHA-256. */
function hashedName(name, bytes) {
  const dot = name.lastIndexOf(".");
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
  return `${name.slice(0, dot)}-${hash}${name.slice(dot)}`;
}

// The page fetches these next to index.html: v86's wasm, the BIOS files and the default floppy (the
// server hands out the floppy it serves under its own hashed name). A missing one is reported (the
// page then shows which file failed) but does not stop the bundle.
function copyWebAssets() {
  const assets = {
    wasm: "node_modules/v86/build/v86.wasm",
    bios: "build/bios/bios.bin",
    vgaBios: "build/bios/vgabios-stdvga.bin",
    floppy: "build/piskasm.img",
    symbols: "build/piskasm.sym.json",
  };
  const names = {};
  for (const [key, from] of Object.entries(assets)) {
    if (!existsSync(from)) {
      console.warn(`bundle web: ${from} is missing (run \`make\`); the page will report it`);
      continue;
    }
    const bytes = readFileSync(from);
    // The floppy keeps its name (the server hands out the one it serves); the symbol map too (the
    // debugger fetches it by name, revalidated like index.html).
    names[key] = key === "floppy" || key === "symbols" ? basename(from) : hashedName(basename(from), bytes);
    writeFileSync(`build/web/${names[key]}`, bytes);
  }
  return names;
}

// assets.json, which the page's script fetches first (web/boot.ts), asked for while the browser still
// parses the page and its script; as the script's fetch() (same URL, CORS mode, same-origin
// credentials), so that fetch takes the response. The files it names are not preloaded: on an offline
// reload the page reads them from the service worker's cache itself (web/offline/cached.ts), which a
// preload, going through the worker, would only slow down.
const PRELOAD = '    <link rel="preload" href="assets.json" as="fetch" crossorigin />\n';

/** Files of earlier bundles (old hashes) and their compressed copies go. */
function removeStale(keep) {
  for (const name of readdirSync("build/web")) {
    const base = name.replace(/\.(br|gz)$/, "");
    if (!keep.has(base) && !(base.endsWith(".map") && keep.has(base.slice(0, -4))) && name !== ".stamp")
      rmSync(`build/web/${name}`);
  }
}

/** Brotli and gzip copies beside each file (sirv serves them to browsers that accept them). */
function precompress() {
  for (const name of readdirSync("build/web")) {
    if (/\.(br|gz|map)$|^\.stamp$/.test(name)) continue;
    const path = `build/web/${name}`;
    if (existsSync(`${path}.br`) && statSync(`${path}.br`).mtimeMs >= statSync(path).mtimeMs) continue;
    const bytes = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

// The symbol map of PISKASM.COM from its NASM listing (debug/listing.ts), for the debugger and reports,
// with the lines `make coverage` found run (build/piskasm.coverage.json, when made of the same COM).
async function buildSymbols() {
  await build({
    entryPoints: ["debug/make-symbols.ts"],
    outfile: "build/make-symbols.mjs",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
  });
  const args = [
    "build/make-symbols.mjs",
    "build/piskasm.lst",
    "build/piskasm.sym.json",
    "build/PISKASM.COM",
    "build/piskasm.coverage.json",
  ];
  const run = spawnSync(process.execPath, args, { stdio: "inherit" });
  if (run.status !== 0) process.exit(1);
}

if (target === "cli") await bundleCli();
else if (target === "symbols") await buildSymbols();
else if (target === "web") await bundleWeb();
else if (target === "site") await bundleSiteBuilder();
else if (target === "lib") await bundleLib();
else {
  console.error("usage: node scripts/bundle.mjs cli|web|symbols|site|lib");
  process.exit(2);
}
