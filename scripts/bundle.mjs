// Bundles the TypeScript entry points with esbuild.
//   node scripts/bundle.mjs cli  -> build/cli.mjs (Node, npm packages left external)
//   node scripts/bundle.mjs web  -> build/web/ (browser ES module + CSS + static assets)
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync } from "node:fs";

const target = process.argv[2];

async function bundleCli() {
  // The differential runner's worker threads load build/diff-worker.mjs beside build/cli.mjs.
  await build({
    entryPoints: { cli: "cli/main.ts", "diff-worker": "harness/diff-worker.ts", "arena-worker": "arena/worker.ts" },
    outdir: "build",
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
}

// @sabaki/sgf's README: in the browser, `fs` (parseFile only) and the optional encoding detectors
// (iconv-lite, jschardet) are replaced by null; the library then falls back to UTF-8 strings.
const sabakiSgfInBrowser = {
  name: "sabaki-sgf-in-browser",
  setup(build) {
    build.onResolve({ filter: /^(fs|iconv-lite|jschardet)$/ }, (args) =>
      args.importer.includes("@sabaki/sgf") ? { path: args.path, namespace: "sgf-null" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "sgf-null" }, () => ({ contents: "module.exports = null;", loader: "js" }));
  },
};

async function bundleWeb() {
  mkdirSync("build/web", { recursive: true });
  if (!existsSync("web/main.ts")) return;
  await build({
    entryPoints: ["web/main.ts"],
    outdir: "build/web",
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    sourcemap: true,
    minify: true,
    // v86 reaches for these Node modules only when it runs under Node (guarded by typeof checks).
    external: ["crypto", "node:crypto", "fs", "node:fs/promises", "perf_hooks"],
    plugins: [sabakiSgfInBrowser],
    logLevel: "warning",
  });
  for (const f of ["index.html", "style.css"]) if (existsSync(`web/${f}`)) cpSync(`web/${f}`, `build/web/${f}`);
  copyWebAssets();
}

// The page fetches these next to index.html: v86's wasm, the BIOS files and the default floppy.
// A missing one is reported (the page then shows which file failed) but does not stop the bundle.
function copyWebAssets() {
  const assets = [
    ["node_modules/v86/build/v86.wasm", "build/web/v86.wasm"],
    ["build/bios/bios.bin", "build/web/bios.bin"],
    ["build/bios/vgabios-stdvga.bin", "build/web/vgabios-stdvga.bin"],
    ["build/piskasm.img", "build/web/piskasm.img"],
    ["build/piskasm.sym.json", "build/web/piskasm.sym.json"],
  ];
  for (const [from, to] of assets) {
    if (existsSync(from)) cpSync(from, to);
    else console.warn(`bundle web: ${from} is missing (run \`make\`); the page will report it`);
  }
}

// The symbol map of PISKASM.COM from its NASM listing (debug/listing.ts), for the debugger and reports.
async function buildSymbols() {
  await build({ entryPoints: ["debug/make-symbols.ts"], outfile: "build/make-symbols.mjs", bundle: true, platform: "node", format: "esm", target: "node20", logLevel: "warning" });
  const run = spawnSync(process.execPath, ["build/make-symbols.mjs", "build/piskasm.lst", "build/piskasm.sym.json"], { stdio: "inherit" });
  if (run.status !== 0) process.exit(1);
}

if (target === "cli") await bundleCli();
else if (target === "symbols") await buildSymbols();
else if (target === "web") await bundleWeb();
else {
  console.error("usage: node scripts/bundle.mjs cli|web|symbols");
  process.exit(2);
}
